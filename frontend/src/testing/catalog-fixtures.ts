import type { CardDetail, CardSummary, SearchResponse, SetDetail } from '@tcg/domain';
import { jsonResponse } from './test-utils';

export function card(overrides: Partial<CardSummary> = {}): CardSummary {
  return {
    id: 'Dark Magician_LOB-EN005_Ultra Rare_Unlimited_en',
    name: 'Dark Magician',
    defaultName: 'Dark Magician',
    imageUrl: '/img/dm.webp',
    imageSmallUrl: '/img/dm-small.webp',
    rarity: 'Ultra Rare',
    edition: 'Unlimited',
    set: 'Legend of Blue Eyes White Dragon',
    setCode: 'LOB-EN005',
    setId: 'LOB',
    language: 'en',
    stockFinal: 4,
    lastSalePrice: 12500,
    lastOfferPrice: null,
    ...overrides,
  };
}

export function cardDetail(overrides: Partial<CardDetail> = {}): CardDetail {
  return { ...card(), setName: 'Legend of Blue Eyes White Dragon', setListed: true, updatedAt: '2024-05-01T12:00:00.000Z', ...overrides };
}

export const lob: SetDetail = {
  id: 'LOB',
  name: 'Legend of Blue Eyes White Dragon',
  releaseDate: '2002-03-08',
  imageUrl: null,
  preorderAvailable: false,
  products: { booster: true, display: false, cartaSuelta: true },
};

export function searchResponse(hits: CardSummary[], overrides: Partial<SearchResponse> = {}): SearchResponse {
  return {
    hits,
    total: hits.length,
    page: 1,
    pageSize: 12,
    totalPages: hits.length > 0 ? 1 : 0,
    facets: {
      language: [
        { value: 'en', count: 5 },
        { value: 'es', count: 2 },
      ],
      rarity: [
        { value: 'Secret Rare', count: 1 },
        { value: 'Ultra Rare', count: 6 },
      ],
    },
    ...overrides,
  };
}

type Handler = (url: URL, init?: RequestInit) => unknown;

/**
 * A fetch stand-in routed by path, with the query string handed to the handler, for the endpoints
 * whose answer depends on their parameters. A handler may return a Response for errors; anything
 * else is sent as 200 JSON. Unknown paths answer 404 in the API's error shape.
 */
export function mockApi(handlers: Record<string, Handler>): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://shop.test');
    const handler = handlers[url.pathname];
    if (!handler) {
      return jsonResponse({ statusCode: 404, code: 'not_found', message: `Sin respuesta para ${url.pathname}` }, 404);
    }
    const answer = await handler(url, init);
    return answer instanceof Object && 'ok' in answer && 'status' in answer ? (answer as Response) : jsonResponse(answer);
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The search parameters of every call made to `pathname`, in order. */
export function callsTo(mock: jest.Mock, pathname: string): URLSearchParams[] {
  return mock.mock.calls
    .map(([input]) => new URL(String(input), 'http://shop.test'))
    .filter((url) => url.pathname === pathname)
    .map((url) => url.searchParams);
}
