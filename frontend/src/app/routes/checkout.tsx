import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/features/auth/api/get-me';
import { setAccount } from '@/features/auth/api/set-account';
import { useAuth } from '@/features/auth/use-auth';
import { useCartCheckOnOpen, useCartRecheck } from '@/features/cart/api/check-cart';
import { useCart } from '@/features/cart/cart-provider';
import { CheckoutPage } from '@/features/checkout/components/checkout-page';
import type { EarlierOrder } from '@/features/checkout/api/earlier-submit';
import { savePhone } from '@/features/checkout/saved-phone';
import '@/components/ui/page.css';
import { EarlierSubmitGate, useToHistory } from '../earlier-submit-gate';

/**
 * The router wraps this route in RequireAuth; it joins the account, the cart and the checkout. A submit
 * left without an answer is settled first (`EarlierSubmitGate`).
 */
export default function CheckoutRoute() {
  const auth = useAuth();
  const cart = useCart();
  const queryClient = useQueryClient();
  const toHistory = useToHistory();
  if (auth.status !== 'signedIn') return null;

  return (
    <EarlierSubmitGate>
      {(checkCart, unsent) => (
        <CheckoutForm
          checkCart={checkCart}
          unsent={unsent}
          account={auth.user}
          onPlaced={(position, phone, ordered) => {
            savePhone(window.localStorage, auth.user.id, phone);
            cart.removeOrdered(ordered);
            // The account's phone changed on the server when it differed.
            void queryClient.invalidateQueries({ queryKey: meQueryKey });
            toHistory(position);
          }}
          onPlacedEarlier={(order) => {
            cart.removeOrdered(order.items);
            toHistory(order.position);
          }}
          onSessionExpired={() => {
            // Signed out here too, so RequireAuth sends the shopper to sign in and back to /checkout.
            void setAccount(queryClient, { user: null, isAdmin: false });
          }}
        />
      )}
    </EarlierSubmitGate>
  );
}

interface CheckoutFormProps {
  /** False while an earlier submit's order may hold units the check would take for sold. */
  checkCart: boolean;
  /** A submit of this browser's placed nothing (the page was reloaded, say): the form says to attach the proof again. */
  unsent: boolean;
  account: { id: string; name: string; email: string; phone: string | null };
  onPlaced(position: number, phone: string, ordered: { cardId: string; quantity: number }[]): void;
  onPlacedEarlier(order: EarlierOrder): void;
  onSessionExpired(): void;
}

function CheckoutForm({ checkCart, unsent, account, onPlaced, onPlacedEarlier, onSessionExpired }: CheckoutFormProps) {
  const cart = useCart();
  // As on the cart page: the lines shown, and sent, carry today's prices and stock.
  useCartCheckOnOpen(checkCart);
  const recheck = useCartRecheck();
  return (
    <CheckoutPage
      account={account}
      unsent={unsent}
      lines={cart.items}
      onPlaced={(order, phone, ordered) => onPlaced(order.position, phone, ordered)}
      onPlacedEarlier={onPlacedEarlier}
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
