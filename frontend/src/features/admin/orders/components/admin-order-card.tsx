import { formatUnits, messages, orderStatusLabels } from '@tcg/domain';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { NEW_TAB_NOTE_ID, NewTabMark } from '@/components/ui/new-tab-note';
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

/** The orders that used the same proof: the first five as the server lists them (oldest first), then how many more (QA saw 240 ids in one line). */
const SAME_PROOF_SHOWN = 5;

function sameProofList(orderIds: readonly string[]): string {
  const shown = orderIds.slice(0, SAME_PROOF_SHOWN).map(shortId).join(', ');
  const more = orderIds.length - SAME_PROOF_SHOWN;
  return more > 0 ? `${shown} y ${more} más` : shown;
}

interface AdminOrderCardProps {
  order: AdminOrder;
  busy: boolean;
  onAction(action: OrderAction): void;
}

export function AdminOrderCard({ order, busy, onAction }: AdminOrderCardProps) {
  const card = useRef<HTMLLIElement>(null);
  const acted = useRef(false);
  const id = useId();
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
    // Described by its status: the order read again when it takes the focus says what it became.
    <li ref={card} tabIndex={-1} className="admin-order" aria-label={`Pedido ${shortId(order.id)}`} aria-describedby={`${id}-status`}>
      <div className="admin-order__head">
        <span id={`${id}-order`} className="admin-order__id">
          Pedido {shortId(order.id)}
        </span>
        <span id={`${id}-status`} className={`admin-badge admin-badge--${badgeTone[order.status] ?? 'unknown'}`}>
          {statusLabel(order.status)}
        </span>
      </div>
      <div className="admin-order__buyer">
        {/* An erased customer's order says so once, with nothing to write to or call (docs/decisions/0007). */}
        {order.name === messages.orders.erased && order.email === messages.orders.erased ? (
          <strong className="admin-order__erased">{messages.orders.erased}</strong>
        ) : (
          <>
            <strong>{order.name}</strong>
            <a href={`mailto:${order.email}`}>{order.email}</a>
            {/* The number as dialled from anywhere, and a chat: the checkout asks for it as 'WhatsApp / Celular' (admin QA). */}
            <a href={`tel:+51${order.phone}`}>{order.phone}</a>
            <a href={`https://wa.me/51${order.phone}`} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp ${order.phone}`} aria-describedby={NEW_TAB_NOTE_ID}>
              WhatsApp<NewTabMark />
            </a>
          </>
        )}
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      </div>
      <div className="admin-order__items-frame">
        {/* Explicit roles: on a phone the rows are laid out as receipt lines, which would drop the table's own. */}
        <table className="admin-order__items" role="table">
          <thead className="admin-order__items-head" role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                Producto
              </th>
              <th scope="col" role="columnheader">
                Cant.
              </th>
              <th scope="col" role="columnheader">
                Precio
              </th>
              <th scope="col" role="columnheader">
                Subtotal
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {order.items.map((item, index) => (
              <tr key={index} role="row">
                <td role="cell">{item.name}</td>
                <td role="cell" className="admin-order__quantity">
                  {formatUnits(item.quantity)}
                </td>
                <td role="cell">{formatMoney(item.unitPrice)}</td>
                <td role="cell" className="admin-order__line-total">
                  {formatMoney(item.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot role="rowgroup">
            <tr role="row">
              <th scope="row" colSpan={3} role="rowheader">
                Total
              </th>
              <td role="cell" className="admin-order__total">
                {formatMoney(order.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="admin-order__proof">
        {order.proofUrl === null ? (
          <span className="admin-order__erased">{messages.orders.proofErased}</span>
        ) : (
          <a href={order.proofUrl} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_NOTE_ID}>
            Ver comprobante<NewTabMark />
          </a>
        )}
        {order.sameProofOrderIds.length > 0 && (
          <span className="admin-order__duplicate" role="note">
            ⚠ Comprobante repetido en {sameProofList(order.sameProofOrderIds)}
          </span>
        )}
      </div>
      {pending && (
        <div className="admin-order__actions">
          {/* Described by the order they act on: a list of 'Confirmar' buttons says which is which. */}
          <Button aria-disabled={busy} aria-describedby={`${id}-order`} onClick={() => act('confirm')}>
            Confirmar
          </Button>
          <Button variant="secondary" className="admin-order__cancel" aria-disabled={busy} aria-describedby={`${id}-order`} onClick={() => act('cancel')}>
            Anular
          </Button>
        </div>
      )}
    </li>
  );
}
