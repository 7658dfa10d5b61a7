import type { CartItem } from './cart.rules';
import { CART_STORAGE_KEY, loadCart, saveCart } from './cart-storage';

const item: CartItem = {
  id: 'dark-magician',
  name: 'Dark Magician',
  price: 1250,
  quantity: 2,
  image: 'https://img.example/dm.webp',
  maxStock: 3,
  setCode: 'LOB-005',
  rarity: 'Ultra Rare',
  edition: 'Unlimited',
};

beforeEach(() => window.localStorage.clear());

it('round-trips the cart through local storage under the key "cart"', () => {
  saveCart(window.localStorage, [item]);
  expect(JSON.parse(window.localStorage.getItem('cart') ?? 'null')).toEqual([item]);
  expect(loadCart(window.localStorage)).toEqual([item]);
});

it('starts empty when nothing is stored', () => {
  expect(loadCart(window.localStorage)).toEqual([]);
});

it('tolerates corrupt JSON', () => {
  window.localStorage.setItem(CART_STORAGE_KEY, '{not json');
  expect(loadCart(window.localStorage)).toEqual([]);
});

it('keeps only well-formed lines', () => {
  window.localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify([item, { ...item, id: 'zero', quantity: 0 }, { id: 'partial' }, 'text', null]),
  );
  expect(loadCart(window.localStorage)).toEqual([item]);
});

it('keeps one line per card', () => {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([item, { ...item, quantity: 3 }]));
  expect(loadCart(window.localStorage)).toEqual([item]);
});

it('treats a stored non-list as empty', () => {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ items: [item] }));
  expect(loadCart(window.localStorage)).toEqual([]);
});
