import type { CardSummary } from '@tcg/domain';
import { cardPrice } from '@/lib/card-price';
import { formatMoney } from '@/lib/format';
import './card-price.css';

interface CardPriceProps {
  card: Pick<CardSummary, 'lastSalePrice' | 'lastOfferPrice'>;
  className?: string;
}

/** The price to pay first; on offer, the sale price follows struck through (spec §9). */
export function CardPrice({ card, className = '' }: CardPriceProps) {
  const onOffer = card.lastOfferPrice !== null && card.lastOfferPrice !== card.lastSalePrice;
  return (
    <p className={`card-price ${className}`.trim()}>
      <strong className="card-price__now" data-testid="card-price">
        {formatMoney(cardPrice(card))}
      </strong>
      {onOffer && (
        <s className="card-price__was">
          <span className="visually-hidden">Antes </span>
          {formatMoney(card.lastSalePrice)}
        </s>
      )}
    </p>
  );
}
