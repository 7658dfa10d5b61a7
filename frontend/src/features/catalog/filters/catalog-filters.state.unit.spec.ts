import { activeFilterCount, emptyFilters, readFilters, searchQueryString, toggle, writeFilters } from './catalog-filters.state';

describe('filters in the URL', () => {
  it('reads every parameter', () => {
    const params = new URLSearchParams('q=x&languages=en,es&rarities=Ultra%20Rare,Secret%20Rare&inStock=true&sort=priceAsc&page=3');
    expect(readFilters(params)).toEqual({
      languages: ['en', 'es'],
      rarities: ['Ultra Rare', 'Secret Rare'],
      inStockOnly: true,
      sort: 'priceAsc',
      page: 3,
    });
  });

  it('reads language codes as the lower case the API keeps them in', () => {
    expect(readFilters(new URLSearchParams('languages=ES,en')).languages).toEqual(['es', 'en']);
  });

  it.each(['sort=cheapest&page=0', 'page=-2&inStock=yes', 'page=1.5&languages=,', ''])(
    'falls back to the defaults for %j',
    (query) => expect(readFilters(new URLSearchParams(query))).toEqual(emptyFilters),
  );

  it('writes only what differs from the default and keeps the search text', () => {
    const params = new URLSearchParams('q=dragon&page=4&sort=za');
    expect(writeFilters(params, { ...emptyFilters, rarities: ['Ultra Rare'] }).toString()).toBe(
      'q=dragon&rarities=Ultra+Rare',
    );
    expect(writeFilters(params, emptyFilters).toString()).toBe('q=dragon');
  });

  it('round-trips', () => {
    const filters = { languages: ['es'], rarities: ['Common'], inStockOnly: true, sort: 'za' as const, page: 2 };
    expect(readFilters(writeFilters(new URLSearchParams(), filters))).toEqual(filters);
  });
});

it('spells out every API parameter', () => {
  expect(searchQueryString(emptyFilters, 'dragón')).toBe('q=drag%C3%B3n&inStock=false&sort=az&page=1');
  expect(searchQueryString({ ...emptyFilters, languages: ['en', 'es'], page: 2 })).toBe(
    'languages=en%2Ces&inStock=false&sort=az&page=2',
  );
});

it('counts checked values and the availability switch, not the sort', () => {
  expect(activeFilterCount({ ...emptyFilters, sort: 'za' })).toBe(0);
  expect(activeFilterCount({ languages: ['en', 'es'], rarities: ['Common'], inStockOnly: true, sort: 'az', page: 1 })).toBe(4);
});

it('toggles a value whatever its case', () => {
  expect(toggle(['secret rare', 'Common'], 'Secret Rare')).toEqual(['Common']);
  expect(toggle(['Common'], 'Secret Rare')).toEqual(['Common', 'Secret Rare']);
});
