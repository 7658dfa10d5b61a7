import { messages } from '@tcg/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { callsTo, card, mockApi, searchResponse } from '@/testing/catalog-fixtures';
import { renderApp } from '@/testing/test-utils';

const blueEyes = card({
  id: 'Blue-Eyes White Dragon_LOB-EN001_Ultra Rare_1st Edition_en',
  name: 'Blue-Eyes White Dragon',
  setCode: 'LOB-EN001',
  edition: '1st Edition',
  stockFinal: 3,
  lastSalePrice: 18900,
  lastOfferPrice: 15000,
});
const triHorned = card({
  id: 'Tri-Horned Dragon_LOB-EN000_Secret Rare_1st Edition_en',
  name: 'Tri-Horned Dragon',
  rarity: 'Secret Rare',
  stockFinal: 0,
  lastSalePrice: 22000,
});

const search = () => searchResponse([blueEyes, triHorned]);
/** The polite region that tells a screen reader what the list now holds. */
const liveResults = () => document.querySelector('.catalog__main > [aria-live="polite"]');

beforeEach(() => window.localStorage.clear());

const location = (router: ReturnType<typeof renderApp>['router']) =>
  new URLSearchParams(router.state.location.search);

it('shows the heading and 8 skeleton cards while loading', async () => {
  mockApi({ '/api/search': () => new Promise(() => undefined), '/api/sets/latest': () => ({ sets: [] }) });
  renderApp('/search?q=dragon');
  expect(await screen.findByRole('heading', { level: 1, name: messages.catalog.resultsFor('dragon') })).toBeInTheDocument();
  expect(screen.getAllByTestId('card-skeleton')).toHaveLength(8);
});

it('renders card tiles: details, stock, offer price first, sold-out badge and product links', async () => {
  mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  renderApp('/search?q=dragon');

  const tile = (await screen.findByRole('link', { name: 'Blue-Eyes White Dragon' })).closest('article')!;
  expect(screen.getByRole('link', { name: 'Blue-Eyes White Dragon' })).toHaveAttribute(
    'href',
    `/product/${encodeURIComponent(blueEyes.id)}`,
  );
  const view = within(tile as HTMLElement);
  expect(view.getByText('Legend of Blue Eyes White Dragon')).toBeInTheDocument();
  expect(view.getByText('Ultra Rare · 1st Edition')).toBeInTheDocument();
  expect(view.getByText('LOB-EN001')).toBeInTheDocument();
  expect(view.getByText('3 en stock')).toBeInTheDocument();
  expect(view.getByTestId('card-price')).toHaveTextContent('S/ 150.00');
  expect(view.getByText('S/ 189.00', { exact: false })).toBeInTheDocument();
  const image = tile.querySelector('img')!;
  // The first tile is on screen from the start: its picture is not left for later (card-grid.unit.spec.tsx).
  expect(image).toHaveAttribute('loading', 'eager');
  expect(image).toHaveAttribute('width', '168');
  expect(image).toHaveAttribute('height', '245');

  const soldOut = within(screen.getByRole('link', { name: 'Tri-Horned Dragon' }).closest('article') as HTMLElement);
  expect(soldOut.getByText(messages.catalog.soldOut)).toBeInTheDocument();
  expect(soldOut.getByText(messages.catalog.noStock)).toBeInTheDocument();
});

it('adds to the cart from a tile and refuses a sold-out card', async () => {
  mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  const { user } = renderApp('/search?q=dragon');

  await user.click(await screen.findByRole('button', { name: 'Agregar Blue-Eyes White Dragon al carrito' }));
  expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
  expect(JSON.parse(window.localStorage.getItem('cart')!)[0]).toMatchObject({ id: blueEyes.id, price: 15000, maxStock: 3 });

  await user.click(screen.getByRole('button', { name: 'Agregar Tri-Horned Dragon al carrito' }));
  expect(screen.getByRole('alert')).toHaveTextContent(messages.cart.outOfStock);
  expect(screen.getByTestId('cart-count')).toHaveTextContent('1');
});

it('searches a text longer than 200 characters by its first 200, and the box takes no more', async () => {
  const api = mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  const long = `dragon ${'b'.repeat(300)}`;
  renderApp(`/search?q=${long}`);
  await screen.findByRole('link', { name: 'Blue-Eyes White Dragon' });
  expect(callsTo(api, '/api/search').filter((call) => call.get('q') !== '')[0].get('q')).toBe(long.slice(0, 200));
  expect(screen.getByRole('searchbox', { name: messages.catalog.searchPlaceholder })).toHaveAttribute('maxLength', '200');
});

