import type { SearchParams } from '@tcg/domain';
import { listingEvents, SEARCH_FIXTURE } from '../testing';
import type { SearchIndex } from './search-index.port';

export interface SearchContractSubject {
  index: SearchIndex;
  teardown(): Promise<void>;
}

/** Builds an index holding exactly SEARCH_FIXTURE (through the event store and the projections). */
export type SearchContractSetup = () => Promise<SearchContractSubject>;

const base: SearchParams = { q: '', languages: [], rarities: [], inStockOnly: false, sort: 'az', page: 1 };
const idOf = (index: number) => listingEvents(SEARCH_FIXTURE[index]).id;

/** The search port's behaviour (DESIGN §6), run against every adapter. */
export function searchIndexContract(setup: SearchContractSetup): void {
  let subject: SearchContractSubject;
  const search = (params: Partial<SearchParams>) => subject.index.search({ ...base, ...params });
  const ids = async (params: Partial<SearchParams>) => (await search(params)).hits.map((hit) => hit.id);

  beforeAll(async () => {
    subject = await setup();
  }, 60_000);
  afterAll(async () => {
    await subject?.teardown();
  });

  it('finds cards by their English name', async () => {
    expect(await ids({ q: 'dark magician' })).toEqual(expect.arrayContaining([idOf(2), idOf(3)]));
  });

  it('finds cards by their Spanish name', async () => {
    expect(await ids({ q: 'mago oscuro' })).toContain(idOf(2));
    expect(await ids({ q: 'olla de la codicia' })).toEqual([idOf(4)]);
  });

  it('ignores accents and case in both directions', async () => {
    const plain = await ids({ q: 'dragon blanco' });
    expect(plain).toEqual(expect.arrayContaining([idOf(0), idOf(1)]));
    expect(await ids({ q: 'DRAGÓN BLANCO' })).toEqual(plain);
    expect(await ids({ q: 'guardian celta' })).toEqual([idOf(11)]);
  });

  it('tolerates a small typo', async () => {
    expect(await ids({ q: 'dark magican' })).toContain(idOf(2));
    expect(await ids({ q: 'exodia the forbiden' })).toContain(idOf(6));
    expect(await ids({ q: 'mirror forse' })).toContain(idOf(7));
  });

  it('matches prefixes of words', async () => {
    expect(await ids({ q: 'exod' })).toEqual([idOf(6)]);
    expect(await ids({ q: 'mirr for' })).toEqual([idOf(7)]);
  });

  it('finds a print by its set code, whole or its beginning, in any case, under the filters', async () => {
    expect(await ids({ q: 'LOB-EN001' })).toEqual([idOf(0)]);
    expect(await ids({ q: ' lob-sp001 ' })).toEqual([idOf(1)]);
    expect(await ids({ q: 'tshd-en040' })).toEqual([idOf(15)]);
    expect((await ids({ q: 'LOB-EN0' })).sort()).toEqual([idOf(0), idOf(5), idOf(9), idOf(11)].sort());
    expect((await ids({ q: 'LOB-EN0', inStockOnly: true })).sort()).toEqual([idOf(0), idOf(9), idOf(11)].sort());
    expect(await search({ q: 'LOB-EN070', inStockOnly: true })).toMatchObject({ hits: [], total: 0 });
    expect(await ids({ q: 'mrd-0', rarities: ['Common'], sort: 'priceAsc' })).toEqual([idOf(10), idOf(14)]);
    expect((await ids({ q: 'lob-sp' })).sort()).toEqual([idOf(1), idOf(4), idOf(8)].sort());
    expect((await search({ q: 'LOB-' })).total).toBe(8);
    expect(await ids({ q: 'LOB\u2013EN001' })).toEqual([idOf(0)]);
    expect(await ids({ q: 'lob en001' })).toEqual([idOf(0)]);
    expect(await ids({ q: 'MRD 13' })).toEqual([idOf(7)]);
    // Typed as it is read off the card, a word at a time.
    expect((await ids({ q: 'lob en' })).sort()).toEqual((await ids({ q: 'LOB-EN' })).sort());
    expect((await search({ q: 'lob en' })).total).toBe(5);
    expect(await ids({ q: 'LOB EN 001' })).toEqual([idOf(0)]);
    // Two short words of a name are still its words when no code begins so.
    expect(await ids({ q: 'time wiza' })).toEqual([idOf(13)]);
  });

  it("lists a set's prints for the set's own code when no name has the word", async () => {
    expect(await ids({ q: 'tshd' })).toEqual([idOf(15)]);
    expect((await search({ q: 'LOB' })).total).toBe(8);
    expect(await ids({ q: 'mrd', rarities: ['Common'], sort: 'priceAsc' })).toEqual([idOf(10), idOf(14)]);
    expect((await ids({ q: 'Lob', inStockOnly: true })).sort()).toEqual([idOf(0), idOf(4), idOf(6), idOf(9), idOf(11)].sort());
    // A word of a name, shaped as a set's code, is the name's.
    expect(await ids({ q: 'time' })).toEqual([idOf(13)]);
  });

  it('searches a hyphenated name by its words, not as a set code', async () => {
    expect((await ids({ q: 'blue-eyes' })).sort()).toEqual([idOf(0), idOf(1)].sort());
    expect(await ids({ q: 'Red-Eyes' })).toEqual([idOf(5)]);
  });

  it('finds nothing for a query of marks alone, and lists everything for a blank one', async () => {
    for (const q of ['%', '🐉', '&|!():*<->']) expect(await search({ q })).toMatchObject({ hits: [], total: 0, totalPages: 0 });
    expect((await search({ q: '   ' })).total).toBe(18);
  });

  it('finds nothing for words no card has', async () => {
    const result = await search({ q: 'zzqxw' });
    expect(result).toMatchObject({ hits: [], total: 0, totalPages: 0 });
  });

  it('filters by language and rarity: OR within a group, AND between groups', async () => {
    const bothLanguages = await search({ q: 'dragon', languages: ['en', 'es'] });
    expect(bothLanguages.total).toBe((await search({ q: 'dragon' })).total);
    const spanishUltra = await search({ q: 'dragon', languages: ['es'], rarities: ['Ultra Rare'] });
    expect(spanishUltra.hits.map((hit) => hit.id)).toEqual([idOf(1)]);
    const twoRarities = await search({ rarities: ['Common', 'Secret Rare'] });
    expect(twoRarities.hits.map((hit) => hit.id).sort()).toEqual([idOf(3), idOf(10), idOf(14)].sort());
  });

  it('takes a rarity in any case, as a hand-typed URL may spell it, and counts it as the catalogue spells it', async () => {
    const typed = await search({ q: 'dragon', languages: ['es'], rarities: ['ultra RARE'] });
    expect(typed.hits.map((hit) => hit.id)).toEqual([idOf(1)]);
    expect(typed).toEqual(await search({ q: 'dragon', languages: ['es'], rarities: ['Ultra Rare'] }));
    const twoRarities = await search({ rarities: ['common', 'SECRET RARE'] });
    expect(twoRarities.hits.map((hit) => hit.id).sort()).toEqual([idOf(3), idOf(10), idOf(14)].sort());
  });

  it('counts each facet group with the other group filtered, not its own', async () => {
    const result = await search({ q: 'dragon', languages: ['es'] });
    expect(result.facets.language).toEqual([
      { value: 'en', count: 3 },
      { value: 'es', count: 1 },
    ]);
    expect(result.facets.rarity).toEqual([{ value: 'Ultra Rare', count: 1 }]);
    const byRarity = await search({ q: 'dragon', rarities: ['Common'] });
    expect(byRarity.facets.rarity).toEqual([
      { value: 'Common', count: 1 },
      { value: 'Ultra Rare', count: 3 },
    ]);
    expect(byRarity.facets.language).toEqual([{ value: 'en', count: 1 }]);
  });

  it('keeps only cards in stock when asked', async () => {
    const result = await search({ q: 'dragon', inStockOnly: true });
    expect(result.hits.map((hit) => hit.id).sort()).toEqual([idOf(0), idOf(14)].sort());
    expect(result.hits.every((hit) => hit.stockFinal > 0)).toBe(true);
  });

  it('narrows to a set', async () => {
    const result = await search({ setId: 'MRD' });
    expect(result.total).toBe(5);
    expect(result.hits.every((hit) => hit.setId === 'MRD')).toBe(true);
  });

  it('sorts by name both ways, accents folded', async () => {
    const az = (await search({ q: 'dragon', sort: 'az' })).hits.map((hit) => hit.name);
    expect(az).toEqual(['Baby Dragon', 'Blue-Eyes White Dragon', 'Dragón Blanco de Ojos Azules', 'Red-Eyes Black Dragon']);
    expect((await search({ q: 'dragon', sort: 'za' })).hits.map((hit) => hit.name)).toEqual([...az].reverse());
  });

  it('sorts by price, counting the offer price when set', async () => {
    const asc = (await search({ q: 'dark magician', sort: 'priceAsc' })).hits.map((hit) => hit.id);
    expect(asc).toEqual([idOf(2), idOf(3)]);
    const desc = (await search({ rarities: ['Ultra Rare'], sort: 'priceDesc' })).hits;
    const prices = desc.map((hit) => hit.lastOfferPrice ?? hit.lastSalePrice);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(desc.findIndex((hit) => hit.id === idOf(5))).toBeGreaterThan(desc.findIndex((hit) => hit.id === idOf(1)));
  });

  it('pages by 12', async () => {
    const first = await search({ page: 1 });
    const second = await search({ page: 2 });
    expect(first).toMatchObject({ total: 18, page: 1, pageSize: 12, totalPages: 2 });
    expect(first.hits).toHaveLength(12);
    expect(second.hits).toHaveLength(6);
    expect(new Set([...first.hits, ...second.hits].map((hit) => hit.id)).size).toBe(18);
  });

  it('answers a page far beyond the last one with no hits, keeping the totals and facets', async () => {
    const far = await search({ page: 9_000 });
    expect(far).toMatchObject({ hits: [], total: 18, page: 9_000, totalPages: 2 });
    expect(far.facets.language.length).toBeGreaterThan(0);
  });

  it('answers a query of many words (the API allows 200 characters)', async () => {
    const long = 'dark magician '.repeat(15).slice(0, 200);
    expect(await ids({ q: long })).toEqual(expect.arrayContaining([idOf(2), idOf(3)]));
  });

  it('reads typos only when the words themselves find nothing', async () => {
    // "magician" matches as typed; "magican" (a typo) must not also bring cards that are only near it.
    expect(await ids({ q: 'dark magician girl' })).toEqual([idOf(3)]);
  });

  it('corrects only the misspelt word: the word spelt right stays as typed', async () => {
    // "oscurx" could be "oscuro" or "oscura"; "mago" is a word, and must not widen to "maga" (Chica Maga Oscura).
    expect(await ids({ q: 'mago oscurx' })).toEqual([idOf(2)]);
    // Every word is some card's, only no card has both: then every word may be read as a near one.
    expect((await ids({ q: 'maga oscuro' })).sort()).toEqual([idOf(2), idOf(3)].sort());
  });

  it('never reads a typo into words that cards have, only not under the filters', async () => {
    // Red-Eyes Black Dragon is out of stock and in LOB: "black" must not turn into "blanco" (Blue-Eyes).
    expect(await search({ q: 'black' })).toMatchObject({ total: 1, hits: [expect.objectContaining({ id: idOf(5) })] });
    expect(await search({ q: 'black', inStockOnly: true })).toMatchObject({ total: 0, hits: [] });
    expect(await search({ q: 'black', setId: 'MRD' })).toMatchObject({ total: 0, hits: [] });
  });

  it('finds a name typed with its abbreviation dots, slashes and other marks', async () => {
    expect(await ids({ q: 'T.G. Hyper Librarian' })).toEqual([idOf(15)]);
    expect(await ids({ q: 'tg hyper' })).toEqual([idOf(15)]);
    expect(await ids({ q: 'Arcanite Magician/Assault Mode' })).toEqual([idOf(16)]);
    expect(await ids({ q: 'assault mode' })).toEqual([idOf(16)]);
    expect(await ids({ q: 'P.U.N.K. Foxy Tune' })).toEqual([idOf(17)]);
    expect(await ids({ q: 'punk' })).toEqual([idOf(17)]);
  });

  it('returns hits with every card field', async () => {
    const { hits } = await search({ q: 'dark magician girl' });
    expect(hits.find((hit) => hit.id === idOf(3))).toEqual({
      id: idOf(3),
      name: 'Dark Magician Girl',
      defaultName: 'Dark Magician Girl',
      imageUrl: null,
      imageSmallUrl: null,
      rarity: 'Secret Rare',
      edition: 'Unlimited',
      set: 'Set MFC',
      setCode: 'MFC-000',
      setId: 'MFC',
      language: 'en',
      stockFinal: 1,
      lastSalePrice: 8000,
      lastOfferPrice: null,
    });
  });
}
