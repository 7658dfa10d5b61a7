import { Link } from 'react-router-dom';
import { AdminOrdersList } from '@/features/admin/orders/components/admin-orders-list';
import '@/components/ui/page.css';

const TITLE = 'Pedidos';

export default function AdminOrdersRoute() {
  return (
    <section className="page">
      <title>{TITLE}</title>
      <Link to="/admin" className="page__back">← Panel de administración</Link>
      <h1>{TITLE}</h1>
      <AdminOrdersList />
    </section>
  );
}
