import type { ApiErrorBody } from '@tcg/domain';

const NETWORK_FAILURE = 'No se pudo conectar con la tienda. Revisa tu conexión e inténtalo de nuevo.';
const UNEXPECTED_FAILURE = 'Ocurrió un error inesperado. Inténtalo de nuevo.';

/**
 * An API failure whose `message` is already written for the shopper (the API speaks Spanish); `field`
 * names the request's field a refused body was refused for, when the API says (its first issue's path).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function firstIssuePath(details: unknown): string | undefined {
  const first: unknown = Array.isArray(details) ? details[0] : undefined;
  const path = typeof first === 'object' && first !== null ? (first as { path?: unknown }).path : undefined;
  return typeof path === 'string' && path !== '' ? path : undefined;
}

function isApiErrorBody(body: unknown): body is ApiErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ApiErrorBody).message === 'string' &&
    (body as ApiErrorBody).message.length > 0
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

// The API refuses state-changing requests without it (CSRF); other sites cannot send it without CORS.
const CSRF_HEADER = { 'X-Requested-With': 'tcg' };

export interface RequestOptions {
  signal?: AbortSignal;
  /** The spec's text for this action (e.g. 'Error al guardar el set'), shown when the server words none. */
  fallback?: string;
  /** Sent as `Idempotency-Key`: the server applies a request re-sent with the same key once. */
  idempotencyKey?: string;
}

async function request<T>(path: string, init: RequestInit = {}, fallback?: string): Promise<T> {
  const changesState = !['GET', 'HEAD'].includes((init.method ?? 'GET').toUpperCase());
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(changesState ? CSRF_HEADER : {}), ...init.headers },
    });
  } catch (error) {
    // An aborted query is React Query's business, not a connection problem to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(fallback ?? NETWORK_FAILURE, 0, 'NETWORK_ERROR');
  }
  // 204: done, and nothing to read (a DELETE).
  if (response.status === 204) return undefined as T;
  const body = await readJson(response);
  if (!response.ok) {
    if (isApiErrorBody(body)) throw new ApiError(body.message, response.status, body.code ?? 'UNKNOWN', firstIssuePath(body.details));
    throw new ApiError(fallback ?? UNEXPECTED_FAILURE, response.status, 'UNKNOWN');
  }
  if (body === undefined) throw new ApiError(UNEXPECTED_FAILURE, response.status, 'INVALID_JSON');
  return body as T;
}

/** A JSON request that changes state; `body` undefined sends none. */
function send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE') {
  return <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    request<T>(
      path,
      {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
        },
        signal: options.signal,
      },
      options.fallback,
    );
}

export const api = {
  get: <T>(path: string, options: RequestOptions = {}) => request<T>(path, { method: 'GET', signal: options.signal }, options.fallback),
  post: send('POST'),
  put: send('PUT'),
  patch: send('PATCH'),
  delete: send('DELETE'),
};

/** The text to show for any thrown value: API messages as sent, anything else generically. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_FAILURE;
}
