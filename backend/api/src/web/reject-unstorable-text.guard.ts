import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from './api-exception.filter';

export const INVALID_TEXT_REFUSED = 'La solicitud contiene caracteres no válidos.';

/** How deep a JSON body is searched; the API's own bodies are at most three levels deep. */
const MAX_DEPTH = 8;

/** The NUL character, or half of a surrogate pair (JSON's `"\ud800"`): text that is not Unicode. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function holdsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => UNSTORABLE.test(key) || holdsUnstorable(item, depth + 1));
}

/**
 * PostgreSQL cannot store the NUL character in text, nor a lone surrogate in `jsonb` (the event log), so
 * a `%00` in a path, a query or a JSON body, or a `\ud800` in a JSON string, would fail deep inside a query
 * as a 500. Refused at the edge instead, before any handler runs: a 400 that names the problem, and
 * nothing written.
 */
@Injectable()
export class RejectUnstorableTextGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (holdsUnstorable(req.params) || holdsUnstorable(req.query) || holdsUnstorable(req.body)) {
      throw new ApiError(400, 'bad_request', INVALID_TEXT_REFUSED);
    }
    return true;
  }
}
