import type { SearchParams } from '@tcg/domain';

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One typo: two neighbouring letters swapped in the longest word. */
function typo(text: string): string {
  const words = text.split(' ');
  const longest = words.reduce((best, word, index) => (word.length > words[best].length ? index : best), 0);
  const word = words[longest];
  if (word.length < 5) return text;
  const at = Math.floor(word.length / 2);
  words[longest] = word.slice(0, at - 1) + word[at] + word[at - 1] + word.slice(at + 1);
  return words.join(' ');
}

/** Half the first word plus the start of the next, as someone still typing. */
function partial(text: string): string {
  const [first, second] = text.split(' ');
  return second ? `${first} ${second.slice(0, 3)}` : first.slice(0, Math.max(3, Math.ceil(first.length / 2)));
}

const FACETS: Array<Partial<SearchParams>> = [
  {},
  { languages: ['es'] },
  { rarities: ['Ultra Rare', 'Secret Rare'] },
  { languages: ['en'], rarities: ['Common'], inStockOnly: true },
  { inStockOnly: true, sort: 'priceAsc' },
];

/** Realistic queries built from the catalogue's own names: full, partial, with a typo, in Spanish, with and without facets. */
export function benchQueries(cards: Array<{ default_name: string; spanish_name: string | null }>, count: number): SearchParams[] {
  const kinds = [
    (card: (typeof cards)[number]) => card.default_name,
    (card: (typeof cards)[number]) => partial(card.default_name),
    (card: (typeof cards)[number]) => typo(card.default_name),
    (card: (typeof cards)[number]) => card.spanish_name ?? card.default_name,
    (card: (typeof cards)[number]) => partial(card.spanish_name ?? card.default_name).toUpperCase(),
  ];
  return Array.from({ length: count }, (_, index) => {
    const card = cards[index % cards.length];
    return {
      q: kinds[index % kinds.length](card),
      languages: [],
      rarities: [],
      inStockOnly: false,
      sort: 'az',
      page: 1,
      ...FACETS[Math.floor(index / kinds.length) % FACETS.length],
    };
  });
}

const SORTS: SearchParams['sort'][] = ['az', 'za', 'priceAsc', 'priceDesc'];

/**
 * The catalogue browsed without words, as the storefront's search page opens: each sort, with and
 * without facets and the in-stock filter, on the first pages and a far one.
 */
export function browseQueries(count: number): SearchParams[] {
  return Array.from({ length: count }, (_, index) => ({
    q: '',
    languages: [],
    rarities: [],
    inStockOnly: false,
    sort: SORTS[index % SORTS.length],
    page: [1, 2, 3, 50][Math.floor(index / SORTS.length) % 4],
    ...FACETS[Math.floor(index / (SORTS.length * 4)) % FACETS.length],
  }));
}
