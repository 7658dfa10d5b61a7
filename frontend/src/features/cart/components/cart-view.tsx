import { messages } from '@tcg/domain';
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

  if (items.length === 0) {
    return (
      <div className="cart-empty">
        <p>{messages.cart.empty}</p>
        <ButtonLink to="/" variant="secondary">
          Seguir comprando
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="cart-view">
      <ul className="cart-view__lines">
        {items.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            onQuantityChange={(quantity) => updateQuantity(item.id, quantity)}
            onRemove={() => removeItem(item.id)}
          />
        ))}
      </ul>
      <aside className="cart-summary" aria-label="Resumen del pedido">
        <p className="cart-summary__row">
          <span>Productos</span>
          <span>{count}</span>
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
