import type { CartCheckRequest, CartCheckResponse } from '@tcg/domain';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { useCart } from '../cart-provider';

export function checkCart(request: CartCheckRequest, { signal }: { signal?: AbortSignal } = {}) {
  return api.post<CartCheckResponse>('/api/cart/check', request, { signal });
}

/**
 * Re-checks the stored lines against the server once, when the cart page opens: stock may have been
 * sold and prices changed since the lines were added, possibly days ago in another visit.
 */
export function useCartCheckOnOpen(): void {
  const { items, reconcile } = useCart();
  // The lines as the page opened; later edits on this page are the shopper's own, not stale data.
  const [opening] = useState(() => ({ ids: items.map((item) => item.id), reconcile }));

  useEffect(() => {
    if (opening.ids.length === 0) return;
    const controller = new AbortController();
    checkCart({ ids: opening.ids }, { signal: controller.signal }).then(
      (response) => opening.reconcile(response.cards),
      // Unreachable server: the stored lines still work, and checkout re-prices on the server anyway.
      () => undefined,
    );
    return () => controller.abort();
  }, [opening]);
}
