import { useLocation } from 'react-router-dom';
import { OrderHistory } from '@/features/orders/components/order-history';
import '@/components/ui/page.css';

const TITLE = 'Mis pedidos';

/** The position an order just placed was written at, kept in the history entry (a reload keeps it). */
function placedAt(state: unknown): string | null {
  const position = (state as { position?: unknown } | null)?.position;
  return typeof position === 'number' ? String(position) : null;
}

export default function AccountHistoryRoute() {
  const { state } = useLocation();
  return (
    <section className="page">
      <title>{TITLE}</title>
      <h1>{TITLE}</h1>
      <OrderHistory position={placedAt(state)} />
    </section>
  );
}
