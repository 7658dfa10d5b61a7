import { Link } from 'react-router-dom';
import { SetsPage } from '@/features/admin/sets/components/sets-page';
import '@/components/ui/page.css';

const TITLE = 'Sets';

export default function AdminSetsRoute() {
  return (
    <section className="page">
      <title>{TITLE}</title>
      <Link to="/admin" className="page__back">← Panel de administración</Link>
      <h1>{TITLE}</h1>
      <SetsPage />
    </section>
  );
}
