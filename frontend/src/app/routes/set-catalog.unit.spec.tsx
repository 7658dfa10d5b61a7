import { messages } from '@tcg/domain';
import { screen, within } from '@testing-library/react';
import { callsTo, card, lob, mockApi, searchResponse } from '@/testing/catalog-fixtures';
import { jsonResponse, renderApp } from '@/testing/test-utils';

const notFound = () => jsonResponse({ statusCode: 404, code: 'not_found', message: messages.catalog.setNotFound }, 404);

beforeEach(() => window.localStorage.clear());

it('shows the set title, its es-PE release date and its cards', async () => {
  const api = mockApi({
    '/api/sets/LOB': () => lob,
    '/api/sets/LOB/cards': () => searchResponse([card()]),
    '/api/sets/latest': () => ({ sets: [] }),
  });
  renderApp('/categoria/yugioh/LOB');

  expect(await screen.findByRole('heading', { level: 1, name: lob.name })).toBeInTheDocument();
  expect(screen.getByText('Lanzamiento: 8/3/2002')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Dark Magician' })).toBeInTheDocument();
  expect(Object.fromEntries(callsTo(api, '/api/sets/LOB/cards')[0])).toEqual({ inStock: 'false', sort: 'az', page: '1' });
  expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
});

it('says the set was not found', async () => {
  mockApi({ '/api/sets/NOPE': notFound, '/api/sets/NOPE/cards': notFound, '/api/sets/latest': () => ({ sets: [] }) });
  renderApp('/categoria/yugioh/NOPE');
  expect(await screen.findByRole('heading', { level: 1, name: messages.catalog.setNotFound })).toBeInTheDocument();
  expect(document.title).toBe(messages.catalog.setNotFound);
  expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('complementary', { name: 'Filtros' })).not.toBeInTheDocument();
});

it('has no page for a game the shop does not sell: the address is not a set', async () => {
  const api = mockApi({ '/api/sets/LOB': () => lob, '/api/sets/LOB/cards': () => searchResponse([card()]), '/api/sets/latest': () => ({ sets: [] }) });
  renderApp('/categoria/otro/LOB');
  expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
  expect(callsTo(api, '/api/sets/LOB')).toHaveLength(0);
});

it('says when the filters leave no cards', async () => {
  mockApi({
    '/api/sets/LOB': () => lob,
    '/api/sets/LOB/cards': () => searchResponse([]),
    '/api/sets/latest': () => ({ sets: [] }),
  });
  renderApp('/categoria/yugioh/LOB?rarities=Common');
  expect(await screen.findByText(messages.catalog.noCardsForFilters, { selector: '.catalog__empty' })).toBeInTheDocument();
});

it('does not blame the filters for a set that has no cards yet', async () => {
  mockApi({
    '/api/sets/LOB': () => lob,
    '/api/sets/LOB/cards': () => searchResponse([]),
    '/api/sets/latest': () => ({ sets: [] }),
  });
  renderApp('/categoria/yugioh/LOB');
  expect(await screen.findByText(messages.catalog.noResults, { selector: '.catalog__empty' })).toBeInTheDocument();
  expect(screen.queryAllByText(messages.catalog.noCardsForFilters)).toEqual([]);
});

it('pages with previous and next, and any filter change goes back to page 1', async () => {
  const api = mockApi({
    '/api/sets/LOB': () => lob,
    '/api/sets/LOB/cards': (url) =>
      searchResponse([card()], { page: Number(url.searchParams.get('page')), total: 30, totalPages: 3 }),
    '/api/sets/latest': () => ({ sets: [] }),
  });
  const { user, router } = renderApp('/categoria/yugioh/LOB');

  await user.click(await screen.findByRole('link', { name: /Siguiente/ }));
  expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
  expect(router.state.location.search).toBe('?page=2');
  expect(screen.getByRole('link', { name: /Anterior/ })).toHaveAttribute('href', '/categoria/yugioh/LOB');

  const filters = within(screen.getByRole('complementary', { name: 'Filtros' }));
  await user.click(filters.getByRole('checkbox', { name: 'ES (2)' }));
  expect(router.state.location.search).toBe('?languages=es');
  expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();
  expect(callsTo(api, '/api/sets/LOB/cards').at(-1)!.get('page')).toBe('1');
});

it('keeps the focus on the link to the next page while that page loads and after', async () => {
  let answerPage2: () => void = () => undefined;
  mockApi({
    '/api/sets/LOB': () => lob,
    '/api/sets/LOB/cards': (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const answer = searchResponse([card()], { page, total: 30, totalPages: 3 });
      return page === 2 ? new Promise((resolve) => (answerPage2 = () => resolve(answer))) : answer;
    },
    '/api/sets/latest': () => ({ sets: [] }),
  });
  const { user } = renderApp('/categoria/yugioh/LOB');
  const next = await screen.findByRole('link', { name: /Siguiente/ });
  next.focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Siguiente/ })).toHaveFocus();
  answerPage2();
  expect(await screen.findByRole('link', { name: /Anterior/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Siguiente/ })).toHaveFocus();

  // Back on page 1 'Anterior' is no link: the focus goes to the results, not to <body>.
  await user.click(screen.getByRole('link', { name: /Anterior/ }));
  expect(await screen.findByText('Página 1 de 3')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Resultados' })).toHaveFocus();
});
