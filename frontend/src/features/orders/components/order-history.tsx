import { formatUnits, messages, orderStatusLabels } from '@tcg/domain';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { NEW_TAB_NOTE_ID, NewTabMark, NewTabNote } from '@/components/ui/new-tab-note';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast/toast-provider';
import { formatDate, formatMoney } from '@/lib/format';
import { type OrderHistoryEntry, useGaveUpWaiting, useMyOrders } from '../api/get-my-orders';
import './order-history.css';

const SHORT_ID_LENGTH = 8;

const badgeTone: Record<string, string> = { pendiente_confirmación_pago: 'pending', confirmado: 'confirmed', anulado: 'cancelled' };

/** Spec §4: an unknown status is shown as it came. */
function statusLabel(status: string): string {
  return (orderStatusLabels.customer as Record<string, string>)[status] ?? status;
}

function OrderCard({ order }: { order: OrderHistoryEntry }) {
  return (
    <li className="order-card">
      <div className="order-card__head">
        {/* A heading each, so a screen reader moves from order to order. */}
        <h2 className="order-card__id">Pedido #{order.id.slice(0, SHORT_ID_LENGTH)}</h2>
        <span className={`order-badge order-badge--${badgeTone[order.status] ?? 'unknown'}`}>{statusLabel(order.status)}</span>
      </div>
      <p className="order-card__meta">
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
        <strong className="order-card__total">{formatMoney(order.total)}</strong>
      </p>
      <ul className="order-card__items">
        {order.items.map((item, index) => (
          <li key={index}>
            {item.name} × {formatUnits(item.quantity)}
          </li>
        ))}
      </ul>
      <a className="order-card__proof" href={order.proofUrl} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_NOTE_ID}>
        Ver comprobante<NewTabMark />
      </a>
    </li>
  );
}

function HistorySkeleton() {
  return (
    <ul className="order-history" aria-busy="true" aria-label="Cargando pedidos">
      {[0, 1, 2].map((key) => (
        <li key={key} className="order-card">
          <Skeleton width="40%" height="1.2rem" />
          <Skeleton width="60%" />
          <Skeleton width="80%" />
        </li>
      ))}
    </ul>
  );
}

/** The shopper's own orders, newest first (spec §2 Order history). */
export function OrderHistory({ position }: { position: string | null }) {
  const toast = useToast();
  const orders = useMyOrders(position);
  const behind = orders.data?.pages[0]?.behind ?? false;
  const gaveUp = useGaveUpWaiting(position, { behind, dataUpdatedAt: orders.dataUpdatedAt });

  useEffect(() => {
    if (orders.isError) toast.error(messages.orders.loadFailed);
  }, [orders.isError, toast]);

  if (orders.isPending) return <HistorySkeleton />;
  // A later page that failed keeps the orders shown; its toast says so and the button asks again.
  if (orders.isError && !orders.data) return <p className="error-state">{messages.orders.loadFailed}</p>;
  const list = orders.data.pages.flatMap((page) => page.orders);
  // Said, not an empty state: the order just placed is on its way to this list, which asks again meanwhile.
  const registering = behind ? (
    <div className="order-history__registering" role="status">
      {gaveUp ? (
        <>
          <p>{messages.orders.registeringLate}</p>
          <Button variant="secondary" onClick={() => void orders.refetch()}>
            Reintentar
          </Button>
        </>
      ) : (
        <p>{messages.orders.registering}</p>
      )}
    </div>
  ) : null;
  if (list.length === 0) return registering ?? <p className="order-history__empty">{messages.orders.empty}</p>;
  return (
    <>
      {registering}
      <NewTabNote />
      <ul className="order-history">
        {list.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </ul>
      {orders.hasNextPage ? (
        <Button
          variant="secondary"
          className="order-history__more"
          disabled={orders.isFetchingNextPage}
          onClick={() => void orders.fetchNextPage()}
        >
          {orders.isFetchingNextPage ? 'Cargando...' : 'Ver pedidos anteriores'}
        </Button>
      ) : null}
    </>
  );
}
