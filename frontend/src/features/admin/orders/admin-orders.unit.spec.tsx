import { messages } from '@tcg/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { NEW_TAB } from '@/components/ui/new-tab-note';
import { jsonResponse, mockFetch, renderApp } from '@/testing/test-utils';
import { frameAnswers, signedInAs } from '../dashboard/testing/admin-session';
import type { AdminOrder } from './api/get-admin-orders';
import { cancelQuestion } from './components/admin-orders-list';
import { ordersPage } from './testing/orders-page';

function order(id: string, status: string, overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id,
    name: 'Lucía Quispe',
    email: 'lucia@example.pe',
    phone: '987654321',
    createdAt: '2024-03-05T15:30:00.000Z',
    status,
    total: 5000 + 3 * 350,
    items: [
      { cardId: 'c1', name: 'Jinzo', quantity: 1, unitPrice: 5000, lineTotal: 5000 },
      { cardId: 'c2', name: 'Kuriboh', quantity: 3, unitPrice: 350, lineTotal: 1050 },
    ],
    proofUrl: `/api/proofs/u1/${id}.png`,
    sameProofOrderIds: [],
    ...overrides,
  };
}

const pending = order('aaaaaaaa-1111', 'pendiente_confirmación_pago', { sameProofOrderIds: ['bbbbbbbb-2222'] });
const confirmed = order('bbbbbbbb-2222', 'confirmado');
const cancelled = order('cccccccc-3333', 'anulado');

const card = (id: string) => screen.getByRole('listitem', { name: `Pedido #${id.slice(0, 8)}` });

