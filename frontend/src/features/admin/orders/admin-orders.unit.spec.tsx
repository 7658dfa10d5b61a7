import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, renderApp } from '@/testing/test-utils';
import { frameAnswers, signedInAs } from '../dashboard/testing/admin-session';
import type { AdminOrder } from './api/get-admin-orders';
import { cancelQuestion } from './components/admin-orders-list';

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

  it('shows every order with its admin label, contact, line totals, total and proof; buttons only on pending ones', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/orders': { orders: [pending, confirmed, cancelled] } });
    renderApp('/admin/orders');
    await screen.findByRole('listitem', { name: 'Pedido #aaaaaaaa' });

    const first = within(card(pending.id));
    expect(first.getByText('Pendiente')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'lucia@example.pe' })).toHaveAttribute('href', 'mailto:lucia@example.pe');
    expect(first.getByText('987654321')).toBeInTheDocument();
    expect(first.getByText('5/3/2024')).toBeInTheDocument();
    expect(first.getByRole('row', { name: /Kuriboh 3 S\/ 3\.50 S\/ 10\.50/ })).toBeInTheDocument();
    expect(first.getByRole('row', { name: /Total S\/ 60\.50/ })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Ver comprobante' })).toHaveAttribute('href', pending.proofUrl);
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

  it('confirms a pending order and shows the refetched status', async () => {
    let orders = [pending];
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/orders': () => jsonResponse({ orders }),
      [`/api/admin/orders/${pending.id}/confirm`]: () => {
        orders = [{ ...pending, status: 'confirmado' }];
        return jsonResponse({ orderId: pending.id, status: 'confirmado', changed: true, position: 9 });
      },
    });
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));

    expect(await within(card(pending.id)).findByText('Confirmado')).toBeInTheDocument();
    expect(within(card(pending.id)).queryByRole('button')).not.toBeInTheDocument();
    const post = fetch.mock.calls.find(([path]) => path === `/api/admin/orders/${pending.id}/confirm`);
    expect(post?.[1]).toMatchObject({ method: 'POST' });
  });

  it('only logs a failed cancel (spec §8) and keeps the order as the server has it', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/orders': { orders: [pending] },
      [`/api/admin/orders/${pending.id}/cancel`]: () =>
        jsonResponse(
          { statusCode: 409, code: 'order_already_confirmed', message: 'El pedido ya fue confirmado; no se puede anular.' },
          409,
        ),
    });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Anular' }));

    await waitFor(() => expect(logged).toHaveBeenCalledWith('admin order cancel failed', expect.objectContaining({ orderId: pending.id })));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('El pedido ya fue confirmado; no se puede anular.')).not.toBeInTheDocument();
    expect(within(card(pending.id)).getByRole('button', { name: 'Anular' })).toBeEnabled();
    logged.mockRestore();
  });

  it('asks before cancelling, and sends nothing when the admin declines', async () => {
    const fetch = mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/orders': { orders: [pending] } });
    const ask = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Anular' }));
    expect(ask).toHaveBeenCalledWith(cancelQuestion(pending.id));
    expect(cancelQuestion(pending.id)).toBe('¿Anular el pedido #aaaaaaaa? Sus unidades volverán al stock.');
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContain(`/api/admin/orders/${pending.id}/cancel`);
    expect(within(card(pending.id)).getByRole('button', { name: 'Anular' })).toBeEnabled();
  });
});
