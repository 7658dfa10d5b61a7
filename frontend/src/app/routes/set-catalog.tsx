import { useParams } from 'react-router-dom';
import { cardToCartProduct } from '@/features/cart/card-to-cart-product';
import { useCart } from '@/features/cart/cart-provider';
import { SetView } from '@/features/catalog/components/set-view';
import '@/components/ui/page.css';

export default function SetCatalogRoute() {
  const { set = '' } = useParams();
  const { addItem } = useCart();
  return (
    <section className="page">
      {/* Keyed by set, so moving to another set starts from its own state, not the last one's. */}
      <SetView key={set} setId={set} onAddToCart={(card) => addItem(cardToCartProduct(card))} />
    </section>
  );
}
