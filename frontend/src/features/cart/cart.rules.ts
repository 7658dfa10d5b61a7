import { messages } from '@tcg/domain';

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
 * What a cart operation decided: a new list (with the success text to show, if any), a refusal with
 * the reason to show, or nothing to do. The rules never touch storage or the screen themselves.
 */
export type CartOutcome =
  | { kind: 'changed'; items: CartItem[]; message?: string }
  | { kind: 'refused'; error: string }
  | { kind: 'ignored' };

const ignored: CartOutcome = { kind: 'ignored' };

export function addToCart(items: CartItem[], product: CartProduct): CartOutcome {
  if (product.maxStock < 1) return { kind: 'refused', error: messages.cart.outOfStock };
  const existing = items.find((item) => item.id === product.id);
  if (!existing) {
    return {
      kind: 'changed',
      items: [...items, { ...product, quantity: 1 }],
      message: messages.cart.added(product.name),
    };
  }
  if (existing.quantity >= product.maxStock) {
    return { kind: 'refused', error: messages.cart.onlyAvailable(product.maxStock) };
  }
  return {
    kind: 'changed',
    items: items.map((item) =>
      item.id === product.id
        ? { ...item, ...product, quantity: Math.min(item.quantity + 1, product.maxStock) }
        : item,
    ),
    message: messages.cart.added(product.name),
  };
}

export function updateCartQuantity(items: CartItem[], id: string, quantity: number): CartOutcome {
  const line = items.find((item) => item.id === id);
  if (!line || !Number.isInteger(quantity) || quantity < 1) return ignored;
  if (quantity > line.maxStock) return { kind: 'refused', error: messages.cart.onlyAvailable(line.maxStock) };
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

export function clearCart(items: CartItem[]): CartOutcome {
  return items.length === 0 ? ignored : { kind: 'changed', items: [] };
}

export const lineTotal = (item: CartItem): number => item.price * item.quantity;

export const cartSubtotal = (items: CartItem[]): number => items.reduce((sum, item) => sum + lineTotal(item), 0);

export const cartCount = (items: CartItem[]): number => items.reduce((sum, item) => sum + item.quantity, 0);
