import { cardToCartProduct } from '@/features/cart/card-to-cart-product';
import { useCart } from '@/features/cart/cart-provider';
import { SearchView } from '@/features/catalog/components/search-view';
import '@/components/ui/page.css';

export default function SearchRoute() {
  const { addItem } = useCart();
  return (
    <section className="page">
      <SearchView onAddToCart={(card) => addItem(cardToCartProduct(card))} />
    </section>
  );
}
