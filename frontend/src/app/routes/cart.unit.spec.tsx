import { messages } from '@tcg/domain';
import { screen, within } from '@testing-library/react';
import { mockFetch, renderApp } from '@/testing/test-utils';

const seed = [
  {
    id: 'dark-magician',
    name: 'Dark Magician',
    price: 1250,
    quantity: 2,
    image: null,
    maxStock: 3,
    setCode: 'LOB-005',
    rarity: 'Ultra Rare',
    edition: 'Unlimited',
  },
];

beforeEach(() => {
  window.localStorage.clear();
  mockFetch({ '/api/sets/latest': { sets: [] } });
});

it('lists the stored lines with totals in soles and a way to checkout', async () => {
  window.localStorage.setItem('cart', JSON.stringify(seed));
  renderApp('/cart');

  expect(await screen.findByText('LOB-005 · Ultra Rare · Unlimited')).toBeInTheDocument();
  expect(screen.getByTestId('cart-line-total')).toHaveTextContent(/^Total de Dark Magician: S\/ 25\.00$/);
  expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('S/ 25.00');
  expect(screen.getByRole('link', { name: 'Continuar compra' })).toHaveAttribute('href', '/checkout');
  expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  // QA: a line named its card without leading back to it.
  expect(screen.getByRole('link', { name: 'Dark Magician' })).toHaveAttribute('href', '/product/dark-magician');
});

it('changes quantities within the stock and removes lines', async () => {
  window.localStorage.setItem('cart', JSON.stringify(seed));
  const { user } = renderApp('/cart');
  const quantity = within(await screen.findByRole('group', { name: 'Cantidad de Dark Magician' }));

  await user.click(quantity.getByRole('button', { name: 'Agregar una unidad' }));
  expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('S/ 37.50');
  expect(JSON.parse(window.localStorage.getItem('cart')!)[0].quantity).toBe(3);

  await user.click(quantity.getByRole('button', { name: 'Agregar una unidad' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Solo hay 3 unidades disponibles');

  await user.clear(quantity.getByLabelText('Cantidad'));
  await user.type(quantity.getByLabelText('Cantidad'), '1{Enter}');
  expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('S/ 12.50');

  await user.click(screen.getByRole('button', { name: 'Eliminar Dark Magician' }));
  expect(await screen.findAllByText(messages.cart.empty)).not.toHaveLength(0);
  expect(JSON.parse(window.localStorage.getItem('cart')!)).toEqual([]);
});

it('keeps the focus in the cart as lines are removed: the next line, the previous one, then the empty cart', async () => {
  const three = ['a', 'b', 'c'].map((id) => ({ ...seed[0], id, name: `Carta ${id.toUpperCase()}` }));
  window.localStorage.setItem('cart', JSON.stringify(three));
  const { user } = renderApp('/cart');
  await user.click(await screen.findByRole('button', { name: 'Eliminar Carta B' }));
  expect(screen.getByRole('button', { name: 'Eliminar Carta C' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: 'Eliminar Carta A' })).toHaveFocus();
  await user.keyboard('{Enter}');
  const emptied = within(screen.getByRole('main')).getByText(messages.cart.empty).parentElement!;
  expect(emptied).toHaveFocus();
});

it('shows the empty state', async () => {
  renderApp('/cart');
  const main = screen.getByRole('main');
  expect(await within(main).findByText(messages.cart.empty)).toBeInTheDocument();
});

it('re-checks the lines against the server when it opens: clamps, refreshes the price and says so', async () => {
  window.localStorage.setItem('cart', JSON.stringify(seed));
  const fetch = mockFetch({
    '/api/sets/latest': { sets: [] },
    '/api/cart/check': { cards: [{ id: 'dark-magician', name: 'Dark Magician', price: 1100, stockFinal: 1 }] },
  });
  renderApp('/cart');

  expect(await screen.findByRole('alert')).toHaveTextContent(`Dark Magician: ${messages.cart.onlyAvailable(1)}.`);
  expect(screen.getByRole('alert')).toHaveTextContent(messages.checkout.priceChanged('Dark Magician'));
  expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('S/ 11.00');
  expect(JSON.parse(window.localStorage.getItem('cart')!)[0]).toMatchObject({ quantity: 1, price: 1100, maxStock: 1 });
  expect(fetch).toHaveBeenCalledWith(
    '/api/cart/check',
    expect.objectContaining({ method: 'POST', body: JSON.stringify({ ids: ['dark-magician'] }) }),
  );
});

it('removes a line that sold out since it was added', async () => {
  window.localStorage.setItem('cart', JSON.stringify(seed));
  mockFetch({
    '/api/sets/latest': { sets: [] },
    '/api/cart/check': { cards: [{ id: 'dark-magician', name: 'Dark Magician', price: 1250, stockFinal: 0 }] },
  });
  renderApp('/cart');

  expect(await screen.findByRole('alert')).toHaveTextContent(`${messages.cart.outOfStock}: Dark Magician.`);
  expect(within(screen.getByRole('main')).getByText(messages.cart.empty)).toBeInTheDocument();
  expect(JSON.parse(window.localStorage.getItem('cart')!)).toEqual([]);
});
