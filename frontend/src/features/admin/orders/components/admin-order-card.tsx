import { orderStatusLabels } from '@tcg/domain';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { formatDate, formatMoney } from '@/lib/format';
import type { AdminOrder } from '../api/get-admin-orders';
import type { OrderAction } from '../api/change-order-status';

const SHORT_ID_LENGTH = 8;
const PENDING = 'pendiente_confirmación_pago';

const badgeTone: Record<string, string> = { [PENDING]: 'pending', confirmado: 'confirmed', anulado: 'cancelled' };

/** Spec §4 admin labels; an unknown status is shown as it came. */
function statusLabel(status: string): string {
  return (orderStatusLabels.admin as Record<string, string>)[status] ?? status;
}

const shortId = (id: string) => `#${id.slice(0, SHORT_ID_LENGTH)}`;

interface AdminOrderCardProps {
  order: AdminOrder;
  busy: boolean;
  onAction(action: OrderAction): void;
}

export function AdminOrderCard({ order, busy, onAction }: AdminOrderCardProps) {
  const card = useRef<HTMLLIElement>(null);
  const acted = useRef(false);
  const pending = order.status === PENDING;

  // Confirmed or cancelled from here: its buttons went with the focus they had. The order takes it, so a
  // keyboard user stays on it and a screen reader reads it again, new status included.
  useEffect(() => {
    if (pending || !acted.current) return;
    acted.current = false;
    card.current?.focus();
  }, [pending]);

  // aria-disabled while a change is under way, not disabled: the button keeps the focus meanwhile.
  const act = (action: OrderAction) => {
    if (busy) return;
    acted.current = true;
    onAction(action);
  };

  return (
    <li ref={card} tabIndex={-1} className="admin-order" aria-label={`Pedido ${shortId(order.id)}`}>
      <div className="admin-order__head">
        <span className="admin-order__id">Pedido {shortId(order.id)}</span>
        <span className={`admin-badge admin-badge--${badgeTone[order.status] ?? 'unknown'}`}>{statusLabel(order.status)}</span>
      </div>
      <div className="admin-order__buyer">
        <strong>{order.name}</strong>
        <a href={`mailto:${order.email}`}>{order.email}</a>
        <a href={`tel:${order.phone}`}>{order.phone}</a>
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      </div>
      <div className="admin-order__items-frame">
        <table className="admin-order__items">
          <thead>
            <tr>
              <th scope="col">Producto</th>
              <th scope="col">Cant.</th>
              <th scope="col">Precio</th>
              <th scope="col">Subtotal</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={index}>
                <td>{item.name}</td>
                <td>{item.quantity}</td>
                <td>{formatMoney(item.unitPrice)}</td>
                <td>{formatMoney(item.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="admin-order__total">{formatMoney(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="admin-order__proof">
        <a href={order.proofUrl} target="_blank" rel="noopener noreferrer">
          Ver comprobante
        </a>
        {order.sameProofOrderIds.length > 0 && (
          <span className="admin-order__duplicate" role="note">
            ⚠ Comprobante repetido en {order.sameProofOrderIds.map(shortId).join(', ')}
          </span>
        )}
      </div>
      {pending && (
        <div className="admin-order__actions">
          <Button aria-disabled={busy} onClick={() => act('confirm')}>
            Confirmar
          </Button>
          <Button variant="secondary" className="admin-order__cancel" aria-disabled={busy} onClick={() => act('cancel')}>
            Anular
          </Button>
        </div>
      )}
    </li>
  );
}
