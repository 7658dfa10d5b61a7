import { messages } from '@tcg/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, renderApp } from '@/testing/test-utils';
import { BEHIND_RECHECKS, type MyOrdersResponse, type OrderHistoryEntry } from './api/get-my-orders';
import { NEW_TAB } from '@/components/ui/new-tab-note';

const lucia = { id: 'u1', name: 'Lucía Quispe', firstName: 'Lucía', email: 'cliente@demo.tcg.pe', phone: '987654321' };
const signedIn = { user: lucia, isAdmin: false };
/** The history as a placed order lands on it: the position in the entry's state, not the address. */
const placed = { pathname: '/account/history', state: { position: 42 } };

const newest: OrderHistoryEntry = {
  id: '3f2a9c1e-7b44-4d2e-9a10-5e6f7a8b9c0d',
  createdAt: '2025-03-05T20:30:00.000Z',
  total: 6050,
  status: 'pendiente_confirmación_pago',
  items: [
    { name: 'Jinzo', quantity: 1, unitPrice: 5000 },
    { name: 'Kuriboh', quantity: 3, unitPrice: 350 },
  ],
  proofUrl: '/api/proofs/u1/3f2a.png',
};
const older: OrderHistoryEntry = { ...newest, id: 'a1b2c3d4-0000-4000-8000-000000000000', createdAt: '2025-01-10T15:00:00.000Z', total: 700, status: 'confirmado', items: [{ name: 'Kuriboh', quantity: 2, unitPrice: 350 }] };
const odd: OrderHistoryEntry = { ...older, id: 'ffffeeee-0000-4000-8000-000000000000', status: 'en_revision' };

function shop(me: unknown, orders: Record<string, unknown>) {
  return mockFetch({ '/api/sets/latest': { sets: [] }, '/api/auth/me': me, '/api/auth/config': { devLogin: true, google: false }, ...orders });
}

const where = (router: ReturnType<typeof renderApp>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => window.localStorage.clear());

