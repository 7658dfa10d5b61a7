import { lineCeiling, messages } from '@tcg/domain';

/** A cart line (spec §3). `price` is the unit price in céntimos; `maxStock` the stock when added. */
export interface CartItem {
  id: string;
  name: string;
  price: number;
  quantity: number;
  image: string | null;
  maxStock: number;
  setCode: string;
  rarity: string;
  edition: string;
}

export type CartProduct = Omit<CartItem, 'quantity'>;

/**
 * What a cart operation decided: a new list (with the success text and the warning to show, if any),
 * a refusal with the reason to show, or nothing to do. The rules never touch storage or the screen.
 */
export type CartOutcome =
  | { kind: 'changed'; items: CartItem[]; message?: string; warning?: string }
  | { kind: 'refused'; error: string }
  | { kind: 'ignored' };

const ignored: CartOutcome = { kind: 'ignored' };

/**
 * Adds `quantity` units (1 from a tile, the chosen amount from the product page), capped at the
 * stock; when the cap cuts the request the shopper is told how many there are instead.
 */
export function addToCart(items: CartItem[], product: CartProduct, quantity = 1): CartOutcome {
  if (product.maxStock < 1) return { kind: 'refused', error: messages.cart.outOfStock };
  if (!Number.isInteger(quantity) || quantity < 1) return ignored;
  const held = items.find((item) => item.id === product.id)?.quantity ?? 0;
  const ceiling = lineCeiling(product.maxStock);
  if (held >= ceiling.units) return { kind: 'refused', error: ceiling.refusal };
  const next = Math.min(held + quantity, ceiling.units);
  const added = { ...product, quantity: next };
  const capped = held + quantity > ceiling.units;
  return {
    kind: 'changed',
    items: held === 0 ? [...items, added] : items.map((item) => (item.id === product.id ? { ...item, ...added } : item)),
    // Capped at the stock (spec §4): what was added is said, and why not all of it.
    message: messages.cart.added(product.name),
    ...(capped ? { warning: ceiling.refusal } : {}),
  };
}

export function updateCartQuantity(items: CartItem[], id: string, quantity: number): CartOutcome {
  const line = items.find((item) => item.id === id);
  if (!line || !Number.isInteger(quantity) || quantity < 1) return ignored;
  const ceiling = lineCeiling(line.maxStock);
  if (quantity > ceiling.units) return { kind: 'refused', error: ceiling.refusal };
  if (quantity === line.quantity) return ignored;
  return {
    kind: 'changed',
    items: items.map((item) => (item.id === id ? { ...item, quantity } : item)),
    message: messages.cart.quantityUpdated,
  };
}

export function removeFromCart(items: CartItem[], id: string): CartOutcome {
  if (!items.some((item) => item.id === id)) return ignored;
  return { kind: 'changed', items: items.filter((item) => item.id !== id), message: messages.cart.removed };
}

/** One card's units in an order. */
export interface OrderedUnits {
  cardId: string;
  quantity: number;
}

/**
 * The units an order took, out of the cart without a word (the order's own toast says it); units added
 * since stay, and a line left with none goes.
 */
export function removeOrderedUnits(items: CartItem[], ordered: readonly OrderedUnits[]): CartOutcome {
  const taken = new Map<string, number>();
  for (const { cardId, quantity } of ordered) taken.set(cardId, (taken.get(cardId) ?? 0) + quantity);
  if (!items.some((item) => taken.has(item.id))) return ignored;
  const kept = items.flatMap((item) => {
    const left = item.quantity - (taken.get(item.id) ?? 0);
    return left >= 1 ? [{ ...item, quantity: left }] : [];
  });
  return { kind: 'changed', items: kept };
}

export const lineTotal = (item: CartItem): number => item.price * item.quantity;

export const cartSubtotal = (items: CartItem[]): number => items.reduce((sum, item) => sum + lineTotal(item), 0);

export const cartCount = (items: CartItem[]): number => items.reduce((sum, item) => sum + item.quantity, 0);