describe('admin orders list', () => {
  afterEach(() => jest.restoreAllMocks());

  // Before: every order that used the proof was listed in one line (QA: 240 ids).
  it('names the first five orders that used the same proof, then how many more', async () => {
    const others = Array.from({ length: 8 }, (_, index) => `${String(index + 1).repeat(8)}-0000`);
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/orders': ordersPage([order('aaaaaaaa-1111', 'pendiente_confirmación_pago', { sameProofOrderIds: others })]) });
    renderApp('/admin/orders');
    await screen.findByRole('listitem', { name: 'Pedido #aaaaaaaa' });
    expect(within(card('aaaaaaaa-1111')).getByRole('note')).toHaveTextContent('Comprobante repetido en #11111111, #22222222, #33333333, #44444444, #55555555 y 3 más');
  });

  it('shows every order with its admin label, contact, line totals, total and proof; buttons only on pending ones', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/orders': ordersPage([pending, confirmed, cancelled]) });
    renderApp('/admin/orders');
    await screen.findByRole('listitem', { name: 'Pedido #aaaaaaaa' });

    const first = within(card(pending.id));
    expect(first.getByText('Pendiente')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'lucia@example.pe' })).toHaveAttribute('href', 'mailto:lucia@example.pe');
    expect(first.getByRole('link', { name: '987654321' })).toHaveAttribute('href', 'tel:+51987654321');
    // Admin QA: the checkout asks for a 'WhatsApp / Celular', and the order offered no chat.
    expect(first.getByRole('link', { name: 'WhatsApp 987654321' })).toHaveAttribute('href', 'https://wa.me/51987654321');
    expect(first.getByRole('link', { name: 'WhatsApp 987654321' })).toHaveAccessibleDescription(NEW_TAB);
    expect(first.getByText('5/3/2024')).toBeInTheDocument();
    expect(first.getByRole('row', { name: /Kuriboh 3 S\/ 3\.50 S\/ 10\.50/ })).toBeInTheDocument();
    expect(first.getByRole('row', { name: /Total S\/ 60\.50/ })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Ver comprobante' })).toHaveAttribute('href', pending.proofUrl);
    expect(first.getByRole('link', { name: 'Ver comprobante' })).toHaveAccessibleDescription(NEW_TAB);
    expect(first.getByRole('note')).toHaveTextContent('Comprobante repetido en #bbbbbbbb');
    expect(first.getByRole('button', { name: 'Confirmar' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Anular' })).toBeInTheDocument();

    for (const [done, label] of [
      [confirmed, 'Confirmado'],
      [cancelled, 'Anulado'],
    ] as const) {
      const other = within(card(done.id));
      expect(other.getByText(label)).toBeInTheDocument();
      expect(other.queryByRole('button')).not.toBeInTheDocument();
      expect(other.queryByRole('note')).not.toBeInTheDocument();
    }
  });

  /** The pending order, confirmed by the server when asked. */
  function confirmingServer() {
    let orders = [pending];
    return mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/orders': () => jsonResponse(ordersPage(orders)),
      [`/api/admin/orders/${pending.id}/confirm`]: () => {
        orders = [{ ...pending, status: 'confirmado' }];
        return jsonResponse({ orderId: pending.id, status: 'confirmado', changed: true, position: 9 });
      },
    });
  }

  // QA: an erased customer's order showed 'Datos eliminados' three times, two of them as mailto: and tel: links.
  it("says once that an erased customer's contact is gone, with nothing to write to or call, and that their proof is", async () => {
    const erased = messages.orders.erased;
    const customer = { name: erased, email: erased, phone: erased, proofUrl: null };
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/orders': ordersPage([order('dddddddd-4444', 'confirmado', customer)]) });
    renderApp('/admin/orders');
    const shown = within(await screen.findByRole('listitem', { name: 'Pedido #dddddddd' }));
    expect(shown.getAllByText(erased)).toHaveLength(1);
    expect(shown.queryByRole('link', { name: erased })).not.toBeInTheDocument();
    expect(shown.getByText(messages.orders.proofErased)).toBeInTheDocument();
    expect(shown.queryByRole('link', { name: 'Ver comprobante' })).not.toBeInTheDocument();
  });

  it('confirms a pending order and shows the refetched status', async () => {
    const fetch = confirmingServer();
    const { user } = renderApp('/admin/orders');
    const confirm = await screen.findByRole('button', { name: 'Confirmar' });
    expect(confirm).toHaveAccessibleDescription('Pedido #aaaaaaaa');
    await user.click(confirm);

    expect(await within(card(pending.id)).findByText('Confirmado')).toBeInTheDocument();
    expect(within(card(pending.id)).queryByRole('button')).not.toBeInTheDocument();
    // Its buttons are gone: the order has the focus, not <body>, and is read with its new status.
    expect(card(pending.id)).toHaveFocus();
    expect(card(pending.id)).toHaveAccessibleDescription('Confirmado');
    const post = fetch.mock.calls.find(([path]) => path === `/api/admin/orders/${pending.id}/confirm`);
    expect(post?.[1]).toMatchObject({ method: 'POST' });
  });

  it('sends an admin whose session ended elsewhere to sign in, and back to the orders after', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/orders': ordersPage([pending]),
      [`/api/admin/orders/${pending.id}/confirm`]: () => jsonResponse({ statusCode: 401, code: 'unauthorized', message: 'Debes iniciar sesión para continuar.' }, 401),
    });
    const { user, router } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?returnTo=%2Fadmin%2Forders'));
  });

  it('confirms once for a double click on Confirmar', async () => {
    const fetch = confirmingServer();
    renderApp('/admin/orders');
    // Both clicks before the page renders again, as a quick double click lands.
    const confirm = await screen.findByRole('button', { name: 'Confirmar' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await within(card(pending.id)).findByText('Confirmado')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([path]) => path === `/api/admin/orders/${pending.id}/confirm`)).toHaveLength(1);
  });

  // Admin QA: spec §8 only logs a failed confirm or cancel, and a cancel refused because the order was
  // confirmed in another tab left the admin guessing (docs/decisions/0005).
  it.each([
    ['cancel', 'Anular', 409, 'El pedido ya fue confirmado; no se puede anular.', 'El pedido ya fue confirmado; no se puede anular.'],
    ['confirm', 'Confirmar', 500, 'Ocurrió un error inesperado.', messages.admin.orders.confirmFailed],
  ])('says why a %s failed (the shop\'s reason, or its own words for a fault), logs it, and keeps the order as the server has it', async (action, button, status, answered, said) => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/orders': ordersPage([pending]),
      [`/api/admin/orders/${pending.id}/${action}`]: () => jsonResponse({ statusCode: status, code: 'refused', message: answered }, status),
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('button', { name: button }));

    expect(await screen.findByText(said, { selector: '[role="alert"] .toast__message' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith(`admin order ${action} failed`, expect.objectContaining({ orderId: pending.id }));
    expect(within(card(pending.id)).getByRole('button', { name: button })).toBeEnabled();
    logged.mockRestore();
  });

  it('asks before cancelling, and sends nothing when the admin declines', async () => {
    const fetch = mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/orders': ordersPage([pending]) });
    const ask = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Anular' }));
    expect(ask).toHaveBeenCalledWith(cancelQuestion(pending.id));
    expect(cancelQuestion(pending.id)).toBe('¿Anular el pedido #aaaaaaaa? Sus unidades volverán al stock.');
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContain(`/api/admin/orders/${pending.id}/cancel`);
    expect(within(card(pending.id)).getByRole('button', { name: 'Anular' })).toBeEnabled();
  });
});

