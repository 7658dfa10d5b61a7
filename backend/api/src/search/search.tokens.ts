/** The search port (`SearchIndex` from @tcg/projections): PostgreSQL read model, or OpenSearch with OPENSEARCH_URL. */
export const SEARCH_INDEX = Symbol('SEARCH_INDEX');

/** The opened search adapter with its index writer (OpenSearch only), for the projector. */
export const OPENED_SEARCH = Symbol('OPENED_SEARCH');
