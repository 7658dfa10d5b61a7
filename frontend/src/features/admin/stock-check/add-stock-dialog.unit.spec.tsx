import type { QueryClient } from '@tanstack/react-query';
import { messages } from '@tcg/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, mockFetch, renderApp } from '@/testing/test-utils';
import { frameAnswers, signedInAs } from '../dashboard/testing/admin-session';
import { type StockCheckRow, stockCheckQueryKey } from './api/get-stock-check';
import { auditPage, auditRow } from './testing/stock-check-rows';

const kuriboh = auditRow('Kuriboh', 2, 2);
const stockPath = `/api/admin/cards/${encodeURIComponent(kuriboh.id)}/stock`;

/** The audit API; asked again at the add's position (read-your-writes) it never answers, so only the add's own answer can update the row. */
function auditApi(
  addAnswer: () => Response = () => jsonResponse({ card: { ...kuriboh, recorded: 5, computed: 5 }, position: 7 }, 201),
  total = 1,
) {
  return mockFetch({
    ...frameAnswers,
    '/api/auth/me': signedInAs.admin,
    '/api/admin/stock-check': () => jsonResponse(auditPage([kuriboh], { total })),
    // After the add, the audit is asked at the add's position (read-your-writes).
    '/api/admin/stock-check?position=7': () => new Promise(() => undefined) as unknown as Response,
    [stockPath]: addAnswer,
  });
}

async function openDialog() {
  const view = renderApp('/admin/stock-check');
  const row = await screen.findByRole('row', { name: 'Kuriboh' });
  await view.user.click(within(row).getByRole('button', { name: 'Agregar Stock' }));
  const dialog = screen.getByRole('dialog', { name: 'Agregar Stock' });
  // The print the stock goes to, not only its name.
  expect(dialog).toHaveTextContent('KuribohLOB-EN001 · Inglés');
  const quantity = within(dialog).getByRole('textbox', { name: 'Cantidad' });
  const cost = within(dialog).getByRole('textbox', { name: 'Costo unitario (S/)' });
  return { ...view, dialog, quantity, cost };
}

const addStockButton = (name: string) => within(screen.getByRole('row', { name })).getByRole('button', { name: 'Agregar Stock' });

/**
 * The audit as the API answers it: `rows()` each time it is asked, and a 503 while `outage.down`; adding
 * stock to Kuriboh succeeds.
 */
function auditWithOutage(rows: () => StockCheckRow[]) {
  const outage = { down: false };
  const audit = () =>
    outage.down ? jsonResponse({ statusCode: 503, code: 'unavailable', message: 'Servicio no disponible' }, 503) : jsonResponse(auditPage(rows()));
  mockFetch({
    ...frameAnswers,
    '/api/auth/me': signedInAs.admin,
    '/api/admin/stock-check': audit,
    '/api/admin/stock-check?position=7': audit,
    [stockPath]: () => jsonResponse({ card: { ...kuriboh, recorded: 5, computed: 5 }, position: 7 }, 201),
  });
  return outage;
}

/** Under the open dialog the audit fails to refresh (its table gives way to the error) and then comes back: a new table. */
async function redrawAudit(queryClient: QueryClient, outage: { down: boolean }) {
  const opener = addStockButton('Kuriboh');
  outage.down = true;
  await act(() => queryClient.refetchQueries({ queryKey: stockCheckQueryKey }));
  await waitFor(() => expect(opener).not.toBeInTheDocument());
  outage.down = false;
  await act(() => queryClient.refetchQueries({ queryKey: stockCheckQueryKey }));
  await screen.findAllByTestId('stock-row');
}

const posts = (fetch: jest.Mock) => fetch.mock.calls.filter(([path]) => path === stockPath);

// Keys of unanswered requests outlive a page in the tab's sessionStorage; each test starts without.
beforeEach(() => window.sessionStorage.clear());

