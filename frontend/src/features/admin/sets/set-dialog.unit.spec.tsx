import { messages } from '@tcg/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DISCARD_CHANGES } from '@/components/ui/use-dismiss';
import { jsonResponse, renderApp } from '@/testing/test-utils';
import { mockAdminFetch, sentBodies } from '../slider/testing/admin-fetch';

const lob = {
  id: 'LOB',
  name: 'Legend of Blue Eyes White Dragon',
  releaseDate: '2002-03-08',
  preorderAvailable: false,
  products: { booster: true, display: false, cartaSuelta: true },
  cards: ['LOB-EN001'],
};

async function open(answers: Parameters<typeof mockAdminFetch>[0], button: string) {
  const fetch = mockAdminFetch({ 'GET /api/admin/sets': () => jsonResponse({ sets: [lob] }), ...answers });
  const view = renderApp('/admin/sets');
  await view.user.click(await screen.findByRole('button', { name: button }));
  const dialog = screen.getByRole('dialog');
  return { ...view, fetch, dialog, field: (name: string) => within(dialog).getByLabelText(name) };
}

describe('the set dialog', () => {
  it('asks before the back button or a link leaves the page with what was typed', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, router, field } = await open({}, 'Nuevo set');
    await user.type(field('Nombre'), 'Blazing Vortex');
    await act(() => router.navigate('/admin'));
    expect(confirm).toHaveBeenCalledWith(DISCARD_CHANGES);
    expect(router.state.location.pathname).toBe('/admin/sets');
    expect(within(screen.getByRole('dialog')).getByLabelText('Nombre')).toHaveValue('Blazing Vortex');
    confirm.mockReturnValue(true);
    await act(() => router.navigate('/admin'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    confirm.mockRestore();
  });

  it('lists the sets with code, name, release, products and preorder', async () => {
    mockAdminFetch({ 'GET /api/admin/sets': () => jsonResponse({ sets: [lob] }) });
    renderApp('/admin/sets');
    const row = await screen.findByRole('row', { name: /LOB/ });
    expect(row).toHaveTextContent('Legend of Blue Eyes White Dragon');
    expect(row).toHaveTextContent('8/3/2002');
    expect(row).toHaveTextContent('Booster, Carta suelta');
    expect(row).toHaveTextContent('No');
    // On a phone each cell is labelled with its column; the button's cell is not ('Editar' beside 'Editar', QA).
    expect(within(row).getByRole('button', { name: 'Editar Legend of Blue Eyes White Dragon' }).closest('td')).not.toHaveAttribute('data-label');
  });

  it('asks before Escape or a click outside loses what was typed; untouched, or with Cancelar, it just closes', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await open({}, 'Nuevo set');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Nuevo set' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Nombre'), 'Blazing Vortex');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(confirm).toHaveBeenCalledWith(DISCARD_CHANGES);
    expect(within(screen.getByRole('dialog')).getByLabelText('Nombre')).toHaveValue('Blazing Vortex');

    confirm.mockReturnValue(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nuevo set' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Nombre'), 'x');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(3);
    confirm.mockRestore();
  });

  it('stays open when a press that began in a field ends on the backdrop (a drag selecting its text)', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user, dialog, field } = await open({}, 'Nuevo set');
    const backdrop = dialog.parentElement!;
    await user.pointer([{ keys: '[MouseLeft>]', target: field('Nombre') }, { target: backdrop }, { keys: '[/MouseLeft]', target: backdrop }]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.type(field('Nombre'), 'Blazing Vortex');
    await user.pointer([{ keys: '[MouseLeft>]', target: field('Nombre') }, { target: backdrop }, { keys: '[/MouseLeft]', target: backdrop }]);
    expect(confirm).not.toHaveBeenCalled();
    expect(within(screen.getByRole('dialog')).getByLabelText('Nombre')).toHaveValue('Blazing Vortex');
    // Nor the other way round, from the backdrop into a field.
    await user.pointer([{ keys: '[MouseLeft>]', target: backdrop }, { target: field('Nombre') }, { keys: '[/MouseLeft]', target: field('Nombre') }]);
    expect(confirm).not.toHaveBeenCalled();
    // A click on the backdrop declined keeps the dialog, and the focus in it.
    confirm.mockReturnValueOnce(false);
    field('Nombre').focus();
    await user.click(backdrop);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(field('Nombre')).toHaveFocus();
    // A press and release on the backdrop itself still closes it.
    await user.click(backdrop);
    expect(confirm).toHaveBeenCalledWith(DISCARD_CHANGES);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    confirm.mockRestore();
  });

  it('asks for code, name and release date before saving', async () => {
    const { user, dialog, field, fetch } = await open({}, 'Nuevo set');
    await user.type(field('Nombre'), 'Blazing Vortex');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.admin.sets.missingFields, { selector: '.toast__message' })).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/admin/sets')).toEqual([]);
    // The first empty field takes the focus; each empty one is marked and described by the message the dialog keeps.
    expect(field('Código')).toHaveFocus();
    for (const name of ['Código', 'Lanzamiento']) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(field(name)).toHaveAccessibleDescription(messages.admin.sets.missingFields);
    }
    expect(field('Nombre').getAttribute('aria-invalid')).toBeNull();
    await user.type(field('Código'), 'BLVO');
    expect(field('Código').getAttribute('aria-invalid')).toBeNull();
    expect(field('Lanzamiento')).toHaveAttribute('aria-invalid', 'true');
  });

  it('needs a name to autocomplete, then fills code, the official name, release date and cards', async () => {
    const { user, dialog, field, fetch } = await open(
      {
        'POST /api/admin/sets/autocomplete': () =>
          jsonResponse({ id: 'BLVO', name: 'Blazing Vortex', releaseDate: '2021-02-05', cards: ['BLVO-EN001', 'BLVO-EN002'], message: messages.admin.sets.autocompleted(2) }),
        'POST /api/admin/sets': (body) => jsonResponse(body, 201),
      },
      'Nuevo set',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Autocompletar' }));
    expect(await screen.findByText(messages.admin.sets.nameFirst, { selector: '.toast__message' })).toBeInTheDocument();
    expect(field('Nombre')).toHaveFocus();
    expect(field('Nombre')).toHaveAccessibleDescription(messages.admin.sets.nameFirst);
    expect(field('Código').getAttribute('aria-invalid')).toBeNull();

    await user.type(field('Nombre'), 'blazing vortex');
    await user.click(within(dialog).getByRole('button', { name: 'Autocompletar' }));
    expect(await screen.findByText(messages.admin.sets.autocompleted(2))).toBeInTheDocument();
    expect(field('Código')).toHaveValue('BLVO');
    expect(field('Nombre')).toHaveValue('Blazing Vortex');
    expect(field('Lanzamiento')).toHaveValue('2021-02-05');
    expect(dialog).toHaveTextContent('Cartas: 2');

    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('button', { name: 'Nuevo set' });
    expect(sentBodies(fetch, 'POST', '/api/admin/sets')).toEqual([
      expect.objectContaining({ id: 'BLVO', name: 'Blazing Vortex', releaseDate: '2021-02-05', cards: ['BLVO-EN001', 'BLVO-EN002'] }),
    ]);
  });

  it('fills a set the card database has no cards of yet (a pre-order), and says it has none', async () => {
    const { user, dialog, field } = await open(
      {
        'POST /api/admin/sets/autocomplete': () =>
          jsonResponse({ id: 'EMPT', name: 'Empty Promises', releaseDate: '2024-01-01', cards: [], message: messages.admin.sets.noCards }),
      },
      'Nuevo set',
    );
    await user.type(field('Nombre'), 'empty promises');
    await user.click(within(dialog).getByRole('button', { name: 'Autocompletar' }));
    expect(await screen.findByText(messages.admin.sets.noCards, { selector: '[role="alert"] .toast__message' })).toBeInTheDocument();
    expect(field('Código')).toHaveValue('EMPT');
    expect(field('Lanzamiento')).toHaveValue('2024-01-01');
  });

  it('shows the card database refusal as it is worded', async () => {
    const { user, dialog, field } = await open(
      { 'POST /api/admin/sets/autocomplete': () => jsonResponse({ statusCode: 404, code: 'set_not_found', message: messages.admin.sets.notInOfficialList }, 404) },
      'Nuevo set',
    );
    await user.type(field('Nombre'), 'Nowhere');
    await user.click(within(dialog).getByRole('button', { name: 'Autocompletar' }));
    expect(await screen.findByText(messages.admin.sets.notInOfficialList)).toBeInTheDocument();
  });

  it('edits with the code locked and answers a failed save with the spec text', async () => {
    const { user, dialog, field, fetch } = await open(
      { 'PUT /api/admin/sets/LOB': () => jsonResponse({ statusCode: 500, code: 'x', message: 'x' }, 500) },
      'Editar Legend of Blue Eyes White Dragon',
    );
    expect(field('Código')).toHaveAttribute('readonly');
    await user.click(within(dialog).getByLabelText('Preventa disponible'));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.admin.sets.saveFailed)).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/admin/sets/LOB')).toEqual([{ ...lob, preorderAvailable: true }]);
  });

  // QA: with the whole name selected on opening, a stray key and Enter renamed the set to that key.
  it('opens an edit with the caret in its first field, not its value selected', async () => {
    const { user } = await open({}, 'Editar Legend of Blue Eyes White Dragon');
    const first = document.activeElement as HTMLInputElement;
    const before = first.value;
    expect(before).not.toBe('');
    await user.keyboard('x');
    expect(first.value).toBe(`${before}x`);
  });

  it('after a save, asks the storefront again for what shows sets (the menu of latest sets)', async () => {
    const { user, dialog, fetch } = await open({ 'PUT /api/admin/sets/LOB': () => jsonResponse({ ...lob, name: 'LOB 2' }) }, 'Editar Legend of Blue Eyes White Dragon');
    const latestAsked = () => fetch.mock.calls.filter(([input]) => String(input) === '/api/sets/latest').length;
    const before = latestAsked();
    expect(before).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByRole('row', { name: /LOB/ });
    await waitFor(() => expect(latestAsked()).toBe(before + 1));
  });

  it('saves once for a double click on Guardar, and closes', async () => {
    const { dialog, fetch } = await open({ 'PUT /api/admin/sets/LOB': () => jsonResponse({ ...lob, name: 'LOB 2' }) }, 'Editar Legend of Blue Eyes White Dragon');
    // Both clicks before the page renders again, as a quick double click lands.
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetch, 'PUT', '/api/admin/sets/LOB')).toHaveLength(1);
  });

  it('says which code is taken when a new set reuses one, and keeps the dialog open', async () => {
    const { user, dialog, field } = await open(
      { 'POST /api/admin/sets': () => jsonResponse({ statusCode: 409, code: 'set_exists', message: messages.admin.sets.codeTaken('LOB') }, 409) },
      'Nuevo set',
    );
    await user.type(field('Código'), 'lob');
    await user.type(field('Nombre'), 'Duplicado');
    await user.type(field('Lanzamiento'), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.admin.sets.codeTaken('LOB'), { selector: '.toast__message' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // The code is the field to change: marked, described by the refusal, and focused.
    await waitFor(() => expect(field('Código')).toHaveFocus());
    expect(field('Código')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Código')).toHaveAccessibleDescription(messages.admin.sets.codeTaken('LOB'));
    await user.type(field('Código'), 'X');
    expect(field('Código')).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['Código', 'id', 'latest', messages.admin.sets.reservedCode],
    ['Nombre', 'name', 'Blazing\u202e', messages.admin.sets.nameControls],
  ])('marks and focuses %s when the shop refuses what it holds, and says why under it', async (label, path, typed, message) => {
    const refusal = { statusCode: 400, code: 'bad_request', message, details: [{ path, message }] };
    const { user, dialog, field } = await open({ 'POST /api/admin/sets': () => jsonResponse(refusal, 400) }, 'Nuevo set');
    await user.type(field('Código'), path === 'id' ? typed : 'BLVO');
    await user.type(field('Nombre'), path === 'name' ? typed : 'Blazing Vortex');
    await user.type(field('Lanzamiento'), '2021-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(message, { selector: '.toast__message' })).toBeInTheDocument();
    await waitFor(() => expect(field(label)).toHaveFocus());
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(message);
    await user.type(field(label), 'X');
    expect(field(label)).not.toHaveAttribute('aria-invalid');
  });

  it('gives the focus back to Guardar when a save the shop refused names no field', async () => {
    let answer: (response: Response) => void = () => undefined;
    const answered = new Promise<Response>((resolve) => (answer = resolve));
    const { user, dialog, field } = await open({ 'POST /api/admin/sets': () => answered }, 'Nuevo set');
    await user.type(field('Código'), 'BLVO');
    await user.type(field('Nombre'), 'Blazing Vortex');
    await user.type(field('Lanzamiento'), '2021-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByRole('button', { name: 'Guardando...' })).toBeDisabled();
    // What a browser does with the focus of a button that becomes disabled: it falls to <body> (jsdom keeps it).
    act(() => {
      const elsewhere = document.body.appendChild(document.createElement('input'));
      elsewhere.focus();
      elsewhere.remove();
    });
    expect(document.activeElement).toBe(document.body);
    await act(async () => answer(jsonResponse({ statusCode: 500, code: 'internal', message: 'x' }, 500)));
    expect(await screen.findByText(messages.admin.sets.saveFailed, { selector: '.toast__message' })).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Guardar' })).toHaveFocus());
  });
});
