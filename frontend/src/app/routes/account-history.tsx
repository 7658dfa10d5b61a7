import { useSearchParams } from 'react-router-dom';
import { OrderHistory } from '@/features/orders/components/order-history';
import '@/components/ui/page.css';

const TITLE = 'Mis pedidos';

export default function AccountHistoryRoute() {
  const [params] = useSearchParams();
  return (
    <section className="page">
      <title>{TITLE}</title>
      <h1>{TITLE}</h1>
      <OrderHistory position={params.get('position')} />
    </section>
  );
}