it('shows the last page for a link past it, replacing the link in history', async () => {
  const api = mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  const { router } = renderApp('/search?q=dragon&page=99');
  await waitFor(() => expect(location(router).toString()).toBe('q=dragon'));
  expect(await screen.findByRole('link', { name: 'Blue-Eyes White Dragon' })).toBeInTheDocument();
  const searches = callsTo(api, '/api/search').filter((params) => params.get('q') === 'dragon');
  expect(searches.map((params) => params.get('page'))).toEqual(['99', '1']);
  expect(router.state.historyAction).toBe('REPLACE');
  expect(screen.queryByText(messages.catalog.noResults)).not.toBeInTheDocument();
});

it('says so when nothing matches', async () => {
  mockApi({ '/api/search': () => searchResponse([]), '/api/sets/latest': () => ({ sets: [] }) });
  renderApp('/search?q=zzz');
  expect(await screen.findByText(messages.catalog.noResults, { selector: '.catalog__empty' })).toBeInTheDocument();
  await waitFor(() => expect(liveResults()).toHaveTextContent(messages.catalog.noResults));
  expect(screen.queryByRole('navigation', { name: 'Paginación' })).not.toBeInTheDocument();
});

it('lists facet values with counts, language codes in uppercase, and the four sorts', async () => {
  mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  renderApp('/search?q=dragon');
  const filters = within(await screen.findByRole('complementary', { name: 'Filtros' }));

  expect(await filters.findByRole('checkbox', { name: 'EN (5)' })).not.toBeChecked();
  expect(filters.getByRole('checkbox', { name: 'ES (2)' })).toBeInTheDocument();
  expect(filters.getByRole('checkbox', { name: 'Secret Rare (1)' })).toBeInTheDocument();
  expect(filters.getByRole('checkbox', { name: messages.catalog.onlyAvailable })).not.toBeChecked();
  const sorts = within(filters.getByRole('combobox', { name: 'Ordenar por' })).getAllByRole('option');
  expect(sorts.map((option) => [option.textContent, option.getAttribute('value')])).toEqual([
    ['Nombre A-Z', 'az'],
    ['Nombre Z-A', 'za'],
    ['Precio ascendente', 'priceAsc'],
    ['Precio descendente', 'priceDesc'],
  ]);
  expect(filters.getByRole('button', { name: 'Limpiar todo (0)' })).toHaveAttribute('aria-disabled', 'true');
});

it('puts each filter change in the URL, back on page 1, and asks the API for it', async () => {
  const api = mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  const { user, router } = renderApp('/search?q=dragon&page=3');
  const filters = within(await screen.findByRole('complementary', { name: 'Filtros' }));

  await user.click(await filters.findByRole('checkbox', { name: 'EN (5)' }));
  expect(location(router).toString()).toBe('q=dragon&languages=en');
  await user.click(filters.getByRole('checkbox', { name: 'Ultra Rare (6)' }));
  await user.click(filters.getByRole('checkbox', { name: messages.catalog.onlyAvailable }));
  await user.selectOptions(filters.getByRole('combobox', { name: 'Ordenar por' }), 'priceDesc');

  expect(Object.fromEntries(location(router))).toEqual({
    q: 'dragon',
    languages: 'en',
    rarities: 'Ultra Rare',
    inStock: 'true',
    sort: 'priceDesc',
  });
  expect(filters.getByRole('button', { name: 'Limpiar todo (3)' })).toBeEnabled();
  await screen.findByRole('link', { name: 'Blue-Eyes White Dragon' });
  // Heard where the focus stays, on the control just changed.
  await waitFor(() => expect(liveResults()).toHaveTextContent(/^\d+ cartas?$/));
  expect(screen.getByRole('button', { name: 'Filtros, 3 activos' })).toBeInTheDocument();
  expect(Object.fromEntries(callsTo(api, '/api/search').at(-1)!)).toEqual({
    q: 'dragon',
    languages: 'en',
    rarities: 'Ultra Rare',
    inStock: 'true',
    sort: 'priceDesc',
    page: '1',
  });
  expect(callsTo(api, '/api/search').find((call) => call.get('q') === 'dragon')!.get('page')).toBe('3');
});

