import { useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/error-state';
import { NewTabNote } from '@/components/ui/new-tab-note';
import { Pagination } from '@/features/catalog/components/pagination';
import { useLastPageInstead, usePageInUrl } from '../../page-in-url';
import { useChangeOrderStatus } from '../api/change-order-status';
import { useAdminOrders } from '../api/get-admin-orders';
import { AdminOrderCard } from './admin-order-card';
import './admin-orders.css';

function OrdersSkeleton() {
  return (
    <ul className="admin-orders" aria-busy="true" aria-label="Cargando pedidos">
      {[0, 1, 2].map((key) => (
        <li key={key} className="admin-order">
          <Skeleton width="40%" height="1.2rem" />
          <Skeleton width="70%" />
          <Skeleton width="90%" height="3rem" />
        </li>
      ))}
    </ul>
  );
}

export const cancelQuestion = (orderId: string) => `¿Anular el pedido #${orderId.slice(0, 8)}? Sus unidades volverán al stock.`;

/** Spec §2 Admin orders: every order, newest first, 50 a page; pending ones can be confirmed or cancelled. */
export function AdminOrdersList() {
  const { page, hrefFor, replacePage } = usePageInUrl();
  const orders = useAdminOrders(page);
  const change = useChangeOrderStatus();
  // The orders whose change is unanswered: `isPending` comes after a timer, too late for a double click's second click.
  const acting = useRef(new Set<string>());
  const answer = orders.data && { ...orders.data, items: orders.data.orders.length };
  const pastTheEnd = useLastPageInstead(answer, { page, placeholder: orders.isPlaceholderData }, replacePage);

  if (orders.isPending || pastTheEnd) return <OrdersSkeleton />;
  if (orders.isError) return <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />;
  if (orders.data.orders.length === 0) return <p className="admin-orders__empty">No hay pedidos registrados.</p>;
  return (
    <>
      <NewTabNote />
      <ul className="admin-orders">
        {orders.data.orders.map((order) => (
          <AdminOrderCard
            key={order.id}
            order={order}
            busy={change.isPending && change.variables?.orderId === order.id}
            onAction={(action) => {
              if (acting.current.has(order.id)) return;
              // Cancelling gives the stock back and cannot be undone; it sits right beside "Confirmar".
              if (action === 'cancel' && !window.confirm(cancelQuestion(order.id))) return;
              acting.current.add(order.id);
              change
                .mutateAsync({ orderId: order.id, action })
                .catch(() => undefined)
                .finally(() => acting.current.delete(order.id));
            }}
          />
        ))}
      </ul>
      <Pagination page={orders.data.page} totalPages={orders.data.totalPages} hrefFor={hrefFor} />
    </>
  );
}