it('lists the orders as the server sent them (newest first) with short id, date, total, badge, items and proof', async () => {
  const fetch = shop(signedIn, { '/api/orders/mine?position=42': { orders: [newest, older, odd] } });
  renderApp(placed);
  const list = (await screen.findAllByText(/^Pedido #/)).map((node) => node.closest('li')!);
  expect(list.map((card) => within(card).getByText(/^Pedido #/).textContent)).toEqual(['Pedido #3f2a9c1e', 'Pedido #a1b2c3d4', 'Pedido #ffffeeee']);
  const first = within(list[0]);
  expect(first.getByText('5/3/2025')).toBeInTheDocument();
  expect(first.getByText('S/ 60.50')).toBeInTheDocument();
  expect(first.getByText('Pendiente de Confirmación')).toBeInTheDocument();
  expect(first.getByText('Jinzo × 1')).toBeInTheDocument();
  expect(first.getByText('Kuriboh × 3')).toBeInTheDocument();
  expect(first.getByRole('link', { name: 'Ver comprobante' })).toHaveAttribute('href', newest.proofUrl);
  expect(first.getByRole('link', { name: 'Ver comprobante' })).toHaveAccessibleDescription(NEW_TAB);
  // Said to the eye too, with an arrow out of the page.
  expect(first.getByRole('link', { name: 'Ver comprobante' })).toHaveTextContent('Ver comprobante ↗');
  expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Pedido #3f2a9c1e', 'Pedido #a1b2c3d4', 'Pedido #ffffeeee']);
  expect(within(list[1]).getByText('Pago Confirmado')).toBeInTheDocument();
  expect(within(list[2]).getByText('en_revision')).toBeInTheDocument();
  expect(fetch).toHaveBeenCalledWith('/api/orders/mine?position=42', expect.anything());
});

it('groups a large quantity by thousands', async () => {
  const bulk: OrderHistoryEntry = { ...older, items: [{ name: 'Kuriboh', quantity: 100_000, unitPrice: 350 }], total: 35_000_000 };
  shop(signedIn, { '/api/orders/mine?position=42': { orders: [bulk] } });
  renderApp(placed);
  expect(await screen.findByText('Kuriboh × 100,000')).toBeInTheDocument();
});

it('shows skeletons while loading, then the empty text', async () => {
  let answer: (response: Response) => void = () => undefined;
  shop(signedIn, { '/api/orders/mine': () => new Promise<Response>((resolve) => (answer = resolve)) });
  renderApp('/account/history');
  expect(await screen.findByLabelText('Cargando pedidos')).toHaveAttribute('aria-busy', 'true');
  answer(jsonResponse({ orders: [] }));
  expect(await screen.findByText(messages.orders.empty)).toBeInTheDocument();
  expect(screen.queryByLabelText('Cargando pedidos')).not.toBeInTheDocument();
});

// Before: with the shop slow to show it, the shopper landed on a list without the order just placed,
// or on "No tienes pedidos registrados.", and nothing looked again.
it('says the order just placed is on its way while the list is behind, and asks again until it is there', async () => {
  const answers = [{ orders: [older], behind: true }, { orders: [newest, older], behind: false }];
  const fetch = shop(signedIn, { '/api/orders/mine?position=42': () => jsonResponse(answers.length > 1 ? answers.shift() : answers[0]) });
  renderApp(placed);
  expect((await screen.findByText(messages.orders.registering)).closest('[role="status"]')).not.toBeNull();
  expect(screen.getByText('Pedido #a1b2c3d4')).toBeInTheDocument();
  expect(await screen.findByText('Pedido #3f2a9c1e', undefined, { timeout: 3000 })).toBeInTheDocument();
  expect(screen.queryByText(messages.orders.registering)).not.toBeInTheDocument();
  const asked = fetch.mock.calls.filter(([input]) => String(input).endsWith('/api/orders/mine?position=42')).length;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(fetch.mock.calls.filter(([input]) => String(input).endsWith('/api/orders/mine?position=42'))).toHaveLength(asked);
});

it('says the order is on its way rather than that there are no orders', async () => {
  shop(signedIn, { '/api/orders/mine?position=42': { orders: [], behind: true } });
  renderApp(placed);
  expect((await screen.findByText(messages.orders.registering)).closest('[role="status"]')).not.toBeNull();
  expect(screen.queryByText(messages.orders.empty)).not.toBeInTheDocument();
});

// Before: after a minute of asking, the page still promised the order "en unos segundos" and never asked again.
it('stops promising seconds once it stopped asking, and offers to ask again', async () => {
  const answers: MyOrdersResponse[] = [{ orders: [], behind: true }];
  shop(signedIn, { '/api/orders/mine?position=42': () => jsonResponse(answers[0]) });
  const { user, queryClient } = renderApp(placed);
  await screen.findByText(messages.orders.registering);
  const key = ['orders', 'mine', '42'];
  act(() => {
    for (let ask = 1; ask <= BEHIND_RECHECKS; ask++) {
      queryClient.setQueryData(key, { pages: [{ orders: [], behind: true }], pageParams: [null] }, { updatedAt: Date.now() + ask });
    }
  });
  expect(await screen.findByText(messages.orders.registeringLate)).toBeInTheDocument();
  expect(screen.queryByText(messages.orders.registering)).not.toBeInTheDocument();
  answers[0] = { orders: [newest], behind: false };
  await user.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('Pedido #3f2a9c1e')).toBeInTheDocument();
  expect(screen.queryByText(messages.orders.registeringLate)).not.toBeInTheDocument();
});

it('toasts the spec text when the orders cannot be loaded', async () => {
  shop(signedIn, { '/api/orders/mine': () => jsonResponse({ statusCode: 500, code: 'internal', message: 'x' }, 500) });
  renderApp('/account/history');
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.orders.loadFailed);
});

it('sends a signed-out visitor to sign in with the spec text', async () => {
  shop({ user: null, isAdmin: false }, {});
  const { router } = renderApp('/account/history');
  expect(await screen.findByText(messages.orders.mustSignIn)).toBeInTheDocument();
  await waitFor(() => expect(where(router)).toBe('/guest-or-login?returnTo=%2Faccount%2Fhistory'));
});

it('sends a shopper whose session ended elsewhere to sign in with the spec text, not a load error', async () => {
  const fetch = shop(signedIn, {
    '/api/orders/mine': () => jsonResponse({ statusCode: 401, code: 'unauthorized', message: 'Debes iniciar sesión para continuar.' }, 401),
  });
  const { router } = renderApp('/account/history');
  await waitFor(() => expect(where(router)).toBe('/guest-or-login?returnTo=%2Faccount%2Fhistory'));
  expect(await screen.findByText(messages.orders.mustSignIn)).toBeInTheDocument();
  expect(screen.queryByText(messages.orders.loadFailed)).not.toBeInTheDocument();
  expect(screen.getAllByText(messages.orders.mustSignIn)).toHaveLength(1);
  // Signed out everywhere on the page: the header no longer greets her.
  expect(screen.queryByText(/Lucía/)).not.toBeInTheDocument();
  expect(fetch.mock.calls.filter(([input]) => input === '/api/orders/mine').length).toBeLessThanOrEqual(2);
});

// Before: every order ever placed came in one answer and was drawn at once.
it('shows older orders a page at a time, going on from where the last page ended', async () => {
  const fetch = shop(signedIn, {
    '/api/orders/mine': { orders: [newest], next: '1741206600000_9' },
    '/api/orders/mine?before=1741206600000_9': { orders: [older], next: null },
  });
  const { user } = renderApp('/account/history');
  expect(await screen.findByText('Pedido #3f2a9c1e')).toBeInTheDocument();
  expect(screen.queryByText('Pedido #a1b2c3d4')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Ver pedidos anteriores' }));
  expect(await screen.findByText('Pedido #a1b2c3d4')).toBeInTheDocument();
  expect(screen.getByText('Pedido #3f2a9c1e')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Ver pedidos anteriores' })).not.toBeInTheDocument();
  expect(fetch).toHaveBeenCalledWith('/api/orders/mine?before=1741206600000_9', expect.anything());
});

it('keeps the orders shown when an older page cannot be loaded, and says so', async () => {
  shop(signedIn, {
    '/api/orders/mine': { orders: [newest], next: '1741206600000_9' },
    '/api/orders/mine?before=1741206600000_9': () => jsonResponse({ statusCode: 500, code: 'internal', message: 'x' }, 500),
  });
  const { user } = renderApp('/account/history');
  await user.click(await screen.findByRole('button', { name: 'Ver pedidos anteriores' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(messages.orders.loadFailed);
  expect(screen.getByText('Pedido #3f2a9c1e')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Ver pedidos anteriores' })).toBeEnabled();
});
