import { messages } from '@tcg/domain';
import { screen, within } from '@testing-library/react';
import { cardDetail, mockApi } from '@/testing/catalog-fixtures';
import { jsonResponse, renderApp } from '@/testing/test-utils';

const mago = cardDetail({
  id: 'Mago Oscuro_LOB-SP005_Ultra Rare_Unlimited_es',
  name: 'Mago Oscuro',
  defaultName: 'Dark Magician',
  setCode: 'LOB-SP005',
  language: 'es',
  stockFinal: 3,
  lastSalePrice: 12500,
  lastOfferPrice: 9900,
});
const productUrl = `/product/${encodeURIComponent(mago.id)}`;
const apiPath = `/api/cards/${encodeURIComponent(mago.id)}`;

beforeEach(() => window.localStorage.clear());

it('shows the breadcrumb, the card facts, the offer price before the struck sale price, and the stock', async () => {
  mockApi({ [apiPath]: () => mago, '/api/sets/latest': () => ({ sets: [] }) });
  renderApp(productUrl);

  expect(await screen.findByRole('heading', { level: 1, name: 'Mago Oscuro' })).toBeInTheDocument();
  const crumbs = within(screen.getByRole('navigation', { name: 'Ruta de navegación' }));
  expect(crumbs.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
  expect(crumbs.getByRole('link', { name: mago.setName })).toHaveAttribute('href', '/categoria/yugioh/LOB');
  expect(crumbs.getByText('Mago Oscuro')).toHaveAttribute('aria-current', 'page');

  expect(screen.getByText('Español')).toBeInTheDocument();
  expect(screen.getByText('LOB-SP005')).toBeInTheDocument();
  expect(screen.getByText('Ultra Rare')).toBeInTheDocument();
  expect(screen.getByText('Unlimited')).toBeInTheDocument();
  const price = screen.getByTestId('card-price').parentElement!;
  expect(price).toHaveTextContent(/^S\/ 99\.00.*S\/ 125\.00$/);
  expect(price.querySelector('s')).toHaveTextContent('S/ 125.00');
  expect(screen.getByText('3 en stock')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Mago Oscuro' })).toHaveAttribute('src', mago.imageUrl);
});

it('names a set that has no page yet without linking to it (a card uploaded before its set was registered)', async () => {
  mockApi({ [apiPath]: () => ({ ...mago, setName: 'Structure Deck: Mystic Spellcasters', setListed: false }), '/api/sets/latest': () => ({ sets: [] }) });
  renderApp(productUrl);

  await screen.findByRole('heading', { level: 1, name: 'Mago Oscuro' });
  const crumbs = within(screen.getByRole('navigation', { name: 'Ruta de navegación' }));
  expect(crumbs.getByText('Structure Deck: Mystic Spellcasters')).toBeInTheDocument();
  expect(crumbs.queryByRole('link', { name: 'Structure Deck: Mystic Spellcasters' })).not.toBeInTheDocument();
  expect(crumbs.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
});

it('offers quantities 1 to the stock and adds the chosen one, within the stock', async () => {
  mockApi({ [apiPath]: () => mago, '/api/sets/latest': () => ({ sets: [] }) });
  const { user } = renderApp(productUrl);

  const quantity = await screen.findByRole('combobox', { name: 'Cantidad' });
  expect(within(quantity).getAllByRole('option').map((option) => option.textContent)).toEqual(['1', '2', '3']);
  await user.selectOptions(quantity, '2');
  await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
  expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
  expect(screen.getByRole('status')).toHaveTextContent(messages.cart.added('Mago Oscuro'));
  expect(JSON.parse(window.localStorage.getItem('cart')!)).toEqual([
    expect.objectContaining({ id: mago.id, quantity: 2, price: 9900, maxStock: 3 }),
  ]);

  await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
  expect(screen.getByTestId('cart-count')).toHaveTextContent('3');
  expect(screen.getByRole('alert')).toHaveTextContent(messages.cart.onlyAvailable(3));
});

it('disables adding a sold-out card', async () => {
  mockApi({ [apiPath]: () => ({ ...mago, stockFinal: 0 }), '/api/sets/latest': () => ({ sets: [] }) });
  renderApp(productUrl);
  expect(await screen.findByRole('button', { name: messages.catalog.soldOut })).toBeDisabled();
  expect(screen.getByText(messages.catalog.noStock)).toBeInTheDocument();
});

it('says the card was not found, on the page and in a toast', async () => {
  mockApi({
    '/api/cards/missing': () => jsonResponse({ statusCode: 404, code: 'not_found', message: messages.catalog.cardNotFound }, 404),
    '/api/sets/latest': () => ({ sets: [] }),
  });
  renderApp('/product/missing');
  expect(await screen.findByRole('heading', { level: 1, name: messages.catalog.cardNotFound })).toBeInTheDocument();
  expect(document.title).toBe(messages.catalog.cardNotFound);
  expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  expect(screen.getByRole('alert')).toHaveTextContent(messages.catalog.cardNotFoundToast);
});

it('says the card could not be loaded', async () => {
  mockApi({
    '/api/cards/broken': () => jsonResponse({ statusCode: 500, code: 'internal', message: 'x' }, 500),
    '/api/sets/latest': () => ({ sets: [] }),
  });
  renderApp('/product/broken');
  expect(await screen.findByText(messages.catalog.cardLoadFailed, {}, { timeout: 4000 })).toBeInTheDocument();
});

it('past 100 in stock, the quantity is typed or stepped within the stock (and an order line\'s 100,000) instead of listed', async () => {
  const plenty = { ...mago, stockFinal: 1_000_000 };
  mockApi({ [apiPath]: () => plenty, '/api/sets/latest': () => ({ sets: [] }) });
  const { user } = renderApp(productUrl);

  const typed = await screen.findByRole('spinbutton', { name: 'Cantidad' });
  expect(screen.queryByRole('combobox', { name: 'Cantidad' })).not.toBeInTheDocument();
  expect(screen.queryAllByRole('option')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Agregar una unidad' }));
  expect(typed).toHaveValue(2);

  // More than one order line takes (100,000), though the stock has them: refused as the checkout would.
  await user.clear(typed);
  await user.type(typed, '100001{Enter}');
  expect(screen.getByRole('alert')).toHaveTextContent(messages.domain.invalidQuantity);
  expect(typed).toHaveValue(2);
  expect(typed).toHaveAttribute('max', '100000');

  // Typed, then 'Agregar al carrito' pressed at once: the refusal stops the press, which adds nothing.
  await user.clear(typed);
  await user.type(typed, '100001');
  await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
  expect(typed).toHaveValue(2);
  expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument();
  expect(window.localStorage.getItem('cart')).toBeNull();

  await user.clear(typed);
  await user.type(typed, '250{Enter}');
  await user.click(screen.getByRole('button', { name: 'Agregar al carrito' }));
  expect(screen.getByTestId('cart-count')).toHaveTextContent('99+');
  expect(screen.getByRole('link', { name: 'Carrito, 250 productos' })).toBeInTheDocument();
  expect(JSON.parse(window.localStorage.getItem('cart')!)).toEqual([
    expect.objectContaining({ id: mago.id, quantity: 250, maxStock: 1_000_000 }),
  ]);
});
