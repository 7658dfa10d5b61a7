import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@tcg/domain';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/ui/toast/toast-provider';
import { useCart } from '@/features/cart/cart-provider';
import { useEarlierSubmit } from '@/features/checkout/use-checkout-submit';
import { catalogueChanged } from '@/lib/own-writes';
import { PageFallback } from './page-fallback';

/** After an order is placed: the catalogue's stock moved, and the history waits for the order. */
export function useToHistory(): (position: number) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (position) => {
    catalogueChanged(queryClient, position);
    // The position rides in the history entry, not the address: the shopper sees /account/history (spec §5).
    navigate('/account/history', { state: { position } });
  };
}

/**
 * The cart and the checkout check the cart against the stock when they open; a submit left without an
 * answer is settled first, since its order's own reservation lowers the stock that check sees. If it
 * placed its order, the order's units leave the cart and the shopper goes to the history. `children`
 * learns whether the cart may be checked (not while the shop could not say: signed out, unreachable), and
 * whether there was a submit that placed nothing (`unsent`), which the checkout tells the shopper.
 */
export function EarlierSubmitGate({ children }: { children: (checkCart: boolean, unsent: boolean) => ReactNode }) {
  const cart = useCart();
  const toast = useToast();
  const toHistory = useToHistory();
  const earlier = useEarlierSubmit((order) => {
    cart.removeOrdered(order.items);
    toast.settle();
    toast.success(messages.checkout.placed);
    toHistory(order.position);
  });
  return earlier === 'asking' ? <PageFallback /> : children(earlier === 'settled' || earlier === 'unsent', earlier === 'unsent');
}
