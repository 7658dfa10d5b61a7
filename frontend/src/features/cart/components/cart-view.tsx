import { formatUnits, messages } from '@tcg/domain';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { useCartCheckOnOpen } from '../api/check-cart';
import { useCart } from '../cart-provider';
import { CartLine } from './cart-line';
import './cart-view.css';

/** `checkOnOpen`: false while an earlier checkout's order may hold units the check would take for sold. */
export function CartView({ checkOnOpen = true }: { checkOnOpen?: boolean }) {
  const { items, count, subtotal, updateQuantity, removeItem } = useCart();
  useCartCheckOnOpen(checkOnOpen);
  const lines = useRef<HTMLUListElement>(null);
  const emptied = useRef<HTMLDivElement>(null);
  const removedLast = useRef(false);

  useEffect(() => {
    if (items.length > 0 || !removedLast.current) return;
    removedLast.current = false;
    emptied.current?.focus();
  }, [items.length]);

  /**
   * The removed line's button goes with it, which would drop the focus to <body>: it moves to the next
   * line's (or the previous one's), or, when the cart is emptied, to the message that says so.
   */
  const remove = (index: number, id: string) => {
    const buttons = lines.current?.querySelectorAll<HTMLElement>('.cart-line__remove');
    const neighbour = buttons?.[index + 1] ?? buttons?.[index - 1];
    if (neighbour) neighbour.focus();
    else removedLast.current = true;
    removeItem(id);
  };

  if (items.length === 0) {
    return (
      <div className="cart-empty" ref={emptied} tabIndex={-1}>
        <p>{messages.cart.empty}</p>
        <ButtonLink to="/" variant="secondary">
          Seguir comprando
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="cart-view">
      <ul className="cart-view__lines" ref={lines}>
        {items.map((item, index) => (
          <CartLine
            key={item.id}
            item={item}
            onQuantityChange={(quantity) => updateQuantity(item.id, quantity)}
            onRemove={() => remove(index, item.id)}
          />
        ))}
      </ul>
      <aside className="cart-summary" aria-label="Resumen del pedido">
        <p className="cart-summary__row">
          <span>Productos</span>
          <span>{formatUnits(count)}</span>
        </p>
        <p className="cart-summary__row cart-summary__subtotal">
          <span>Subtotal</span>
          <strong data-testid="cart-subtotal">{formatMoney(subtotal)}</strong>
        </p>
        <ButtonLink to="/checkout" className="cart-summary__action">
          Continuar compra
        </ButtonLink>
        <ButtonLink to="/" variant="ghost" className="cart-summary__action">
          Seguir comprando
        </ButtonLink>
      </aside>
    </div>
  );
}