describe('admin orders pages', () => {
  const pagination = () => screen.queryByRole('navigation', { name: 'Paginación' });
  const asked = (fetch: jest.Mock) =>
    fetch.mock.calls.map(([path]) => String(path)).filter((path) => /^\/api\/admin\/orders(\?|$)/.test(path));
  const newest = order('dddddddd-4444', 'confirmado');
  const middle = order('eeeeeeee-5555', 'pendiente_confirmación_pago');
  const oldest = order('ffffffff-6666', 'anulado');
  /** 120 orders: three pages of 50. */
  const threePages = {
    '/api/admin/orders': ordersPage([newest], { page: 1, total: 120 }),
    '/api/admin/orders?page=2': ordersPage([middle], { page: 2, total: 120 }),
    '/api/admin/orders?page=3': ordersPage([oldest], { page: 3, total: 120 }),
  };

  it('shows no pagination when every order fits in one page', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/orders': ordersPage([pending, confirmed, cancelled]) });
    renderApp('/admin/orders');
    await screen.findByRole('listitem', { name: 'Pedido #aaaaaaaa' });
    expect(screen.getAllByRole('listitem', { name: /^Pedido #/ })).toHaveLength(3);
    expect(pagination()).not.toBeInTheDocument();
  });

  // Admin QA: on a busy day the older pending orders went to page 2, under the ones already dealt with.
  it("shows only the pending orders with 'Solo pendientes', their count beside it, kept in the URL and from page 1", async () => {
    let answerPending: () => void = () => undefined;
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      ...threePages,
      '/api/admin/orders?page=2': ordersPage([middle], { page: 2, total: 120, pending: 7 }),
      '/api/admin/orders?pending=1': () =>
        new Promise<Response>((resolve) => {
          answerPending = () => resolve(jsonResponse(ordersPage([pending], { page: 1, total: 7, pending: 7 })));
        }) as unknown as Response,
    });
    const { user, router } = renderApp('/admin/orders?page=2');
    await screen.findByRole('listitem', { name: 'Pedido #eeeeeeee' });
    await user.click(screen.getByRole('checkbox', { name: 'Solo pendientes (7)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pendientes=1'));
    // While the pending ones load, the list the box just filtered is not shown under it (QA: it was).
    expect(await screen.findByRole('list', { name: 'Cargando pedidos' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Pedido #eeeeeeee' })).not.toBeInTheDocument();
    answerPending();
    expect(await screen.findByRole('listitem', { name: 'Pedido #aaaaaaaa' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Solo pendientes (7)' })).toBeChecked();
    expect(asked(fetch)).not.toContain('/api/admin/orders?pending=1&page=2');
    expect(pagination()).not.toBeInTheDocument();

    // Back returns to the page the box was ticked on (QA: it went to page 1, and page 2 left the history).
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('listitem', { name: 'Pedido #eeeeeeee' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('checkbox', { name: /^Solo pendientes/ })).not.toBeChecked();
  });

  it('says there are no pending orders when none waits', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/orders?pending=1': ordersPage([]) });
    renderApp('/admin/orders?pendientes=1');
    expect(await screen.findByText('No hay pedidos pendientes.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Solo pendientes (0)' })).toBeChecked();
  });

  it("pages through the orders with 'Página siguiente', keeping the page in the URL for the back button", async () => {
    let answerPage2: () => void = () => undefined;
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      ...threePages,
      '/api/admin/orders?page=2': () =>
        new Promise<Response>((resolve) => {
          answerPage2 = () => resolve(jsonResponse(threePages['/api/admin/orders?page=2']));
        }) as unknown as Response,
    });
    const { user, router } = renderApp('/admin/orders');
    await screen.findByRole('listitem', { name: 'Pedido #dddddddd' });
    const nav = pagination();
    expect(nav).toBeInTheDocument();
    expect(within(nav!).getByText('1')).toHaveAttribute('aria-current', 'page');
    expect(within(nav!).queryByRole('link', { name: 'Página anterior' })).not.toBeInTheDocument();
    expect(within(nav!).getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/admin/orders?page=3');

    await user.click(within(nav!).getByRole('link', { name: 'Página siguiente' }));
    await waitFor(() => expect(asked(fetch)).toEqual(['/api/admin/orders', '/api/admin/orders?page=2']));
    expect(router.state.location.search).toBe('?page=2');
    // While page 2 loads, page 1 stays on screen (no skeleton) and so does its highlighted number.
    expect(screen.queryByRole('list', { name: 'Cargando pedidos' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Pedido #dddddddd' })).toBeInTheDocument();
    expect(within(pagination()!).getByText('1')).toHaveAttribute('aria-current', 'page');

    act(() => answerPage2());
    expect(await screen.findByRole('listitem', { name: 'Pedido #eeeeeeee' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Pedido #dddddddd' })).not.toBeInTheDocument();
    expect(within(pagination()!).getByText('2')).toHaveAttribute('aria-current', 'page');
    expect(within(pagination()!).getByRole('link', { name: 'Primera página' })).toHaveAttribute('href', '/admin/orders');
    // The link used is still in page 2's row and keeps the focus; on the last page it is gone, and the focus goes to the page's content, not to <body>.
    expect(within(pagination()!).getByRole('link', { name: 'Página siguiente' })).toHaveFocus();
    await user.click(within(pagination()!).getByRole('link', { name: 'Página siguiente' }));
    expect(await screen.findByText('3', { selector: '[aria-current="page"]' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();

    await act(() => router.navigate(-2));
    expect(await screen.findByRole('listitem', { name: 'Pedido #dddddddd' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it.each(['0', 'abc', '-2', '1.5'])('reads ?page=%s as page 1', async (raw) => {
    const fetch = mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, ...threePages });
    renderApp(`/admin/orders?page=${raw}`);
    await screen.findByRole('listitem', { name: 'Pedido #dddddddd' });
    expect(asked(fetch)).toEqual(['/api/admin/orders']);
    expect(within(pagination()!).getByText('1')).toHaveAttribute('aria-current', 'page');
  });

  it('goes to the last page when a page past it comes back empty, never saying there are no orders', async () => {
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      ...threePages,
      '/api/admin/orders?page=9': ordersPage([], { page: 9, total: 120 }),
    });
    const { router } = renderApp('/admin/orders?page=9');
    let saidEmpty = false;
    await waitFor(() => {
      if (screen.queryByText('No hay pedidos registrados.')) saidEmpty = true;
      expect(screen.getByRole('listitem', { name: 'Pedido #ffffffff' })).toBeInTheDocument();
    });
    expect(saidEmpty).toBe(false);
    expect(asked(fetch)).toEqual(['/api/admin/orders?page=9', '/api/admin/orders?page=3']);
    expect(router.state.location.search).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(within(pagination()!).getByText('3')).toHaveAttribute('aria-current', 'page');
  });

  it('still says there are no orders when there are none at all', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/orders?page=2': ordersPage([], { page: 2, total: 0 }) });
    renderApp('/admin/orders?page=2');
    expect(await screen.findByText('No hay pedidos registrados.')).toBeInTheDocument();
    expect(pagination()).not.toBeInTheDocument();
  });

  it('confirms an order on page 2, keeping that page and its pagination while it refetches', async () => {
    let confirmedYet = false;
    let answerRefetch: (() => void) | undefined;
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      ...threePages,
      '/api/admin/orders?page=2': () =>
        confirmedYet
          ? (new Promise<Response>((resolve) => {
              answerRefetch = () => resolve(jsonResponse(ordersPage([{ ...middle, status: 'confirmado' }], { page: 2, total: 120 })));
            }) as unknown as Response)
          : jsonResponse(threePages['/api/admin/orders?page=2']),
      [`/api/admin/orders/${middle.id}/confirm`]: () => {
        confirmedYet = true;
        return jsonResponse({ orderId: middle.id, status: 'confirmado', changed: true, position: 12 });
      },
    });
    const { user, router } = renderApp('/admin/orders?page=2');
    await user.click(
      await within(await screen.findByRole('listitem', { name: 'Pedido #eeeeeeee' })).findByRole('button', { name: 'Confirmar' }),
    );

    // The confirm has settled and page 2 is being refetched: the cached page 2 is still whole.
    await waitFor(() => expect(answerRefetch).toBeDefined());
    expect(asked(fetch)).toEqual(['/api/admin/orders?page=2', '/api/admin/orders?page=2']);
    expect(card(middle.id)).toBeInTheDocument();
    expect(within(pagination()!).getByText('2')).toHaveAttribute('aria-current', 'page');
    expect(within(pagination()!).getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/admin/orders?page=3');

    act(() => answerRefetch!());
    expect(await within(card(middle.id)).findByText('Confirmado')).toBeInTheDocument();
    expect(within(card(middle.id)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(pagination()!).getByText('2')).toHaveAttribute('aria-current', 'page');
    expect(within(pagination()!).getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/admin/orders?page=3');
    expect(router.state.location.search).toBe('?page=2');
  });
});
