import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { isUtf8 } from 'node:buffer';
import { ApiError } from './api-exception.filter';
import { INVALID_TEXT_REFUSED } from './reject-unstorable-text.guard';

export const NOT_JSON_REFUSED = 'El cuerpo de la petición debe ser JSON (Content-Type: application/json).';

/** What the API reads: JSON, and the payment proof's multipart form. */
const READ_TYPES = /^(?:application\/json|multipart\/form-data)\s*(?:;|$)/i;

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * A body the API would not read (text/plain, a form, XML, no type at all) was dropped unread, and the
 * route then refused the fields it could not find: a valid checkout sent as text/plain was told to
 * 'Completa todos los campos…' (QA). It is refused as what it is, 415, before anything runs.
 */
function readableBodiesOnly(req: Request, _res: Response, next: NextFunction): void {
  if (!hasBody(req) || READ_TYPES.test(req.headers['content-type'] ?? '')) return next();
  next(new ApiError(415, 'unsupported_media_type', NOT_JSON_REFUSED));
}

/**
 * Bytes that are not UTF-8 were decoded to U+FFFD and stored as '�����' (QA); refused like the other
 * text PostgreSQL should not hold (`RejectUnstorableTextGuard`). Thrown from the parser's `verify`, which
 * passes on an error with a status of its own as it is.
 */
function utf8Only(_req: Request, _res: Response, body: Buffer): void {
  if (!isUtf8(body)) throw new ApiError(400, 'bad_request', INVALID_TEXT_REFUSED);
}

/** The body parsers the API runs, in place of Nest's defaults (which also read URL-encoded forms). */
export function readRequestBodies(app: INestApplication): void {
  app.use(readableBodiesOnly);
  // Nest's own `useBodyParser` takes no `verify`.
  app.use(express.json({ verify: utf8Only }));
}
