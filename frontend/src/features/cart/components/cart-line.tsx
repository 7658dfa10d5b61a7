import { lineCeiling } from '@tcg/domain';
import { Link } from 'react-router-dom';
import { QuantityInput } from '@/components/ui/quantity-input';
import { SafeImage } from '@/components/ui/safe-image';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { lineTotal, type CartItem } from '../cart.rules';

interface CartLineProps {
  item: CartItem;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

export function CartLine({ item, onQuantityChange, onRemove }: CartLineProps) {
  const details = [item.setCode, item.rarity, item.edition].filter(Boolean).join(' · ');
  return (
    <li className="cart-line">
      <SafeImage className="cart-line__image" src={item.image} alt={item.name} width={72} height={105} />
      <div className="cart-line__info">
        {/* Back to the card, to look at it again before paying. */}
        <p className="cart-line__name">
          <Link to={paths.product(item.id)}>{item.name}</Link>
        </p>
        <p className="cart-line__details">{details}</p>
        <p className="cart-line__unit">{formatMoney(item.price)} c/u</p>
      </div>
      <div className="cart-line__controls">
        <QuantityInput
          label={`Cantidad de ${item.name}`}
          value={item.quantity}
          max={lineCeiling(item.maxStock).units}
          onChange={onQuantityChange}
        />
        <button type="button" className="cart-line__remove" onClick={onRemove} aria-label={`Eliminar ${item.name}`}>
          Eliminar
        </button>
      </div>
      {/* Said in words, not as an aria-label: a paragraph's label is not read by screen readers. */}
      <p className="cart-line__total" data-testid="cart-line-total">
        <span className="visually-hidden">Total de {item.name}: </span>
        {formatMoney(lineTotal(item))}
      </p>
    </li>
  );
}
