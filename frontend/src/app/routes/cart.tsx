import { CartView } from '@/features/cart/components/cart-view';
import '@/components/ui/page.css';
import { EarlierSubmitGate } from '../earlier-submit-gate';

export default function CartRoute() {
  return (
    <section className="page">
      <title>Carrito</title>
      <h1>Tu carrito</h1>
      <EarlierSubmitGate>{(checkCart) => <CartView checkOnOpen={checkCart} />}</EarlierSubmitGate>
    </section>
  );
}