it('clears the languages, the rarities, then everything back to A-Z', async () => {
  mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  const { user, router } = renderApp('/search?q=dragon&languages=en,es&rarities=Ultra%20Rare&inStock=true&sort=za&page=2');
  const filters = within(await screen.findByRole('complementary', { name: 'Filtros' }));

  expect(await filters.findByRole('button', { name: 'Limpiar todo (4)' })).toHaveAttribute('aria-disabled', 'false');
  await user.click(filters.getByRole('button', { name: 'Limpiar idioma' }));
  // The button is gone with the ticks: the focus is on the first value it unticked.
  expect(filters.getByRole('checkbox', { name: /^EN/ })).toHaveFocus();
  expect(location(router).get('languages')).toBeNull();
  expect(location(router).get('rarities')).toBe('Ultra Rare');
  expect(location(router).get('page')).toBeNull();
  expect(filters.getByRole('button', { name: 'Limpiar todo (2)' })).toBeInTheDocument();

  await user.click(filters.getByRole('button', { name: 'Limpiar rareza' }));
  expect(location(router).get('rarities')).toBeNull();
  expect(filters.getByRole('button', { name: 'Limpiar todo (1)' })).toBeInTheDocument();
  expect(filters.queryByRole('button', { name: 'Limpiar rareza' })).not.toBeInTheDocument();

  await user.click(filters.getByRole('button', { name: 'Limpiar todo (1)' }));
  expect(location(router).toString()).toBe('q=dragon');
  const clearAll = filters.getByRole('button', { name: 'Limpiar todo (0)' });
  expect(clearAll).toHaveFocus();
  await user.click(clearAll);
  expect(location(router).toString()).toBe('q=dragon');
  expect(filters.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('az');
  expect(filters.getByRole('checkbox', { name: messages.catalog.onlyAvailable })).not.toBeChecked();
});

it('keeps a checked value the results no longer contain, with a zero count, so it can be unticked', async () => {
  mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  renderApp('/search?q=dragon&languages=pt');
  const filters = within(await screen.findByRole('complementary', { name: 'Filtros' }));
  expect(await filters.findByRole('checkbox', { name: 'PT (0)' })).toBeChecked();
});

/** The catalogue's values answer an empty search; `dragon` has fewer, and with `languages=es` fewer still. */
function catalogue(url: URL) {
  if (url.searchParams.get('q') === '') {
    return searchResponse([blueEyes], {
      facets: {
        language: [{ value: 'en', count: 9 }, { value: 'es', count: 4 }, { value: 'pt', count: 1 }],
        rarity: [{ value: 'Common', count: 3 }, { value: 'Secret Rare', count: 2 }, { value: 'Ultra Rare', count: 9 }],
      },
    });
  }
  if (url.searchParams.get('languages') === 'es') {
    return searchResponse([blueEyes], { facets: { language: [{ value: 'en', count: 5 }, { value: 'es', count: 2 }], rarity: [{ value: 'Ultra Rare', count: 2 }] } });
  }
  return search();
}

it("offers every value of the catalogue (spec §7's empty search) with these results' counts; one at 0 cannot be ticked", async () => {
  const api = mockApi({ '/api/search': catalogue, '/api/sets/latest': () => ({ sets: [] }) });
  renderApp('/search?q=dragon');
  const filters = within(await screen.findByRole('complementary', { name: 'Filtros' }));

  expect(await filters.findByRole('checkbox', { name: 'PT (0)' })).toBeDisabled();
  expect(filters.getByRole('checkbox', { name: 'EN (5)' })).toBeEnabled();
  expect(filters.getByRole('checkbox', { name: 'Common (0)' })).toBeDisabled();
  const rarities = within(filters.getByRole('group', { name: 'Rareza' })).getAllByRole('checkbox');
  expect(rarities.map((box) => box.closest('label')!.textContent)).toEqual(['Common(0)', 'Secret Rare(1)', 'Ultra Rare(6)']);
  expect(callsTo(api, '/api/search').filter((call) => call.get('q') === '')).toHaveLength(1);
});

it('counts in the phone sheet what its ticks would list, before they are applied', async () => {
  mockApi({ '/api/search': catalogue, '/api/sets/latest': () => ({ sets: [] }) });
  const { user, router } = renderApp('/search?q=dragon');
  await user.click(await screen.findByRole('button', { name: /^Filtros/ }));
  const sheet = within(screen.getByRole('dialog', { name: 'Filtros' }));

  await user.click(await sheet.findByRole('checkbox', { name: 'ES (2)' }));
  expect(await sheet.findByRole('checkbox', { name: 'Secret Rare (0)' })).toBeDisabled();
  expect(sheet.getByRole('checkbox', { name: 'Ultra Rare (2)' })).toBeEnabled();
  expect(location(router).get('languages')).toBeNull();
});

it('walks back through filter changes with the back button', async () => {
  mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  const { user, router } = renderApp('/search?q=dragon');
  const filters = within(await screen.findByRole('complementary', { name: 'Filtros' }));

  await user.click(await filters.findByRole('checkbox', { name: 'ES (2)' }));
  expect(filters.getByRole('checkbox', { name: 'ES (2)' })).toBeChecked();
  await act(() => router.navigate(-1));
  await waitFor(() => expect(filters.getByRole('checkbox', { name: 'ES (2)' })).not.toBeChecked());
  expect(location(router).toString()).toBe('q=dragon');
});

it('applies the phone bottom sheet only on Aplicar, and Limpiar todo empties its draft', async () => {
  mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  const { user, router } = renderApp('/search?q=dragon&rarities=Secret%20Rare');

  await user.click(await screen.findByRole('button', { name: /^Filtros/ }));
  const sheet = within(screen.getByRole('dialog', { name: 'Filtros' }));
  await user.click(sheet.getByRole('button', { name: 'Limpiar todo' }));
  expect(sheet.getByRole('checkbox', { name: 'Secret Rare (1)' })).not.toBeChecked();
  await user.click(sheet.getByRole('checkbox', { name: 'ES (2)' }));
  expect(location(router).get('rarities')).toBe('Secret Rare');

  await user.click(sheet.getByRole('button', { name: 'Aplicar' }));
  expect(screen.queryByRole('dialog', { name: 'Filtros' })).not.toBeInTheDocument();
  expect(location(router).toString()).toBe('q=dragon&languages=es');
});

it('closes the bottom sheet on Escape without applying', async () => {
  mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  const { user, router } = renderApp('/search?q=dragon');
  await user.click(await screen.findByRole('button', { name: /^Filtros/ }));
  await user.click(within(screen.getByRole('dialog', { name: 'Filtros' })).getByRole('checkbox', { name: 'EN (5)' }));
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(location(router).toString()).toBe('q=dragon');
});

it('links numbered pages that keep the filters', async () => {
  mockApi({
    '/api/search': (url) =>
      searchResponse([blueEyes], { page: Number(url.searchParams.get('page')), total: 60, totalPages: 5 }),
    '/api/sets/latest': () => ({ sets: [] }),
  });
  const { user, router } = renderApp('/search?q=dragon&languages=en&page=2');
  const pages = within(await screen.findByRole('navigation', { name: 'Paginación' }));
  expect(pages.getByText('2')).toHaveAttribute('aria-current', 'page');
  expect(pages.getByRole('link', { name: 'Página 4' })).toHaveAttribute('href', '/search?q=dragon&languages=en&page=4');

  await user.click(pages.getByRole('link', { name: 'Página 4' }));
  expect(location(router).get('page')).toBe('4');
  expect(await screen.findByText('4', { selector: '[aria-current="page"]' })).toBeInTheDocument();
  // The link used is now the current page's number: the focus goes to the results, not to <body>.
  expect(screen.getByRole('heading', { level: 2, name: 'Resultados' })).toHaveFocus();
});

it('says what the list holds again after a change that leaves the same count, and shows the count to the eye only once', async () => {
  mockApi({ '/api/search': search, '/api/sets/latest': () => ({ sets: [] }) });
  const { user } = renderApp('/search?q=dragon');
  const filters = within(await screen.findByRole('complementary', { name: 'Filtros' }));
  await waitFor(() => expect(liveResults()).toHaveTextContent('2 cartas'));
  await user.selectOptions(filters.getByRole('combobox', { name: 'Ordenar por' }), 'za');
  await waitFor(() => expect(liveResults()).toHaveTextContent('2 cartas'));
  const said: string[] = [];
  const observer = new MutationObserver(() => said.push(liveResults()?.textContent ?? ''));
  observer.observe(liveResults()!, { childList: true, subtree: true, characterData: true });
  try {
    // Back to A-Z: its answer is in the cache, so the list never shows a loading state in between.
    await user.selectOptions(filters.getByRole('combobox', { name: 'Ordenar por' }), 'az');
    await waitFor(() => expect(said.at(-1)).toBe('2 cartas'));
    expect(said).toContain('');
  } finally {
    observer.disconnect();
  }
  // The visible counts are for the eye: a screen reader reads the live region's.
  for (const total of document.querySelectorAll('.catalog__total')) expect(total).toHaveAttribute('aria-hidden', 'true');
});
