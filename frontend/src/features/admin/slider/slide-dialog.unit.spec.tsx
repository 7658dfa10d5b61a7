import { messages } from '@tcg/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, renderApp } from '@/testing/test-utils';
import { SLIDE_FIELD_RULES } from './components/slide-dialog';
import { mockAdminFetch, sentBodies } from './testing/admin-fetch';

const saved = { id: 's1', title: null, desktopUrl: 'https://cdn.example/d.webp', mobileUrl: null, alt: '', link: null, order: 0, visible: true, createdAt: '2024-01-01T00:00:00Z', createdAtMs: 1 };

/** The slider page, and the dialog the button `opener` opens: the add dialog, or a slide's edit dialog. */
async function openDialog(opener = 'Agregar slide', title = 'Agregar slide') {
  const view = renderApp('/admin/manage-slider');
  await view.user.click(await screen.findByRole('button', { name: opener }));
  const dialog = screen.getByRole('dialog', { name: title });
  const field = (name: string) => within(dialog).getByLabelText(name);
  return { ...view, dialog, field };
}

describe('the add-slide dialog', () => {
  let alert: jest.SpyInstance;
  beforeEach(() => {
    alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => alert.mockRestore());

  it('shows the suggested image sizes', async () => {
    mockAdminFetch({ 'GET /api/admin/slides': () => jsonResponse({ slides: [] }) });
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent('2000×720 (o 1920×700)');
    expect(dialog).toHaveTextContent('1080×720');
  });

  it('alerts and sends nothing while the desktop URL is blank', async () => {
    const fetch = mockAdminFetch({ 'GET /api/admin/slides': () => jsonResponse({ slides: [] }) });
    const { user, dialog, field } = await openDialog();
    await user.type(field('Título (opcional)'), 'Nuevo set');
    await user.type(field('URL de la imagen de escritorio'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(alert).toHaveBeenCalledWith(messages.admin.slides.missingDesktopUrl);
    expect(sentBodies(fetch, 'POST', '/api/admin/slides')).toEqual([]);
    // After the alert, the field it is about has the focus, marked and described.
    expect(field('URL de la imagen de escritorio')).toHaveFocus();
    expect(field('URL de la imagen de escritorio')).toHaveAttribute('aria-invalid', 'true');
    expect(field('URL de la imagen de escritorio')).toHaveAccessibleDescription(messages.admin.slides.missingDesktopUrl);
  });

  it('sends the trimmed URL, nulls for blank optionals and a numeric order, then closes with the success text', async () => {
    const fetch = mockAdminFetch({
      'GET /api/admin/slides': () => jsonResponse({ slides: [] }),
      'POST /api/admin/slides': () => jsonResponse(saved, 201),
    });
    const { user, dialog, field } = await openDialog();
    await user.type(field('URL de la imagen de escritorio'), '  https://cdn.example/d.webp ');
    await user.clear(field('Orden'));
    await user.type(field('Orden'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByText(messages.admin.slides.saved);
    expect(sentBodies(fetch, 'POST', '/api/admin/slides')).toEqual([
      { title: null, desktopUrl: 'https://cdn.example/d.webp', mobileUrl: null, link: null, alt: null, order: 0, visible: true },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(alert).not.toHaveBeenCalled();
  });

  it('saves one slide for a double click on Guardar', async () => {
    const fetch = mockAdminFetch({
      'GET /api/admin/slides': () => jsonResponse({ slides: [] }),
      'POST /api/admin/slides': () => jsonResponse(saved, 201),
    });
    const { user, dialog, field } = await openDialog();
    await user.type(field('URL de la imagen de escritorio'), 'https://cdn.example/d.webp');
    // Both clicks before the page renders again, as a quick double click lands.
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    fireEvent.click(save);
    fireEvent.click(save);
    await screen.findByText(messages.admin.slides.saved);
    expect(sentBodies(fetch, 'POST', '/api/admin/slides')).toHaveLength(1);
  });

  it('keeps the dialog open with the spec text when saving fails', async () => {
    mockAdminFetch({
      'GET /api/admin/slides': () => jsonResponse({ slides: [] }),
      'POST /api/admin/slides': () => jsonResponse({ statusCode: 500, code: 'x', message: 'boom' }, 500),
    });
    const { user, dialog, field } = await openDialog();
    await user.type(field('URL de la imagen de escritorio'), 'https://cdn.example/d.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.admin.slides.saveFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Agregar slide' })).toBeInTheDocument();
  });

  it('closes the failed save’s toast when the next save goes through', async () => {
    const answers = [() => jsonResponse({ statusCode: 500, code: 'x', message: 'boom' }, 500), () => jsonResponse(saved, 201)];
    mockAdminFetch({ 'GET /api/admin/slides': () => jsonResponse({ slides: [] }), 'POST /api/admin/slides': () => answers.shift()!() });
    const { user, dialog, field } = await openDialog();
    await user.type(field('URL de la imagen de escritorio'), 'https://cdn.example/d.webp');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.admin.slides.saveFailed);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByText(messages.admin.slides.saved);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['title', 'Título (opcional)', 'Oferta\u202e'],
    ['alt', 'Texto alternativo', 'Oferta\u2066'],
    ['order', 'Orden', '99999999'],
    ['link', 'Enlace (opcional)', 'javascript:alert(1)'],
    ['desktopUrl', 'URL de la imagen de escritorio', 'http://cdn.example/d.webp'],
  ] as const)('says under the field the shop refused (%s) what it takes, beside the spec toast', async (path, label, typed) => {
    mockAdminFetch({
      'GET /api/admin/slides': () => jsonResponse({ slides: [] }),
      'POST /api/admin/slides': () =>
        jsonResponse({ statusCode: 400, code: 'bad_request', message: messages.admin.slides.saveFailed, details: [{ path, message: messages.admin.slides.saveFailed }] }, 400),
    });
    const { user, dialog, field } = await openDialog();
    await user.type(field('URL de la imagen de escritorio'), 'https://cdn.example/d.webp');
    await user.clear(field(label));
    await user.type(field(label), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(messages.admin.slides.saveFailed, { selector: '.toast__message' })).toBeInTheDocument();
    expect(field(label)).toHaveFocus();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveAccessibleDescription(SLIDE_FIELD_RULES[path]);
    await user.type(field(label), 'x');
    expect(field(label).getAttribute('aria-invalid')).toBeNull();
  });
});

describe('the edit-slide dialog', () => {
  const stored = {
    ...saved,
    id: 's9',
    title: 'Duelo de verano',
    mobileUrl: 'https://cdn.example/m.webp',
    alt: 'Cartas de verano',
    link: '/serch?q=verano',
    order: 2,
    visible: false,
  };

  const openEdit = () => openDialog('Editar Duelo de verano', 'Editar slide');

  it('opens with the slide’s fields and sends them all, changed, to that slide only', async () => {
    const fetch = mockAdminFetch({
      'GET /api/admin/slides': () => jsonResponse({ slides: [stored] }),
      'PUT /api/admin/slides/s9': (body) => jsonResponse({ ...stored, ...(body as object) }),
    });
    const { user, dialog, field } = await openEdit();
    expect(field('Título (opcional)')).toHaveValue('Duelo de verano');
    expect(field('URL de la imagen móvil (opcional)')).toHaveValue('https://cdn.example/m.webp');
    expect(field('Enlace (opcional)')).toHaveValue('/serch?q=verano');
    expect(field('Orden')).toHaveValue('2');
    expect(field('Visible')).not.toBeChecked();

    await user.clear(field('Enlace (opcional)'));
    await user.type(field('Enlace (opcional)'), '/search?q=verano');
    await user.clear(field('Orden'));
    await user.type(field('Orden'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByText(messages.admin.slides.saved);
    expect(sentBodies(fetch, 'PUT', '/api/admin/slides/s9')).toEqual([
      {
        title: 'Duelo de verano',
        desktopUrl: 'https://cdn.example/d.webp',
        mobileUrl: 'https://cdn.example/m.webp',
        link: '/search?q=verano',
        alt: 'Cartas de verano',
        order: 1,
        visible: false,
      },
    ]);
    expect(sentBodies(fetch, 'POST', '/api/admin/slides')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves blank an alt text the shop took from the title, so it follows an edited title', async () => {
    const fromTitle = { ...stored, alt: 'Duelo de verano' };
    const fetch = mockAdminFetch({
      'GET /api/admin/slides': () => jsonResponse({ slides: [fromTitle] }),
      'PUT /api/admin/slides/s9': (body) => jsonResponse({ ...fromTitle, ...(body as object) }),
    });
    const { user, dialog, field } = await openEdit();
    expect(field('Texto alternativo')).toHaveValue('');
    await user.clear(field('Título (opcional)'));
    await user.type(field('Título (opcional)'), 'Duelo de otoño');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await screen.findByText(messages.admin.slides.saved);
    expect(sentBodies(fetch, 'PUT', '/api/admin/slides/s9')).toEqual([expect.objectContaining({ title: 'Duelo de otoño', alt: null })]);
  });

  it('closes on Escape without asking while the slide is as stored, and asks once a field changed', async () => {
    mockAdminFetch({ 'GET /api/admin/slides': () => jsonResponse({ slides: [stored] }) });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      const { user } = await openEdit();
      await user.keyboard('{Escape}');
      expect(confirm).not.toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Editar Duelo de verano' }));
      await user.type(within(screen.getByRole('dialog', { name: 'Editar slide' })).getByLabelText('Título (opcional)'), '!');
      await user.keyboard('{Escape}');
      expect(confirm).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('dialog', { name: 'Editar slide' })).toBeInTheDocument();
    } finally {
      confirm.mockRestore();
    }
  });
});
