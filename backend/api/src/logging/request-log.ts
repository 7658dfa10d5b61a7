import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorForLog } from './logger';

/**
 * Query parameters that are credentials (OAuth codes and states, tokens) or a provider's free text
 * (`error_description`, which anyone can put on a callback). Their values never reach the log.
 */
const SECRET_PARAMS = new Set(['code', 'state', 'token', 'access_token', 'id_token', 'refresh_token', 'error_description', 'error_uri']);

/** The longest URL a request line keeps: a client could otherwise grow the log by kilobytes a request (soak QA). */
export const LOGGED_URL_MAX = 512;

/** The request's URL with the values of credential parameters replaced, cut at `LOGGED_URL_MAX`; the rest kept for debugging. */
export function loggableUrl(url: string | undefined): string {
  if (!url) return '';
  const at = url.indexOf('?');
  if (at < 0) return cut(url);
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of [...params.keys()]) if (SECRET_PARAMS.has(key.toLowerCase())) params.set(key, '[redacted]');
  return cut(`${url.slice(0, at)}?${params.toString()}`);
}

function cut(url: string): string {
  return url.length > LOGGED_URL_MAX ? `${url.slice(0, LOGGED_URL_MAX)}…` : url;
}

/**
 * What a request line logs: an allow-list, so no header (the session cookie, `Set-Cookie`, an
 * authorization) can ever be written, whatever a client or a controller adds.
 */
export const requestLogSerializers = {
  req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
  res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
  // pino-http gives the request's logger its own error serializer, which would undo the shop's.
  err: errorForLog,
};
