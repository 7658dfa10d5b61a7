import type { ApiErrorBody } from '@tcg/domain';
import { ApiError } from '@/lib/api-client';

/** A refusal with the `details` the checkout acts on, such as the stock left of a card. */
export class CheckoutApiError extends ApiError {
  constructor(
    message: string,
    status: number,
    code: string,
    readonly details: unknown,
  ) {
    super(message, status, code);
    this.name = 'CheckoutApiError';
  }
}

// Same header as lib/api-client: the API refuses state-changing requests without it (CSRF).
export const CSRF_HEADER = { 'X-Requested-With': 'tcg' };

/**
 * A POST for the checkout, which needs what the shared JSON client does not offer: an Idempotency-Key
 * header and the refusal's details. `fallback` is the spec's text for a failure the server did not word
 * (a proxy's HTML page); `offline` for a request that never reached the shop.
 */
export async function postToApi<T>(
  path: string,
  init: { body: BodyInit; headers?: Record<string, string> },
  fallback: string,
  offline: string = fallback,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      body: init.body,
      headers: { Accept: 'application/json', ...CSRF_HEADER, ...init.headers },
    });
  } catch {
    throw new CheckoutApiError(offline, 0, 'NETWORK_ERROR', undefined);
  }
  const body = (await response.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined;
  if (!response.ok) throw refusal(response.status, body, fallback);
  return body as T;
}

/** A checkout request's refusal: the server's words and details, or `fallback` when it gave none. */
export function refusal(status: number, body: Partial<ApiErrorBody> | undefined, fallback: string): CheckoutApiError {
  const worded = typeof body?.message === 'string' && body.message.length > 0;
  return new CheckoutApiError(worded ? body.message! : fallback, status, body?.code ?? 'UNKNOWN', body?.details);
}
