import { messages } from '@tcg/domain';
import {
  addToCart,
  cartCount,
  cartSubtotal,
  lineTotal,
  removeFromCart,
  removeOrderedUnits,
  updateCartQuantity,
  type CartItem,
  type CartProduct,
} from './cart.rules';

const darkMagician: CartProduct = {
  id: 'dark-magician_LOB-005_ultra_unlimited_en',
  name: 'Dark Magician',
  price: 1250,
  image: null,
  maxStock: 3,
  setCode: 'LOB-005',
  rarity: 'Ultra Rare',
  edition: 'Unlimited',
};
const line = (product: CartProduct, quantity: number): CartItem => ({ ...product, quantity });
const blueEyes: CartProduct = { ...darkMagician, id: 'blue-eyes', name: 'Blue-Eyes White Dragon', price: 3000 };

describe('adding to the cart', () => {
  it('appends a new item with quantity 1 and says it was added', () => {
    const outcome = addToCart([line(blueEyes, 2)], darkMagician);
    expect(outcome).toEqual({
      kind: 'changed',
      items: [line(blueEyes, 2), line(darkMagician, 1)],
      message: '"Dark Magician" agregado al carrito',
    });
  });

  it('raises an existing item by one', () => {
    const outcome = addToCart([line(darkMagician, 1)], darkMagician);
    expect(outcome).toEqual({
      kind: 'changed',
      items: [line(darkMagician, 2)],
      message: messages.cart.added('Dark Magician'),
    });
  });

  it('refuses to go past the stock with the available quantity', () => {
    expect(addToCart([line(darkMagician, 3)], darkMagician)).toEqual({
      kind: 'refused',
      error: 'Solo hay 3 unidades disponibles',
    });
  });

  it('caps at the latest stock when it fell below the quantity already held', () => {
    const outcome = addToCart([line(darkMagician, 2)], { ...darkMagician, maxStock: 2 });
    expect(outcome).toEqual({ kind: 'refused', error: messages.cart.onlyAvailable(2) });
  });

  it('refuses a card without stock', () => {
    expect(addToCart([], { ...darkMagician, maxStock: 0 })).toEqual({ kind: 'refused', error: 'Producto sin stock' });
    expect(addToCart([], { ...darkMagician, maxStock: -1 })).toEqual({
      kind: 'refused',
      error: messages.cart.outOfStock,
    });
  });

  it('adds a chosen quantity to a new line and to an existing one', () => {
    expect(addToCart([], darkMagician, 2)).toEqual({
      kind: 'changed',
      items: [line(darkMagician, 2)],
      message: messages.cart.added('Dark Magician'),
    });
    expect(addToCart([line(darkMagician, 1)], darkMagician, 2)).toMatchObject({ items: [line(darkMagician, 3)] });
  });

  it('caps a chosen quantity at the stock, says it was added and how many there are', () => {
    expect(addToCart([line(darkMagician, 2)], darkMagician, 2)).toEqual({
      kind: 'changed',
      items: [line(darkMagician, 3)],
      message: messages.cart.added('Dark Magician'),
      warning: messages.cart.onlyAvailable(3),
    });
  });

  it('takes no more than one order line holds (100,000) from a card with more in stock, and says so', () => {
    const plenty = { ...darkMagician, maxStock: 3_000_000_000 };
    expect(addToCart([], plenty, 2_500_000_000)).toEqual({
      kind: 'changed',
      items: [line(plenty, 100_000)],
      message: messages.cart.added('Dark Magician'),
      warning: messages.domain.invalidQuantity,
    });
    expect(addToCart([line(plenty, 100_000)], plenty, 1)).toEqual({ kind: 'refused', error: messages.domain.invalidQuantity });
    expect(updateCartQuantity([line(plenty, 1)], plenty.id, 100_001)).toEqual({ kind: 'refused', error: messages.domain.invalidQuantity });
    expect(updateCartQuantity([line(plenty, 1)], plenty.id, 100_000)).toMatchObject({ kind: 'changed', items: [line(plenty, 100_000)] });
  });

  it('ignores a quantity that is not a whole number of at least 1', () => {
    expect(addToCart([], darkMagician, 0)).toEqual({ kind: 'ignored' });
    expect(addToCart([], darkMagician, 1.5)).toEqual({ kind: 'ignored' });
  });

  it('does not modify the list it was given', () => {
    const items = [line(darkMagician, 1)];
    addToCart(items, darkMagician);
    expect(items).toEqual([line(darkMagician, 1)]);
  });
});

describe('updating a quantity', () => {
  const items = [line(darkMagician, 1), line(blueEyes, 1)];

  it('sets a quantity within 1..maxStock and says so', () => {
    expect(updateCartQuantity(items, darkMagician.id, 3)).toEqual({
      kind: 'changed',
      items: [line(darkMagician, 3), line(blueEyes, 1)],
      message: 'Cantidad actualizada',
    });
  });

  it('ignores a quantity under 1', () => {
    expect(updateCartQuantity(items, darkMagician.id, 0)).toEqual({ kind: 'ignored' });
    expect(updateCartQuantity(items, darkMagician.id, -2)).toEqual({ kind: 'ignored' });
  });

  it('ignores what is not a whole number', () => {
    expect(updateCartQuantity(items, darkMagician.id, Number.NaN)).toEqual({ kind: 'ignored' });
    expect(updateCartQuantity(items, darkMagician.id, 1.5)).toEqual({ kind: 'ignored' });
  });

  it('refuses a quantity above the stock', () => {
    expect(updateCartQuantity(items, darkMagician.id, 4)).toEqual({
      kind: 'refused',
      error: 'Solo hay 3 unidades disponibles',
    });
  });

  it('ignores an unknown line or an unchanged quantity', () => {
    expect(updateCartQuantity(items, 'missing', 2)).toEqual({ kind: 'ignored' });
    expect(updateCartQuantity(items, darkMagician.id, 1)).toEqual({ kind: 'ignored' });
  });
});

describe('removing and clearing', () => {
  it('removes the line and says so', () => {
    expect(removeFromCart([line(darkMagician, 2), line(blueEyes, 1)], darkMagician.id)).toEqual({
      kind: 'changed',
      items: [line(blueEyes, 1)],
      message: 'Producto eliminado del carrito',
    });
  });

  it('ignores removing a line that is not there', () => {
    expect(removeFromCart([line(blueEyes, 1)], darkMagician.id)).toEqual({ kind: 'ignored' });
  });
});

describe('taking out the units of an order placed from the cart', () => {
  it('takes the ordered units and keeps those added since, dropping a line left with none', () => {
    const cart = [line(darkMagician, 3), line(blueEyes, 1)];
    expect(removeOrderedUnits(cart, [{ cardId: darkMagician.id, quantity: 1 }, { cardId: blueEyes.id, quantity: 1 }])).toEqual({
      kind: 'changed',
      items: [line(darkMagician, 2)],
    });
  });

  it('changes nothing when the cart holds none of the order', () => {
    expect(removeOrderedUnits([line(blueEyes, 1)], [{ cardId: darkMagician.id, quantity: 1 }])).toEqual({ kind: 'ignored' });
  });
});

describe('totals', () => {
  it('multiplies price by quantity and sums the lines', () => {
    const items = [line(darkMagician, 2), line(blueEyes, 3)];
    expect(lineTotal(items[0])).toBe(2500);
    expect(cartSubtotal(items)).toBe(2500 + 9000);
    expect(cartCount(items)).toBe(5);
    expect(cartSubtotal([])).toBe(0);
  });
});
