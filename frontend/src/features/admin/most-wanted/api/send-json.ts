import { ApiError } from '@/lib/api-client';

// Same header as lib/api-client: the API refuses state-changing requests without it (CSRF).
const CSRF_HEADER = { 'X-Requested-With': 'tcg' };

/**
 * PUT, which the shared JSON client does not offer. A failure the server did not word
 * becomes `fallback`, the spec's text for that action.
 */
export async function sendJson<T>(method: 'PUT', path: string, body: unknown, fallback: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...CSRF_HEADER },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(fallback, 0, 'NETWORK_ERROR');
  }
  const answer = (await response.json().catch(() => undefined)) as { message?: unknown; code?: string } | undefined;
  if (!response.ok) throw new ApiError(typeof answer?.message === 'string' ? answer.message : fallback, response.status, answer?.code ?? 'UNKNOWN');
  return answer as T;
}
