import { act, fireEvent, screen } from '@testing-library/react';
import { jsonResponse, renderApp } from '@/testing/test-utils';
import { SLIDES_LIVE_MS } from './api/get-slides';
import { mockAdminFetch } from './testing/admin-fetch';

const added = { id: 's2', title: 'Nuevo set', desktopUrl: 'https://cdn.example/d.webp', mobileUrl: null, alt: 'Nuevo set', link: null, order: 0, visible: true, createdAt: '2024-01-02T00:00:00Z', createdAtMs: 2 };

afterEach(() => jest.useRealTimers());

it('is live: a slide another admin adds shows without a reload (spec §7)', async () => {
  jest.useFakeTimers();
  let slides: (typeof added)[] = [];
  mockAdminFetch({ 'GET /api/admin/slides': () => jsonResponse({ slides }) });
  renderApp('/admin/manage-slider');
  expect(await screen.findByText('No hay slides.')).toBeInTheDocument();
  slides = [added];
  await act(async () => {
    await jest.advanceTimersByTimeAsync(SLIDES_LIVE_MS);
  });
  expect(await screen.findByRole('img', { name: 'Nuevo set' })).toBeInTheDocument();
  expect(screen.queryByText('No hay slides.')).not.toBeInTheDocument();
});

it('deletes a slide once on a double click, asking once, and says \'Slide eliminado\'', async () => {
  let slides = [added];
  const fetchMock = mockAdminFetch({
    'GET /api/admin/slides': () => jsonResponse({ slides }),
    'DELETE /api/admin/slides/s2': () => {
      const found = slides.length > 0;
      slides = [];
      return found ? new Response(null, { status: 204 }) : jsonResponse({ statusCode: 404, code: 'not_found', message: 'No existe' }, 404);
    },
  });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  renderApp('/admin/manage-slider');
  const button = await screen.findByRole('button', { name: 'Eliminar Nuevo set' });
  // The browser queues the second click while the first one's confirmation is open: both run before any re-render.
  act(() => {
    fireEvent.click(button);
    fireEvent.click(button);
  });
  expect(await screen.findByText('Slide eliminado')).toBeInTheDocument();
  expect(confirm).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toHaveLength(1);
  expect(screen.queryByText('No se pudo eliminar')).not.toBeInTheDocument();
  confirm.mockRestore();
});

it('names a slide saved without a title or alt text by its image address', async () => {
  const bare = { ...added, id: 's3', title: null, alt: '' };
  mockAdminFetch({ 'GET /api/admin/slides': () => jsonResponse({ slides: [bare] }) });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  renderApp('/admin/manage-slider');
  fireEvent.click(await screen.findByRole('button', { name: `Eliminar ${bare.desktopUrl}` }));
  expect(confirm).toHaveBeenCalledWith(`¿Eliminar el slide "${bare.desktopUrl}"?`);
  expect(screen.getByRole('checkbox', { name: `Visible: ${bare.desktopUrl}` })).toBeInTheDocument();
  confirm.mockRestore();
});

it("hands the focus of a deleted slide's 'Eliminar' to the next slide's", async () => {
  const other = { ...added, id: 's1', title: 'Otro set', alt: 'Otro set', createdAtMs: 1 };
  let slides = [added, other];
  mockAdminFetch({
    'GET /api/admin/slides': () => jsonResponse({ slides }),
    'DELETE /api/admin/slides/s2': () => {
      slides = [other];
      return new Response(null, { status: 204 });
    },
  });
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
  renderApp('/admin/manage-slider');
  const button = await screen.findByRole('button', { name: 'Eliminar Nuevo set' });
  button.focus();
  fireEvent.click(button);
  expect(await screen.findByText('Slide eliminado')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Eliminar Otro set' })).toHaveFocus();
  confirm.mockRestore();
});
