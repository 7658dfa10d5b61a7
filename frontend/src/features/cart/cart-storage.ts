import type { CartItem } from './cart.rules';

/** Spec §9: the cart lives in the browser's local storage under this key. */
export const CART_STORAGE_KEY = 'cart';

const isText = (value: unknown): value is string => typeof value === 'string';
const isWhole = (value: unknown): value is number => Number.isInteger(value);

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    isText(item.id) &&
    isText(item.name) &&
    isWhole(item.price) &&
    isWhole(item.quantity) &&
    (item.quantity as number) >= 1 &&
    isWhole(item.maxStock) &&
    (item.image === null || isText(item.image)) &&
    isText(item.setCode) &&
    isText(item.rarity) &&
    isText(item.edition)
  );
}

/**
 * Whatever another tab, an older version of the shop or a curious shopper left in storage, the cart
 * starts from the lines that are still well formed; unreadable JSON gives an empty cart, not a crash.
 */
export function loadCart(storage: Storage): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CART_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    // One line per card, as the cart keeps them: a second line of the same card is dropped.
    const lines = parsed.filter(isCartItem);
    return lines.filter((item, index) => lines.findIndex((other) => other.id === item.id) === index);
  } catch {
    return [];
  }
}

export function saveCart(storage: Storage, items: CartItem[]): void {
  try {
    storage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Private browsing or a full quota: the cart still works for this visit, it just won't survive a reload.
  }
}
