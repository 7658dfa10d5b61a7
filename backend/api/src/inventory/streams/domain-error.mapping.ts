import { type DomainError, InsufficientStockError, isDomainError, PriceChangedError } from '@tcg/domain';
import { ApiError } from '../../web/api-exception.filter';

const statusByKind = { invalid: 400, not_found: 404, conflict: 409 } as const;

/** A refusal as the API answers it: the domain's code, its Spanish message and what the client needs. */
export function toApiError(error: DomainError): ApiError {
  return new ApiError(statusByKind[error.kind], error.code, error.message, detailsOf(error));
}

function detailsOf(error: DomainError): unknown {
  if (error instanceof InsufficientStockError) return { cardId: error.cardId, available: error.available };
  if (error instanceof PriceChangedError) return { cardId: error.cardId, currentPrice: error.currentPrice };
  return Object.keys(error.details).length > 0 ? error.details : undefined;
}

/** Runs `work` and turns the domain's refusals into API errors; anything else passes through. */
export async function answeringApiErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isDomainError(error) ? toApiError(error) : error;
  }
}
