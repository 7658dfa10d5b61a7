import { searchSorts, searchText } from '@tcg/domain';
import { z } from 'zod';

/**
 * `a,b` or a repeated parameter; empty means no filter on that group. A value may be as long as a card's
 * detail may be (the upload takes 200 characters), and a shopper may tick every rarity a catalogue has.
 */
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => [value ?? []].flat().flatMap((part) => part.split(',')).map((part) => part.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(200)).max(100));

/** The last page a search may ask for; a later one answers as this one (past the results: no hits). */
export const SEARCH_MAX_PAGE = 10_000;

export const searchQuerySchema = z.object({
  /** Cut rather than refused: a shopper who pastes a paragraph gets results for its start. */
  q: z.string().default('').transform(searchText),
  /** Codes are lower case (`en`, `es`); the storefront shows them upper case, so a typed `ES` is the same. */
  languages: list.transform((values) => values.map((value) => value.toLowerCase())),
  rarities: list,
  inStock: z.enum(['true', 'false', '1', '0']).optional().transform((value) => value === 'true' || value === '1'),
  sort: z.enum(searchSorts).default('az'),
  page: z.coerce.number().int().min(1).default(1).transform((page) => Math.min(page, SEARCH_MAX_PAGE)),
  /** Read-your-writes: the position a command returned; the answer waits (bounded) for the projections. */
  position: z.coerce.number().int().min(0).optional(),
});

export type SearchQuery = z.infer<typeof searchQuerySchema>;
