import { messages } from '@tcg/domain';
import { reconcileCart } from './cart-check.rules';
import type { CartItem } from './cart.rules';

const line = (id: string, quantity: number, price: number, maxStock: number): CartItem => ({
  id,
  name: id,
  price,
  quantity,
  image: null,
  maxStock,
  setCode: 'LOB-EN001',
  rarity: 'Ultra Rare',
  edition: 'Unlimited',
});

it('clamps a line kept from before to the most one order line holds, and says so', () => {
  const outcome = reconcileCart([line('Jinzo', 2_500_000_000, 1000, 3_000_000_000)], [{ id: 'Jinzo', name: 'Jinzo', price: 1000, stockFinal: 3_000_000_000 }]);
  expect(outcome).toEqual({
    kind: 'changed',
    items: [line('Jinzo', 100_000, 1000, 3_000_000_000)],
    warning: `Jinzo: ${messages.domain.invalidQuantity}`,
  });
});

it('clamps a quantity above the current stock and says how many there are', () => {
  const outcome = reconcileCart([line('Jinzo', 3, 1000, 5)], [{ id: 'Jinzo', name: 'Jinzo', price: 1000, stockFinal: 2 }]);
  expect(outcome).toEqual({
    kind: 'changed',
    items: [line('Jinzo', 2, 1000, 2)],
    warning: `Jinzo: ${messages.cart.onlyAvailable(2)}.`,
  });
});

it('removes lines whose card sold out or disappeared', () => {
  const outcome = reconcileCart(
    [line('Jinzo', 1, 1000, 5), line('Kuriboh', 1, 300, 2), line('Gone', 1, 300, 2)],
    [
      { id: 'Jinzo', name: 'Jinzo', price: 1000, stockFinal: 0 },
      { id: 'Kuriboh', name: 'Kuriboh', price: 300, stockFinal: 2 },
    ],
  );
  expect(outcome).toEqual({
    kind: 'changed',
    items: [line('Kuriboh', 1, 300, 2)],
    warning: `${messages.cart.outOfStock}: Jinzo. ${messages.cart.outOfStock}: Gone.`,
  });
});

it('refreshes a changed price and says so', () => {
  const outcome = reconcileCart([line('Jinzo', 1, 1000, 5)], [{ id: 'Jinzo', name: 'Jinzo', price: 850, stockFinal: 5 }]);
  expect(outcome).toEqual({
    kind: 'changed',
    items: [line('Jinzo', 1, 850, 5)],
    warning: messages.checkout.priceChanged('Jinzo'),
  });
});

it('raises the ceiling silently when stock grew', () => {
  const outcome = reconcileCart([line('Jinzo', 1, 1000, 2)], [{ id: 'Jinzo', name: 'Jinzo', price: 1000, stockFinal: 9 }]);
  expect(outcome).toEqual({ kind: 'changed', items: [line('Jinzo', 1, 1000, 9)] });
});

it('does nothing when the cart is current', () => {
  expect(reconcileCart([line('Jinzo', 1, 1000, 2)], [{ id: 'Jinzo', name: 'Jinzo', price: 1000, stockFinal: 2 }])).toEqual({
    kind: 'ignored',
  });
});