describe("'Agregar Stock' dialog", () => {
  it('starts at quantity 1 and cost 0', async () => {
    auditApi();
    const { quantity, cost } = await openDialog();
    expect(quantity).toHaveValue('1');
    expect(cost).toHaveValue('0');
    expect(quantity).toHaveFocus();
  });

  // Before: the caret landed after the 1, so typing 3 asked for 13 units.
  it('replaces the starting quantity with what is typed, from the keyboard alone', async () => {
    auditApi();
    const { quantity, user } = await openDialog();
    await user.keyboard('3');
    expect(quantity).toHaveValue('3');
  });

  it.each([
    ['0', '0', messages.domain.invalidQuantity],
    ['', '0', messages.domain.invalidQuantity],
    ['2.5', '0', messages.domain.invalidQuantity],
    ['-1', '0', messages.domain.invalidQuantity],
    ['2', 'abc', messages.domain.invalidUnitCost],
    ['2', '1.999', messages.domain.invalidUnitCost],
    ['100001', '0', messages.domain.invalidQuantity],
    ['99999999999', '0', messages.domain.invalidQuantity],
    ['1', '1000000.01', messages.domain.invalidUnitCost],
  ])('does not proceed with quantity %j and cost %j', async (quantityText, costText, message) => {
    const fetch = auditApi();
    const { user, dialog, quantity, cost } = await openDialog();
    await user.clear(quantity);
    if (quantityText) await user.type(quantity, quantityText);
    await user.clear(cost);
    await user.type(cost, costText);
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));

    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(posts(fetch)).toHaveLength(0);
    // The field to correct has the focus, is marked, and is described by the message.
    const wrong = message === messages.domain.invalidQuantity ? quantity : cost;
    expect(wrong).toHaveFocus();
    expect(wrong).toHaveAttribute('aria-invalid', 'true');
    expect(wrong).toHaveAccessibleDescription(message);
    expect((wrong === quantity ? cost : quantity).getAttribute('aria-invalid')).toBeNull();
    expect(wrong === quantity ? cost : quantity).toHaveAccessibleDescription('');
    await user.type(wrong, '5');
    expect(wrong.getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the quantity and the decimal cost in céntimos, closes, updates the row at once and resets to 1 and 0', async () => {
    const fetch = auditApi();
    const { user, dialog, quantity, cost } = await openDialog();
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.clear(cost);
    await user.type(cost, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(String((posts(fetch)[0][1] as RequestInit).body))).toEqual({ quantity: 3, unitCost: 1250 });
    const cells = within(screen.getByRole('row', { name: 'Kuriboh' })).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent(/^5$/);
    expect(cells[4]).toHaveTextContent(/^5$/);
    expect(screen.getByRole('status')).toHaveTextContent('Stock agregado: Kuriboh (LOB-EN001) +3');

    await user.click(within(screen.getByRole('row', { name: 'Kuriboh' })).getByRole('button', { name: 'Agregar Stock' }));
    const reopened = screen.getByRole('dialog', { name: 'Agregar Stock' });
    expect(within(reopened).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('1');
    expect(within(reopened).getByRole('textbox', { name: 'Costo unitario (S/)' })).toHaveValue('0');
  });

  it('keeps the pagination of a long audit when the row updates', async () => {
    auditApi(undefined, 120);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('row', { name: 'Kuriboh' })).getAllByRole('cell')[3]).toHaveTextContent(/^5$/);
    const pagination = screen.getByRole('navigation', { name: 'Paginación' });
    expect(within(pagination).getByText('1')).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).getByRole('link', { name: 'Última página' })).toHaveAttribute('href', '/admin/stock-check?page=3');
  });

  it('re-sends an add whose answer was lost under the same Idempotency-Key, and a later add under a new one', async () => {
    let calls = 0;
    const fetch = auditApi(() => {
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return jsonResponse({ card: { ...kuriboh, recorded: 3, computed: 3 }, position: 7 }, 201);
    });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByRole('row', { name: 'Kuriboh' })).getByRole('button', { name: 'Agregar Stock' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Agregar Stock' })).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(3));
    const keys = posts(fetch).map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('re-sends an unanswered add under the same key after a reload, for the same card, quantity and cost', async () => {
    let calls = 0;
    const fetch = auditApi(() => {
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return jsonResponse({ card: { ...kuriboh, recorded: 3, computed: 3 }, position: 7 }, 201);
    });
    const first = await openDialog();
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(first.dialog).findByRole('alert')).toBeInTheDocument();
    first.unmount();

    const again = await openDialog();
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const keys = posts(fetch).map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(window.sessionStorage.getItem('idempotency:addStock')).toBeNull();
  });

  it('stays open with the server’s message when the add is refused', async () => {
    auditApi(() => jsonResponse({ statusCode: 404, code: 'card_not_listed', message: messages.catalog.cardNotFound }, 404));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.catalog.cardNotFound);
    expect(screen.getByRole('dialog', { name: 'Agregar Stock' })).toBeInTheDocument();
  });

  it('opens again without the last refusal, its own or the server’s, keeping the values typed', async () => {
    auditApi(() => jsonResponse({ statusCode: 409, code: 'stock_limit', message: messages.domain.stockLimit }, 409));
    const { user, dialog, quantity } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(messages.domain.stockLimit);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(screen.getByRole('row', { name: 'Kuriboh' })).getByRole('button', { name: 'Agregar Stock' }));
    const again = screen.getByRole('dialog', { name: 'Agregar Stock' });
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(within(again).getByRole('textbox', { name: 'Cantidad' }));
    await user.type(within(again).getByRole('textbox', { name: 'Cantidad' }), '0');
    await user.click(within(again).getByRole('button', { name: 'Agregar' }));
    expect(within(again).getByRole('alert')).toHaveTextContent(messages.domain.invalidQuantity);
    await user.click(within(again).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(screen.getByRole('row', { name: 'Kuriboh' })).getByRole('button', { name: 'Agregar Stock' }));
    const third = screen.getByRole('dialog', { name: 'Agregar Stock' });
    expect(within(third).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(third).getByRole('textbox', { name: 'Cantidad' })).toHaveValue('0');
    expect(quantity).not.toBeInTheDocument();
  });

  it('closes on Cancelar without sending anything', async () => {
    const fetch = auditApi();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(fetch)).toHaveLength(0);
  });

  it('gives the focus back to the row’s button when the one that opened the dialog was replaced meanwhile', async () => {
    const outage = auditWithOutage(() => [kuriboh]);
    const { user, dialog, queryClient } = await openDialog();
    await redrawAudit(queryClient, outage);

    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(addStockButton('Kuriboh')).toHaveFocus();
  });

  it('gives the focus to the table, not the page, when the row left the audit while the dialog was open', async () => {
    const darkMagician = auditRow('Dark Magician', 4, 4);
    let lists = 0;
    const outage = auditWithOutage(() => (++lists === 1 ? [kuriboh, darkMagician] : [darkMagician]));
    const { user, dialog, queryClient } = await openDialog();
    await redrawAudit(queryClient, outage);
    expect(screen.queryByRole('row', { name: 'Kuriboh' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('table')).toHaveFocus();
  });
});
