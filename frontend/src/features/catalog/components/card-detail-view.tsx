import { languageLabels, lineCeiling, messages, type CardDetail } from '@tcg/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import '@/components/ui/page.css';
import { QuantityInput } from '@/components/ui/quantity-input';
import { SafeImage } from '@/components/ui/safe-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast/toast-provider';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCard } from '../api/get-card';
import { CardPrice } from './card-price';
import { CatalogNotFound } from './catalog-not-found';
import './card-detail.css';

/**
 * Up to this stock the quantity is a list of every choice (spec §2: 1 to stockFinal); past it such a list
 * is too long to scroll (and to render), so the choice is typed or stepped instead, within the same bounds.
 */
const QUANTITY_LIST_MAX = 100;

interface CardDetailViewProps {
  cardId: string;
  onAddToCart: (card: CardDetail, quantity: number) => void;
}

/** Spec §2 Card detail, with the §8 texts for a missing card and a failed load. */
export function CardDetailView({ cardId, onAddToCart }: CardDetailViewProps) {
  const { data, error, isPending, refetch } = useCard(cardId);
  const toast = useToast();
  const missing = error instanceof ApiError && error.status === 404;

  useEffect(() => {
    if (missing) toast.error(messages.catalog.cardNotFoundToast);
  }, [missing, toast]);

  if (missing) return <CatalogNotFound message={messages.catalog.cardNotFound} />;
  if (error) {
    return (
      <div className="error-state" role="alert">
        <p>{messages.catalog.cardLoadFailed}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Reintentar
        </Button>
      </div>
    );
  }
  if (isPending) return <CardDetailSkeleton />;
  return <CardDetailContent key={data.id} card={data} onAddToCart={onAddToCart} />;
}

function CardDetailContent({ card, onAddToCart }: { card: CardDetail; onAddToCart: CardDetailViewProps['onAddToCart'] }) {
  const [quantity, setQuantity] = useState(1);
  const quantityId = useId();
  const toast = useToast();
  const soldOut = card.stockFinal < 1;
  // Typed quantities follow the cart's rules (spec §5): under 1 ignored, over the stock (or an order line's most) refused.
  const ceiling = lineCeiling(card.stockFinal);
  // A press on 'Agregar al carrito' first commits the typed quantity (the field's blur); when that refuses
  // it, the press adds nothing: it added the quantity before, under the refusal's toast (QA).
  const press = useRef<'none' | 'pressing' | 'refused'>('none');
  const chooseQuantity = (chosen: number) => {
    if (chosen > ceiling.units) {
      toast.error(ceiling.refusal);
      if (press.current === 'pressing') press.current = 'refused';
    } else if (chosen >= 1) setQuantity(chosen);
  };
  const add = () => {
    const refused = press.current === 'refused';
    press.current = 'none';
    if (!refused) onAddToCart(card, quantity);
  };
  const facts: Array<[string, string]> = [
    ['Rareza', card.rarity],
    ['Edición', card.edition],
    ['Set', card.set],
    ['Código', card.setCode],
    ['Idioma', languageLabels[card.language] ?? card.language.toUpperCase()],
  ];

  return (
    <article className="product">
      <title>{card.name}</title>
      <nav className="breadcrumb" aria-label="Ruta de navegación">
        <ol>
          <li>
            <Link to={paths.home}>Inicio</Link>
          </li>
          <li>{card.setListed ? <Link to={paths.set(card.setId)}>{card.setName}</Link> : card.setName}</li>
          <li aria-current="page">{card.name}</li>
        </ol>
      </nav>
      <div className="product__layout">
        <div className={`product__media${soldOut ? ' product__media--sold-out' : ''}`}>
          <SafeImage
            src={card.imageUrl ?? card.imageSmallUrl}
            alt={card.name}
            width={421}
            height={614}
            loading="eager"
            fetchPriority="high"
          />
          {soldOut && <span className="product__badge">{messages.catalog.soldOut}</span>}
        </div>
        <div className="product__info">
          <h1 className="product__name">{card.name}</h1>
          {card.defaultName !== card.name && <p className="product__alt-name">{card.defaultName}</p>}
          <CardPrice card={card} className="product__price" />
          <p className={`product__stock${soldOut ? ' product__stock--none' : ''}`}>
            {soldOut ? messages.catalog.noStock : messages.catalog.inStock(card.stockFinal)}
          </p>
          <dl className="product__facts">
            {facts.map(([term, value]) => (
              <div key={term} className="product__fact">
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="product__buy">
            <label htmlFor={quantityId} className="product__quantity-label">
              Cantidad
            </label>
            {card.stockFinal > QUANTITY_LIST_MAX ? (
              <QuantityInput id={quantityId} label="Cantidad" value={quantity} max={ceiling.units} onChange={chooseQuantity} />
            ) : (
              <select
                id={quantityId}
                className="product__quantity"
                value={quantity}
                disabled={soldOut}
                onChange={(event) => setQuantity(Number(event.target.value))}
              >
                {Array.from({ length: Math.max(card.stockFinal, 1) }, (_, index) => (
                  <option key={index + 1} value={index + 1}>
                    {index + 1}
                  </option>
                ))}
              </select>
            )}
            <Button
              className="product__add"
              disabled={soldOut}
              onPointerDown={() => (press.current = 'pressing')}
              onPointerLeave={() => (press.current = 'none')}
              onClick={add}
            >
              {soldOut ? messages.catalog.soldOut : 'Agregar al carrito'}
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

function CardDetailSkeleton() {
  return (
    <div className="product__layout page-loading" role="status" aria-busy="true" aria-label="Cargando carta">
      <Skeleton className="product__media product__media--skeleton" height="auto" />
      <div className="product__info">
        <Skeleton width="70%" height="2rem" />
        <Skeleton width="30%" height="1.5rem" />
        <Skeleton width="50%" />
        <Skeleton width="60%" />
      </div>
    </div>
  );
}
