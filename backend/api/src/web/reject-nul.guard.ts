import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError } from './api-exception.filter';

export const NUL_REFUSED = 'La solicitud contiene caracteres no válidos.';

/** How deep a JSON body is searched; the API's own bodies are at most three levels deep. */
const MAX_DEPTH = 8;

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item, depth + 1));
}

/**
 * PostgreSQL cannot store the NUL character in text, so a `%00` in a path, a query or a JSON body would
 * fail deep inside a query as a 500. Refused at the edge instead, before any handler runs: a 400 that
 * names the problem, and nothing written.
 */
@Injectable()
export class RejectNulGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (holdsNul(req.params) || holdsNul(req.query) || holdsNul(req.body)) throw new ApiError(400, 'bad_request', NUL_REFUSED);
    return true;
  }
}
