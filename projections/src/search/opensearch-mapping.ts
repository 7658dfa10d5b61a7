/**
 * Index settings and mapping for card documents. `folded` closes up an abbreviation's dots ("T.G." is
 * "tg"), splits at every other mark, lowercases and strips accents (ascii folding), so "Dragón" and
 * "dragon" are one term; `folded_prefix` also indexes every word's leading
 * edges, which makes prefixes match without a wildcard query; `sortable` is the keyword form sorts use.
 */
const nameField = {
  type: 'text',
  analyzer: 'folded',
  fields: {
    prefix: { type: 'text', analyzer: 'folded_prefix', search_analyzer: 'folded' },
    sort: { type: 'keyword', normalizer: 'sortable' },
  },
};

export const CARD_INDEX_BODY = {
  settings: {
    number_of_shards: 1,
    analysis: {
      // The words `queryWords` makes of a query: an abbreviation's dots closed up, every other mark a space.
      char_filter: {
        abbreviations: { type: 'pattern_replace', pattern: String.raw`(?<=(?:^|[^\p{L}\p{N}])\p{L})\.(?=\p{L}(?:[^\p{L}\p{N}]|$))`, replacement: '' },
        marks: { type: 'pattern_replace', pattern: String.raw`[^\p{L}\p{N}\s]+`, replacement: ' ' },
      },
      filter: { edges: { type: 'edge_ngram', min_gram: 1, max_gram: 20 } },
      analyzer: {
        folded: { type: 'custom', char_filter: ['abbreviations', 'marks'], tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] },
        folded_prefix: { type: 'custom', char_filter: ['abbreviations', 'marks'], tokenizer: 'standard', filter: ['lowercase', 'asciifolding', 'edges'] },
      },
      normalizer: { sortable: { type: 'custom', filter: ['lowercase', 'asciifolding'] } },
    },
  },
  mappings: {
    dynamic: 'strict',
    properties: {
      id: { type: 'keyword' },
      name: nameField,
      defaultName: nameField,
      keywords: nameField,
      imageUrl: { type: 'keyword', index: false },
      imageSmallUrl: { type: 'keyword', index: false },
      rarity: { type: 'keyword' },
      edition: { type: 'keyword' },
      set: { type: 'keyword' },
      setCode: { type: 'keyword' },
      setId: { type: 'keyword' },
      language: { type: 'keyword' },
      stockFinal: { type: 'long' },
      lastSalePrice: { type: 'long' },
      lastOfferPrice: { type: 'long' },
      /** Spec §2: the offer price when set, else the sale price. */
      price: { type: 'long' },
      updatedAt: { type: 'date' },
    },
  },
};
