import { Client } from '@opensearch-project/opensearch';
import type { Database } from '../db/sql';
import { OpenSearchCardWriter, OpenSearchSearchIndex } from './opensearch-search-index';
import { PostgresSearchIndex } from './postgres-search-index';
import type { SearchIndex } from './search-index.port';

export interface SearchSettings {
  db: Database;
  /** OpenSearch when set; the PostgreSQL read model otherwise. */
  openSearchUrl?: string;
}

export interface OpenedSearch {
  index: SearchIndex;
  /** Present with OpenSearch: the projection that keeps its index written. */
  writer?: OpenSearchCardWriter;
  close(): Promise<void>;
}

export function openSearch(settings: SearchSettings): OpenedSearch {
  if (!settings.openSearchUrl) return { index: new PostgresSearchIndex(settings.db), close: async () => undefined };
  const client = new Client({ node: settings.openSearchUrl });
  return { index: new OpenSearchSearchIndex(client), writer: new OpenSearchCardWriter(client), close: () => client.close() };
}
