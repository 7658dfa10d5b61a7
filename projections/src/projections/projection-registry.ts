import type { OpenSearchCardWriter } from '../search/opensearch-search-index';
import { openSearchProjection } from '../search/opensearch-index.projection';
import { cardsProjection } from './cards.projection';
import { ordersProjection } from './orders.projection';
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

export function findProjection(projections: readonly Projection[], name: string): Projection {
  const found = projections.find((projection) => projection.name === name);
  if (!found) throw new UnknownProjectionError(name, projections.map((projection) => projection.name));
  return found;
}
