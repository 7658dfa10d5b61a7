import { Link } from 'react-router-dom';
import { StockCheckPage } from '@/features/admin/stock-check/components/stock-check-page';
import '@/components/ui/page.css';

const TITLE = 'Auditoría de stock';

export default function AdminStockCheckRoute() {
  return (
    <section className="page">
      <title>{TITLE}</title>
      <Link to="/admin" className="page__back">← Panel de administración</Link>
      <h1>{TITLE}</h1>
      <StockCheckPage />
    </section>
  );
}
