import type { OpenSearchCardWriter } from '../search/opensearch-search-index';
import { OPENSEARCH_PROJECTION, openSearchProjection } from '../search/opensearch-index.projection';
import { CARDS_PROJECTION, cardsProjection } from './cards.projection';
import { ORDERS_PROJECTION, ordersProjection } from './orders.projection';
import { Projection, UnknownProjectionError } from './projection';

export interface ProjectionSetOptions {
  /** With OpenSearch configured, its index is one more projection. */
  openSearchWriter?: OpenSearchCardWriter;
}

/** Every projection the shop runs, in the order they should start. */
export function createProjections(options: ProjectionSetOptions = {}): Projection[] {
  const projections = [cardsProjection(), ordersProjection()];
  if (options.openSearchWriter) projections.push(openSearchProjection(options.openSearchWriter));
  return projections;
}

/** The names of `createProjections`, for a process that runs none (`ROLE=api`) but reports on them. */
export function projectionNames(options: { openSearch: boolean }): string[] {
  return [CARDS_PROJECTION, ORDERS_PROJECTION, ...(options.openSearch ? [OPENSEARCH_PROJECTION] : [])];
}

export function findProjection(projections: readonly Projection[], name: string): Projection {
  const found = projections.find((projection) => projection.name === name);
  if (!found) throw new UnknownProjectionError(name, projections.map((projection) => projection.name));
  return found;
}
