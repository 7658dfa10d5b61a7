import { useParams } from 'react-router-dom';
import { cardToCartProduct } from '@/features/cart/card-to-cart-product';
import { useCart } from '@/features/cart/cart-provider';
import { CardDetailView } from '@/features/catalog/components/card-detail-view';
import '@/components/ui/page.css';

export default function ProductRoute() {
  const { id = '' } = useParams();
  const { addItem } = useCart();
  return (
    <section className="page">
      <CardDetailView cardId={id} onAddToCart={(card, quantity) => addItem(cardToCartProduct(card), quantity)} />
    </section>
  );
}
