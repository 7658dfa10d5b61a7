import { messages } from '@tcg/domain';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useToast } from '@/components/ui/toast/toast-provider';
import {
  addToCart,
  cartCount,
  cartSubtotal,
  removeFromCart,
  removeOrderedUnits,
  updateCartQuantity,
  type CartItem,
  type CartOutcome,
  type CartProduct,
  type OrderedUnits,
} from './cart.rules';
import { reconcileCart, type CheckedCard } from './cart-check.rules';
import { CART_STORAGE_KEY, loadCart, saveCart } from './cart-storage';

export interface CartContextValue {
  items: CartItem[];
  count: number;
  subtotal: number;
  /** Adds one unit, or `quantity` units (the product page's selector), within the stock. */
  addItem: (product: CartProduct, quantity?: number) => void;
  updateQuantity: (id: string, quantity: number) => void;
  removeItem: (id: string) => void;
  /** Takes out the units of an order placed from this cart. */
  removeOrdered: (ordered: readonly OrderedUnits[]) => void;
  /** Applies the server's current stock and prices to the stored lines. */
  reconcile: (cards: CheckedCard[]) => void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const toast = useToast();
  const [items, setItems] = useState(() => loadCart(window.localStorage));
  // Two clicks in the same frame must each see the other's result, not the last rendered list.
  const latest = useRef(items);

  const apply = useCallback(
    (decide: (current: CartItem[]) => CartOutcome) => {
      const outcome = decide(latest.current);
      if (outcome.kind === 'refused') toast.error(outcome.error);
      if (outcome.kind !== 'changed') return;
      latest.current = outcome.items;
      setItems(outcome.items);
      saveCart(window.localStorage, outcome.items);
      if (outcome.message) toast.success(outcome.message);
      if (outcome.warning) toast.error(outcome.warning);
    },
    [toast],
  );

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_STORAGE_KEY) return;
      latest.current = loadCart(window.localStorage);
      setItems(latest.current);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<CartContextValue>(
    () => ({
      items,
      count: cartCount(items),
      subtotal: cartSubtotal(items),
      addItem: (product, quantity) => apply((current) => addToCart(current, product, quantity)),
      updateQuantity: (id, quantity) => apply((current) => updateCartQuantity(current, id, quantity)),
      removeItem: (id) => apply((current) => removeFromCart(current, id)),
      removeOrdered: (ordered) => apply((current) => removeOrderedUnits(current, ordered)),
      reconcile: (cards) => apply((current) => reconcileCart(current, cards)),
    }),
    [items, apply],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const context = useContext(CartContext);
  if (!context) throw new Error(messages.cart.outsideProvider);
  return context;
}
