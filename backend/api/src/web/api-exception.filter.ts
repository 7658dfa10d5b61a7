import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { ApiErrorBody } from '@tcg/domain';
import { ConcurrencyError, EventIdReusedError } from '@tcg/projections';
import type { Response } from 'express';
import { StorageFullError } from '../infra/files';
import { type Logger, requestLogger } from '../logging/logger';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'too_many_requests',
  503: 'unavailable',
  507: 'storage_full',
};

/**
 * What a person reads when the framework or the body parser refuses a request in its own (English)
 * words: an unknown route, an undecodable path, malformed JSON, a body too large.
 */
const SPANISH: Record<number, string> = {
  400: 'La petición no es válida.',
  401: 'Debes iniciar sesión.',
  403: 'No tienes permiso para hacer esto.',
  404: 'No existe lo que buscas.',
  413: 'La petición es demasiado grande.',
  // The parser's own refusals of a charset or a compression it does not read.
  415: 'La tienda lee el cuerpo de la petición como JSON en UTF-8, sin comprimir.',
};
/** Strict parsing: malformed JSON, and JSON that is not an object or array (`null`, `"hola"`, `7`). */
const INVALID_JSON = 'El cuerpo de la petición no es un objeto JSON válido.';
const UNEXPECTED = 'Ocurrió un error inesperado. Inténtalo de nuevo.';
const STORAGE_FULL = 'No hay espacio en el servidor para guardar los cambios. Inténtalo más tarde.';
const KEY_REUSED = 'Esta solicitud ya se registró con otros datos.';
const BUSY = 'La tienda está atendiendo muchos pedidos a la vez. Inténtalo de nuevo en unos segundos.';
const DATABASE_UNAVAILABLE = 'La tienda no puede atenderte en este momento. Inténtalo de nuevo en unos segundos.';

/** A database that does not answer (the statement bound, a refused or lost connection, a server shutting down). */
// `pg`'s words: a statement past its bound; the pool's wait for a connection; a client's own connect (the lock's).
const UNAVAILABLE_MESSAGES = /^(?:Query read timeout|timeout exceeded when trying to connect|timeout expired$|Connection terminated)/;
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006']);

function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return UNAVAILABLE_MESSAGES.test(error.message) || UNAVAILABLE_CODES.has(String((error as { code?: unknown }).code));
}

/** Nest's own messages (`Cannot GET /x`, `Failed to decode param …`, the status names): never shown as they are. */
const FRAMEWORK_WORDS = /^(?:Cannot [A-Z-]+ |Failed to decode param|Not Found$|Bad Request$|Forbidden resource$|Unauthorized$|Payload Too Large$|Unsupported Media Type$)/;

/** An `http-errors` error from Express's body parser: a client mistake it already judged (`expose`). */
interface ClientHttpError {
  status: number;
  type?: string;
  expose: true;
}

/** The file storage or the database (SQLSTATE 53100 disk_full, from PostgreSQL and PGlite alike) has no room for a write. */
function isOutOfSpace(error: unknown): boolean {
  return error instanceof StorageFullError || (error as { code?: unknown } | null)?.code === '53100';
}

function isClientHttpError(error: unknown): error is ClientHttpError {
  const candidate = error as Partial<ClientHttpError> | null;
  return typeof candidate?.status === 'number' && candidate.status >= 400 && candidate.status < 500 && candidate.expose === true;
}

/** An error that already carries the stable code and the Spanish text a person should read. */
export class ApiError extends HttpException {
  constructor(status: number, readonly code: string, message: string, readonly details?: unknown) {
    super(message, status);
  }
}

/**
 * Every API error leaves as `{ statusCode, code, message }` JSON. Unexpected errors are logged with
 * their stack and answered with a plain 500, never with internals.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = this.bodyOf(exception, requestLogger(host, this.logger));
    // Failed after its answer left (the session store's touch when the response ends, on a lost database
    // connection): the error is logged above, and setting a status now would throw ERR_HTTP_HEADERS_SENT.
    if (res.headersSent) return;
    // A route may have set its own type and caching (a year, for an image) before it failed: an error is JSON and never kept.
    res.status(body.statusCode).type('application/json').setHeader('Cache-Control', 'no-store');
    if (body.code === 'busy') res.setHeader('Retry-After', '1');
    if (body.code === 'database_unavailable') res.setHeader('Retry-After', '5');
    res.json(body);
  }

  /** The framework's English refusals in Spanish; the shop's own messages (already Spanish) as they are. */
  private spanish(status: number, message: string): string {
    if (status === 400 && /\bJSON\b/.test(message)) return INVALID_JSON;
    return FRAMEWORK_WORDS.test(message) ? (SPANISH[status] ?? SPANISH[400]) : message;
  }

  private bodyOf(exception: unknown, log: Logger): ApiErrorBody {
    if (exception instanceof ApiError) {
      return { statusCode: exception.getStatus(), code: exception.code, message: exception.message, details: exception.details };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const message =
        typeof response === 'object' && response !== null && 'message' in response
          ? [(response as { message: unknown }).message].flat().join('; ')
          : exception.message;
      return { statusCode: status, code: CODES[status] ?? 'error', message: this.spanish(status, message) };
    }
    if (isClientHttpError(exception)) {
      const message = exception.type === 'entity.parse.failed' ? INVALID_JSON : (SPANISH[exception.status] ?? SPANISH[400]);
      return { statusCode: exception.status, code: CODES[exception.status] ?? 'bad_request', message };
    }
    if (isOutOfSpace(exception)) {
      // Nothing the shopper can change: the operator must free space or grow the disk.
      log.error({ err: exception }, 'no space left to store the request');
      return { statusCode: 507, code: CODES[507], message: STORAGE_FULL };
    }
    // An Idempotency-Key sent again with another request: what the first one stored stands.
    if (exception instanceof EventIdReusedError) return { statusCode: 422, code: 'idempotency_key_reused', message: KEY_REUSED };
    // Nothing the shopper did: a retry in a moment may pass (a request whose commit landed is idempotent by its key).
    if (isDatabaseUnavailable(exception)) {
      log.error({ err: exception }, 'the database did not answer');
      return { statusCode: 503, code: 'database_unavailable', message: DATABASE_UNAVAILABLE };
    }
    // Other processes kept writing the same stream for as long as the command retried: nothing was written by this attempt.
    if (exception instanceof ConcurrencyError) {
      log.warn({ err: exception }, 'gave up retrying a busy stream');
      return { statusCode: 503, code: 'busy', message: BUSY };
    }
    log.error({ err: exception }, 'unhandled error');
    return { statusCode: 500, code: 'internal', message: UNEXPECTED };
  }
}
