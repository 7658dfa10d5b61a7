import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { meQueryKey } from '@/features/auth/api/get-me';
import { useAuth } from '@/features/auth/use-auth';
import { useCartCheckOnOpen, useCartRecheck } from '@/features/cart/api/check-cart';
import { useCart } from '@/features/cart/cart-provider';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import { savePhone } from '@/features/checkout/saved-phone';
import '@/components/ui/page.css';
import { catalogueChanged } from '@/lib/own-writes';

/** The router wraps this route in RequireAuth; it joins the account, the cart and the checkout. */
export default function CheckoutRoute() {
  const auth = useAuth();
  const cart = useCart();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // As on the cart page: the lines shown, and sent, carry today's prices and stock.
  useCartCheckOnOpen();
  const recheck = useCartRecheck();
  if (auth.status !== 'signedIn') return null;

  return (
    <CheckoutPage
      account={auth.user}
      lines={cart.items}
      onPlaced={(order, phone) => {
        savePhone(window.localStorage, auth.user.id, phone);
        cart.clear();
        // The account's phone changed on the server when it differed.
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        catalogueChanged(queryClient, order.position);
        navigate(`/account/history?position=${order.position}`);
      }}
      onSessionExpired={() => {
        // Signed out here too, so RequireAuth sends the shopper to sign in and back to /checkout.
        queryClient.setQueryData(meQueryKey, { user: null, isAdmin: false });
      }}
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
