import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
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

/** `?pendientes=1` in the page's URL, like its page: a reload or the back button keeps the filter. A tick is a navigation of its own, at page 1. */
function usePendingFilterInUrl(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const set = (on: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (on) next.set('pendientes', '1');
      else next.delete('pendientes');
      next.delete('page');
      return next;
    });
  return [params.get('pendientes') === '1', set];
}

/**
 * Spec §2 Admin orders: every order, newest first, 50 a page; pending ones can be confirmed or cancelled.
 * 'Solo pendientes' shows only those, with their count (admin QA: on a busy day the older pending orders went
 * to page 2, under the ones already dealt with).
 */
export function AdminOrdersList() {
  const [onlyPending, setOnlyPending] = usePendingFilterInUrl();
  // The box drops `?page=` in the navigation that ticks it, so Back returns to the page it left (QA: a
  // filter key here took Back to `?page=2` for a new choice, and replaced it with page 1).
  const { page, hrefFor, replacePage } = usePageInUrl();
  const orders = useAdminOrders(page, onlyPending);
  const change = useChangeOrderStatus();
  // The orders whose change is unanswered: `isPending` comes after a timer, too late for a double click's second click.
  const acting = useRef(new Set<string>());
  const answer = orders.data && { ...orders.data, items: orders.data.orders.length };
  const pastTheEnd = useLastPageInstead(answer, { page, placeholder: orders.isPlaceholderData }, replacePage);

  const filter = (
    <label className="admin-orders__filter">
      <input type="checkbox" checked={onlyPending} onChange={(event) => setOnlyPending(event.target.checked)} />
      Solo pendientes{orders.data && ` (${orders.data.pending})`}
    </label>
  );

  if (orders.isPending || pastTheEnd) {
    return (
      <>
        {filter}
        <OrdersSkeleton />
      </>
    );
  }
  if (orders.isError) {
    return (
      <>
        {filter}
        <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />
      </>
    );
  }
  if (orders.data.orders.length === 0) {
    return (
      <>
        {filter}
        <p className="admin-orders__empty">{onlyPending ? 'No hay pedidos pendientes.' : 'No hay pedidos registrados.'}</p>
      </>
    );
  }
  return (
    <>
      {filter}
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
