import type { CartCheckRequest, CartCheckResponse } from '@tcg/domain';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api-client';
import { useCart } from '../cart-provider';

export function checkCart(request: CartCheckRequest, { signal }: { signal?: AbortSignal } = {}) {
  return api.post<CartCheckResponse>('/api/cart/check', request, { signal });
}

/**
 * Re-checks the given lines against the server and applies what it answers (stock, prices, cards that
 * are gone). An unreachable server changes nothing: the stored lines still work, and checkout re-prices
 * on the server anyway.
 */
function recheck(ids: string[], reconcile: ReturnType<typeof useCart>['reconcile'], signal?: AbortSignal): Promise<void> {
  if (ids.length === 0) return Promise.resolve();
  return checkCart({ ids }, { signal }).then(
    (response) => reconcile(response.cards),
    () => undefined,
  );
}

/**
 * Re-checks the stored lines once, when the cart or the checkout opens: stock may have been sold and
 * prices changed since the lines were added, possibly days ago in another visit.
 */
export function useCartCheckOnOpen(enabled = true): void {
  const { items, reconcile } = useCart();
  // The lines as the page opened; later edits on this page are the shopper's own, not stale data.
  const [opening] = useState(() => ({ ids: items.map((item) => item.id), reconcile }));

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void recheck(opening.ids, opening.reconcile, controller.signal);
    return () => controller.abort();
  }, [opening, enabled]);
}

/** Re-checks the cart's current lines now: after the server refused an order over a price or a card that changed. */
export function useCartRecheck(): () => Promise<void> {
  const { items, reconcile } = useCart();
  return useCallback(() => recheck(items.map((item) => item.id), reconcile), [items, reconcile]);
}
