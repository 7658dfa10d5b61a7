import { messages, type CardSummary } from '@tcg/domain';
import { Link } from 'react-router-dom';
import { SafeImage } from '@/components/ui/safe-image';
import { paths } from '@/config/paths';
import { CardPrice } from './card-price';
import './card-tile.css';

export interface CardTileProps {
  card: CardSummary;
  onAddToCart: (card: CardSummary) => void;
  /** How soon its picture loads: the grid's first tiles are on screen from the start. */
  priority?: 'first' | 'eager' | 'lazy';
}

/**
 * One card in a grid. The name's link stretches over the whole tile, so a click anywhere opens the
 * product page, while the add button stays a separate control (a button cannot sit inside a link).
 */
export function CardTile({ card, onAddToCart, priority = 'lazy' }: CardTileProps) {
  const soldOut = card.stockFinal < 1;
  return (
    <article className={`card-tile${soldOut ? ' card-tile--sold-out' : ''}`}>
      <div className="card-tile__media">
        <SafeImage
          src={card.imageSmallUrl ?? card.imageUrl}
          alt=""
          width={168}
          height={245}
          loading={priority === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={priority === 'first' ? 'high' : 'auto'}
        />
        {soldOut && <span className="card-tile__badge">{messages.catalog.soldOut}</span>}
      </div>
      <h3 className="card-tile__name">
        <Link to={paths.product(card.id)} className="card-tile__link">
          {card.name}
        </Link>
      </h3>
      <p className="card-tile__set">{card.set}</p>
      <p className="card-tile__meta">
        {card.rarity} · {card.edition}
      </p>
      <p className="card-tile__meta">{card.setCode}</p>
      <p className={`card-tile__stock${soldOut ? ' card-tile__stock--none' : ''}`}>
        {soldOut ? messages.catalog.noStock : messages.catalog.inStock(card.stockFinal)}
      </p>
      <div className="card-tile__footer">
        <CardPrice card={card} className="card-tile__price" />
        <button
          type="button"
          className="card-tile__add"
          aria-label={`Agregar ${card.name} al carrito`}
          onClick={() => onAddToCart(card)}
        >
          Agregar
        </button>
      </div>
    </article>
  );
}
