import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, renderApp } from '@/testing/test-utils';
import { frameAnswers, signedInAs } from '../dashboard/testing/admin-session';
import { auditRow } from './testing/stock-check-rows';

const even = auditRow('Dark Magician', 4, 4);
const over = auditRow('Blue-Eyes White Dragon', 7, 4);
const under = auditRow('Kuriboh', 1, 6);

const row = (name: string) => screen.getByRole('row', { name });

describe('stock audit table', () => {
  it('shows recorded, computed and the difference, green when zero and red otherwise', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/stock-check': { cards: [even, over, under] } });
    renderApp('/admin/stock-check');
    await screen.findByRole('row', { name: 'Dark Magician' });

    const cells = (name: string) =>
      within(row(name))
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent);
    expect(cells('Blue-Eyes White Dragon')).toEqual(['Legend of Blue Eyes', 'Ultra Rare', '1st Edition', '7', '4', '+3']);
    const difference = (name: string) => within(row(name)).getByTestId('stock-difference');
    expect(difference('Dark Magician')).toHaveClass('stock-diff--ok');
    expect(difference('Dark Magician')).toHaveTextContent(/^0$/);
    expect(difference('Blue-Eyes White Dragon')).toHaveClass('stock-diff--off');
    expect(difference('Kuriboh')).toHaveClass('stock-diff--off');
    expect(difference('Kuriboh')).toHaveTextContent(/^-5$/);
  });

  it("asks the server for differing cards only with 'Solo con diferencia', and searches by name", async () => {
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/stock-check': { cards: [even, over, under] },
      '/api/admin/stock-check?onlyDiff=true': { cards: [over, under] },
      '/api/admin/stock-check?q=kuri&onlyDiff=true': { cards: [under] },
    });
    const { user } = renderApp('/admin/stock-check');
    await screen.findByRole('row', { name: 'Dark Magician' });

    await user.click(screen.getByRole('checkbox', { name: 'Solo con diferencia' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Dark Magician' })).not.toBeInTheDocument());
    expect(screen.getAllByTestId('stock-row')).toHaveLength(2);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre' }), 'kuri');
    await waitFor(() => expect(screen.getAllByTestId('stock-row')).toHaveLength(1));
    expect(row('Kuriboh')).toBeInTheDocument();
    const asked = fetch.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('/api/admin/stock-check'));
    expect(asked).not.toContain('/api/admin/stock-check?q=k&onlyDiff=true');
  });

  it('expands a card into its movements, each marked with its type', async () => {
    mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/stock-check': { cards: [even] },
      [`/api/admin/cards/${encodeURIComponent(even.id)}/movements`]: {
        movements: [
          { type: 'ingreso', quantity: 5, timestamp: '2024-03-05T15:30:00.000Z', unitCost: 100, source: null, orderId: null },
          { type: 'reserva', quantity: 2, timestamp: '2024-03-06T15:30:00.000Z', unitCost: null, source: null, orderId: 'o1' },
          { type: 'venta', quantity: 1, timestamp: '2024-03-07T15:30:00.000Z', unitCost: null, source: 'r1', orderId: 'o1' },
          { type: 'anulacion', quantity: 1, timestamp: '2024-03-08T15:30:00.000Z', unitCost: null, source: 'r2', orderId: 'o2' },
        ],
      },
    });
    const { user } = renderApp('/admin/stock-check');
    await user.click(await within(await screen.findByRole('row', { name: 'Dark Magician' })).findByRole('button', { name: 'Movimientos' }));

    const items = within(await screen.findByRole('list', { name: 'Movimientos' })).getAllByRole('listitem');
    expect(items.map((item) => [item.className, item.querySelector('.movement__quantity')?.textContent])).toEqual([
      ['movement movement--ingreso', '5'],
      ['movement movement--reserva', '2'],
      ['movement movement--venta', '1'],
      ['movement movement--anulacion', '1'],
    ]);
    expect(items[0]).toHaveTextContent('5/3/2024');
    await user.click(screen.getByRole('button', { name: 'Ocultar movimientos' }));
    expect(screen.queryByRole('list', { name: 'Movimientos' })).not.toBeInTheDocument();
  });

  it('shows the API message when the audit cannot load', async () => {
    mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/stock-check': () =>
        jsonResponse({ statusCode: 500, code: 'internal', message: 'Ocurrió un error inesperado. Inténtalo de nuevo.' }, 500),
    });
    renderApp('/admin/stock-check');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocurrió un error inesperado. Inténtalo de nuevo.');
  });
});
