import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@tcg/domain';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/ui/toast/toast-provider';
import { meQueryKey } from '@/features/auth/api/get-me';
import { useAuth } from '@/features/auth/use-auth';
import { useCartCheckOnOpen, useCartRecheck } from '@/features/cart/api/check-cart';
import { useCart } from '@/features/cart/cart-provider';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { savePhone } from '@/features/checkout/saved-phone';
import { useEarlierSubmit } from '@/features/checkout/use-checkout-submit';
import '@/components/ui/page.css';
import { catalogueChanged } from '@/lib/own-writes';
import { PageFallback } from '../page-fallback';

/**
 * The router wraps this route in RequireAuth; it joins the account, the cart and the checkout. A submit
 * left without an answer is settled first: if it placed its order, the shopper goes to the history.
 */
export default function CheckoutRoute() {
  const auth = useAuth();
  const cart = useCart();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const toHistory = (position: number) => {
    catalogueChanged(queryClient, position);
    navigate(`/account/history?position=${position}`);
  };
  const asking = useEarlierSubmit((order) => {
    cart.removeOrdered(order.items.map((item) => item.cardId));
    toast.success(messages.checkout.placed);
    toHistory(order.position);
  });
  if (auth.status !== 'signedIn') return null;
  if (asking) return <PageFallback />;

  return (
    <CheckoutForm
      account={auth.user}
      onPlaced={(position, phone) => {
        savePhone(window.localStorage, auth.user.id, phone);
        cart.clear();
        // The account's phone changed on the server when it differed.
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        toHistory(position);
      }}
      onSessionExpired={() => {
        // Signed out here too, so RequireAuth sends the shopper to sign in and back to /checkout.
        queryClient.setQueryData(meQueryKey, { user: null, isAdmin: false });
      }}
    />
  );
}

interface CheckoutFormProps {
  account: { id: string; name: string; email: string; phone: string | null };
  onPlaced(position: number, phone: string): void;
  onSessionExpired(): void;
}

function CheckoutForm({ account, onPlaced, onSessionExpired }: CheckoutFormProps) {
  const cart = useCart();
  // As on the cart page: the lines shown, and sent, carry today's prices and stock.
  useCartCheckOnOpen();
  const recheck = useCartRecheck();
  return (
    <CheckoutPage
      account={account}
      lines={cart.items}
      onPlaced={(order, phone) => onPlaced(order.position, phone)}
      onSessionExpired={onSessionExpired}
      onStockShort={(cardId, available) => {
        cart.reconcile(
          cart.items.map((item) => ({
            id: item.id,
            name: item.name,
            price: item.price,
            stockFinal: item.id === cardId ? available : item.maxStock,
          })),
        );
      }}
      onCartStale={() => void recheck()}
    />
  );
}
