import { formatUnits, messages } from '@tcg/domain';
import { ButtonLink } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { useCart } from '../cart-provider';
import { lineTotal } from '../cart.rules';

export function MiniCart() {
  const { items, subtotal } = useCart();
  if (items.length === 0) return <p className="mini-cart__empty">{messages.cart.empty}</p>;
  return (
    <div className="mini-cart">
      <ul className="mini-cart__lines">
        {items.map((item) => (
          <li key={item.id} className="mini-cart__line">
            <span className="mini-cart__name">{item.name}</span>
            <span className="mini-cart__detail">
              {formatUnits(item.quantity)} × {formatMoney(item.price)}
            </span>
            <span className="mini-cart__total">{formatMoney(lineTotal(item))}</span>
          </li>
        ))}
      </ul>
      <p className="mini-cart__subtotal">
        <span>Subtotal</span>
        <strong>{formatMoney(subtotal)}</strong>
      </p>
      <ButtonLink to="/cart" className="mini-cart__action">
        Ver carrito
      </ButtonLink>
    </div>
  );
}
