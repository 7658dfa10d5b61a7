import { messages } from '@tcg/domain';
import { screen } from '@testing-library/react';
import { jsonResponse, renderApp } from '@/testing/test-utils';
import { mockAdminFetch } from './slider/testing/admin-fetch';

/** An answer the test releases when it chooses, to see the page while it waits. */
function held() {
  let release: (response: Response) => void = () => undefined;
  const answer = new Promise<Response>((resolve) => (release = resolve));
  return { answer: () => answer as unknown as Response, release };
}

it.each([
  ['/admin/sets', 'GET /api/admin/sets', 'Cargando sets', { sets: [] }, 'No hay sets registrados.'],
  ['/admin/manage-slider', 'GET /api/admin/slides', 'Cargando slides', { slides: [] }, 'No hay slides.'],
])('%s shows grey rows while it loads, then its empty state', async (path, request, loading, empty, emptyText) => {
  const list = held();
  mockAdminFetch({ [request]: list.answer });
  renderApp(path);
  expect(await screen.findByRole('status', { name: loading })).toBeInTheDocument();
  list.release(jsonResponse(empty));
  expect(await screen.findByText(emptyText)).toBeInTheDocument();
  expect(screen.queryByRole('status', { name: loading })).not.toBeInTheDocument();
});

it('Most Wanted shows grey rows, and no "Seleccionadas: 0/16", until the saved choice has loaded', async () => {
  const entries = held();
  mockAdminFetch({
    'GET /api/admin/most-wanted': entries.answer,
    'GET /api/admin/most-wanted/cards?q=': () => jsonResponse({ cards: [] }),
  });
  renderApp('/admin/manage-most-wanted');
  expect(await screen.findByRole('status', { name: 'Cargando cartas' })).toBeInTheDocument();
  expect(screen.queryByText(/Seleccionadas:/)).not.toBeInTheDocument();
  entries.release(jsonResponse({ entries: [{ id: 'e1', cardId: 'c1', defaultName: 'Jinzo', set: 'PSV', imageSmallUrl: null, price: 5000, inStock: true, link: '/product/c1' }] }));
  expect(await screen.findByText('Seleccionadas: 1/16')).toBeInTheDocument();
});

// Admin QA: a shop without cards answered 'No se encontraron resultados.' to a search nobody had made.
it('Most Wanted says a shop without cards has none, and a search without results that it found none', async () => {
  mockAdminFetch({
    'GET /api/admin/most-wanted': () => jsonResponse({ entries: [] }),
    'GET /api/admin/most-wanted/cards?q=': () => jsonResponse({ cards: [] }),
    'GET /api/admin/most-wanted/cards?q=zzz': () => jsonResponse({ cards: [] }),
  });
  const { user } = renderApp('/admin/manage-most-wanted');
  expect(await screen.findByText('No hay cartas registradas.')).toBeInTheDocument();
  await user.type(screen.getByRole('searchbox', { name: 'Buscar cartas' }), 'zzz');
  expect(await screen.findByText(messages.catalog.noResults)).toBeInTheDocument();
});
