import type { CardSummary } from '@tcg/domain';
import { Skeleton } from '@/components/ui/skeleton';
import { CardTile } from './card-tile';
import './card-grid.css';

interface CardGridProps {
  cards: CardSummary[];
  onAddToCart: (card: CardSummary) => void;
}

/**
 * The tiles a screen shows before any scrolling (two rows on a phone, one on a desktop): their pictures
 * load at once instead of waiting for layout, and the first one, usually the largest paint, comes first.
 */
export const FIRST_SCREEN_TILES = 4;

export function CardGrid({ cards, onAddToCart }: CardGridProps) {
  return (
    <ul className="card-grid">
      {cards.map((card, index) => (
        <li key={card.id}>
          <CardTile card={card} onAddToCart={onAddToCart} priority={index === 0 ? 'first' : index < FIRST_SCREEN_TILES ? 'eager' : 'lazy'} />
        </li>
      ))}
    </ul>
  );
}

/** Spec §9: 8 skeleton cards while a card list loads. */
export const SKELETON_CARDS = 8;

export function CardGridSkeleton() {
  return (
    <ul className="card-grid" aria-busy="true" aria-label="Cargando cartas">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <li key={index} className="card-grid__skeleton" data-testid="card-skeleton">
          <Skeleton className="card-grid__skeleton-media" height="auto" />
          <Skeleton width="85%" />
          <Skeleton width="60%" height="0.8rem" />
          <Skeleton width="40%" height="1.2rem" />
        </li>
      ))}
    </ul>
  );
}
