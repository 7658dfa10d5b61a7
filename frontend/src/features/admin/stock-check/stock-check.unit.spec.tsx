import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, renderApp } from '@/testing/test-utils';
import { frameAnswers, signedInAs } from '../dashboard/testing/admin-session';
import { auditPage, auditRow } from './testing/stock-check-rows';

const even = auditRow('Dark Magician', 4, 4);
const over = auditRow('Blue-Eyes White Dragon', 7, 4);
const under = auditRow('Kuriboh', 1, 6);

const row = (name: string) => screen.getByRole('row', { name });

describe('stock audit table', () => {
  it('shows recorded, computed and the difference, green when zero and red otherwise', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/stock-check': auditPage([even, over, under]) });
    renderApp('/admin/stock-check');
    await screen.findByRole('row', { name: 'Dark Magician' });

    const cells = (name: string) =>
      within(row(name))
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent);
    expect(cells('Blue-Eyes White Dragon')).toEqual(['Legend of Blue Eyes', 'Ultra Rare', '1st Edition', '7', '4', '+3']);
    // Which print it is, under its name: two prints of one name, rarity and edition looked alike.
    expect(within(row('Blue-Eyes White Dragon')).getByRole('rowheader')).toHaveTextContent(/^Blue-Eyes White DragonLOB-EN001 · Inglés$/);
    const difference = (name: string) => within(row(name)).getByTestId('stock-difference');
    expect(difference('Dark Magician')).toHaveClass('stock-diff--ok');
    expect(difference('Dark Magician')).toHaveTextContent(/^0$/);
    expect(difference('Blue-Eyes White Dragon')).toHaveClass('stock-diff--off');
    expect(difference('Kuriboh')).toHaveClass('stock-diff--off');
    expect(difference('Kuriboh')).toHaveTextContent(/^-5$/);
  });

  // Before: 1500000 and +1500, read digit by digit (QA).
  it('groups stock counts and differences by thousands', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/stock-check': auditPage([auditRow('Exodia the Forbidden One', 1_500_000, 1_498_500)]) });
    renderApp('/admin/stock-check');
    const exodia = await screen.findByRole('row', { name: 'Exodia the Forbidden One' });
    const cells = within(exodia).getAllByRole('cell').slice(3, 6).map((cell) => cell.textContent);
    expect(cells).toEqual(['1,500,000', '1,498,500', '+1,500']);
  });

  it("asks the server for differing cards only with 'Solo con diferencia', and searches by name", async () => {
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/stock-check': auditPage([even, over, under]),
      '/api/admin/stock-check?onlyDiff=true': auditPage([over, under]),
      '/api/admin/stock-check?q=kuri&onlyDiff=true': auditPage([under]),
    });
    const { user } = renderApp('/admin/stock-check');
    await screen.findByRole('row', { name: 'Dark Magician' });

    await user.click(screen.getByRole('checkbox', { name: 'Solo con diferencia' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Dark Magician' })).not.toBeInTheDocument());
    expect(screen.getAllByTestId('stock-row')).toHaveLength(2);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o código' }), 'kuri');
    await waitFor(() => expect(screen.getAllByTestId('stock-row')).toHaveLength(1));
    expect(row('Kuriboh')).toBeInTheDocument();
    const asked = fetch.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('/api/admin/stock-check'));
    expect(asked).not.toContain('/api/admin/stock-check?q=k&onlyDiff=true');
  });

  it('expands a card into its movements, each marked with its type', async () => {
    mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/stock-check': auditPage([even]),
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
    const row = within(await screen.findByRole('row', { name: 'Dark Magician' }));
    // Each row's buttons say which card they are for.
    expect(row.getByRole('button', { name: 'Agregar Stock' })).toHaveAccessibleDescription(/^Dark Magician/);
    await user.click(await row.findByRole('button', { name: 'Movimientos' }));

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

  // Before: every movement the card ever had came at once and filled the row.
  it('shows the latest movements, and earlier ones above them on demand, oldest first', async () => {
    const movement = (type: string, quantity: number, day: number) => ({ type, quantity, timestamp: `2024-03-${String(day).padStart(2, '0')}T15:30:00.000Z`, unitCost: null, source: null, orderId: null });
    const path = `/api/admin/cards/${encodeURIComponent(even.id)}/movements`;
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      '/api/admin/stock-check': auditPage([even]),
      [path]: { movements: [movement('reserva', 2, 10), movement('venta', 2, 11)], earlier: 77 },
      [`${path}?before=77`]: { movements: [movement('ingreso', 5, 1)], earlier: null },
    });
    const { user } = renderApp('/admin/stock-check');
    const row = within(await screen.findByRole('row', { name: 'Dark Magician' }));
    await user.click(await row.findByRole('button', { name: 'Movimientos' }));
    const shown = async () =>
      within(await screen.findByRole('list', { name: 'Movimientos' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.movement__type')?.textContent);
    expect(await shown()).toEqual(['reserva', 'venta']);
    await user.click(screen.getByRole('button', { name: 'Ver movimientos anteriores' }));
    await waitFor(async () => expect(await shown()).toEqual(['ingreso', 'reserva', 'venta']));
    expect(screen.queryByRole('button', { name: 'Ver movimientos anteriores' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(`${path}?before=77`, expect.anything());
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

describe('stock audit pages', () => {
  const pagination = () => screen.queryByRole('navigation', { name: 'Paginación' });
  const asked = (fetch: jest.Mock) =>
    fetch.mock.calls.map(([path]) => String(path)).filter((path) => path.startsWith('/api/admin/stock-check'));
  /** 120 matching cards: three pages of 50. */
  const threePages = {
    '/api/admin/stock-check': auditPage([even], { page: 1, total: 120 }),
    '/api/admin/stock-check?page=2': auditPage([over], { page: 2, total: 120 }),
    '/api/admin/stock-check?page=3': auditPage([under], { page: 3, total: 120 }),
  };

  it('shows no pagination when everything fits in one page', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/stock-check': auditPage([even, over, under]) });
    renderApp('/admin/stock-check');
    await screen.findByRole('row', { name: 'Dark Magician' });
    expect(screen.getAllByTestId('stock-row')).toHaveLength(3);
    expect(pagination()).not.toBeInTheDocument();
  });

  it("pages through the audit with 'Página siguiente', keeping the page in the URL for the back button", async () => {
    const fetch = mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, ...threePages });
    const { user, router } = renderApp('/admin/stock-check');
    await screen.findByRole('row', { name: 'Dark Magician' });
    const nav = pagination();
    expect(nav).toBeInTheDocument();
    expect(within(nav!).getByText('1')).toHaveAttribute('aria-current', 'page');
    expect(within(nav!).queryByRole('link', { name: 'Página anterior' })).not.toBeInTheDocument();
    expect(within(nav!).getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/admin/stock-check?page=3');

    await user.click(within(nav!).getByRole('link', { name: 'Página siguiente' }));
    expect(await screen.findByRole('row', { name: 'Blue-Eyes White Dragon' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Dark Magician' })).not.toBeInTheDocument();
    expect(asked(fetch)).toContain('/api/admin/stock-check?page=2');
    expect(router.state.location.search).toBe('?page=2');
    expect(within(pagination()!).getByText('2')).toHaveAttribute('aria-current', 'page');
    expect(within(pagination()!).getByRole('link', { name: 'Primera página' })).toHaveAttribute('href', '/admin/stock-check');

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('row', { name: 'Dark Magician' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('starts a new search at page 1, with the search in the URL and not the page', async () => {
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      ...threePages,
      '/api/admin/stock-check?q=kuri': auditPage([under]),
    });
    const { user, router } = renderApp('/admin/stock-check?page=2');
    await screen.findByRole('row', { name: 'Blue-Eyes White Dragon' });

    await user.type(screen.getByRole('searchbox', { name: 'Buscar por nombre o código' }), 'kuri');
    expect(await screen.findByRole('row', { name: 'Kuriboh' })).toBeInTheDocument();
    expect(screen.getAllByTestId('stock-row')).toHaveLength(1);
    expect(asked(fetch)).toContain('/api/admin/stock-check?q=kuri');
    expect(asked(fetch).filter((path) => path.includes('q=') && path.includes('page='))).toEqual([]);
    await waitFor(() => expect(router.state.location.search).toBe('?q=kuri'));
    expect(pagination()).not.toBeInTheDocument();
  });

  it("starts again at page 1 when 'Solo con diferencia' changes", async () => {
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      ...threePages,
      '/api/admin/stock-check?onlyDiff=true': auditPage([over, under], { page: 1, total: 60 }),
    });
    const { user, router } = renderApp('/admin/stock-check?page=3');
    await screen.findByRole('row', { name: 'Kuriboh' });

    await user.click(screen.getByRole('checkbox', { name: 'Solo con diferencia' }));
    expect(await screen.findByRole('row', { name: 'Blue-Eyes White Dragon' })).toBeInTheDocument();
    expect(screen.getAllByTestId('stock-row')).toHaveLength(2);
    expect(asked(fetch).filter((path) => path.includes('onlyDiff=true'))).toEqual(['/api/admin/stock-check?onlyDiff=true']);
    await waitFor(() => expect(router.state.location.search).toBe('?diff=1'));
    expect(within(pagination()!).getByText('1')).toHaveAttribute('aria-current', 'page');
  });

  it('opens with the search and filter of its URL (a reload, a shared link), and follows the URL when it changes', async () => {
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      ...threePages,
      '/api/admin/stock-check?q=kuri&onlyDiff=true': auditPage([under]),
      '/api/admin/stock-check?q=kuri': auditPage([under]),
    });
    const { user, router } = renderApp('/admin/stock-check?q=kuri&diff=1');
    expect(await screen.findByRole('row', { name: 'Kuriboh' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Buscar por nombre o código' })).toHaveValue('kuri');
    expect(screen.getByRole('checkbox', { name: 'Solo con diferencia' })).toBeChecked();
    expect(asked(fetch)).toContain('/api/admin/stock-check?q=kuri&onlyDiff=true');

    await user.click(screen.getByRole('checkbox', { name: 'Solo con diferencia' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=kuri'));
    await act(() => router.navigate('/admin/stock-check'));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Buscar por nombre o código' })).toHaveValue(''));
    expect(await screen.findByRole('row', { name: 'Dark Magician' })).toBeInTheDocument();
  });

  it("keeps both when the search settles as 'Solo con diferencia' is ticked", async () => {
    mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      ...threePages,
      '/api/admin/stock-check?q=kuri&onlyDiff=true': auditPage([under]),
      '/api/admin/stock-check?q=kuri': auditPage([under]),
      '/api/admin/stock-check?onlyDiff=true': auditPage([under]),
    });
    const { router } = renderApp('/admin/stock-check');
    await screen.findByRole('row', { name: 'Dark Magician' });
    jest.useFakeTimers();
    try {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por nombre o código' }), { target: { value: 'kuri' } });
      act(() => {
        jest.advanceTimersByTime(249);
        fireEvent.click(screen.getByRole('checkbox', { name: 'Solo con diferencia' }));
        jest.advanceTimersByTime(1);
      });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(50);
      });
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(router.state.location.search).toBe('?diff=1&q=kuri'));
  });

  it('goes to the last page when a page past it comes back empty, never saying there is nothing', async () => {
    const fetch = mockFetch({
      ...frameAnswers,
      '/api/auth/me': signedInAs.admin,
      ...threePages,
      '/api/admin/stock-check?page=9': auditPage([], { page: 9, total: 120 }),
    });
    const { router } = renderApp('/admin/stock-check?page=9');
    let saidEmpty = false;
    await waitFor(() => {
      if (screen.queryByText('No hay cartas para mostrar.')) saidEmpty = true;
      expect(screen.getByRole('row', { name: 'Kuriboh' })).toBeInTheDocument();
    });
    expect(saidEmpty).toBe(false);
    expect(asked(fetch)).toEqual(['/api/admin/stock-check?page=9', '/api/admin/stock-check?page=3']);
    expect(router.state.location.search).toBe('?page=3');
    expect(within(pagination()!).getByText('3')).toHaveAttribute('aria-current', 'page');
  });

  it('still says there is nothing to show when no card matches at all', async () => {
    mockFetch({ ...frameAnswers, '/api/auth/me': signedInAs.admin, '/api/admin/stock-check?page=2': auditPage([], { page: 2, total: 0 }) });
    renderApp('/admin/stock-check?page=2');
    expect(await screen.findByText('No hay cartas para mostrar.')).toBeInTheDocument();
    expect(pagination()).not.toBeInTheDocument();
  });
});
