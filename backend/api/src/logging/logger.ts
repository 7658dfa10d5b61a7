import type { ArgumentsHost, LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

export type { Logger } from 'pino';

/** The shop's logger, to stdout unless `destination` (a test's sink) is given. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, base: { service: 'tcg-shop' }, timestamp: pino.stdTimeFunctions.isoTime, serializers: { err: errorForLog } }, destination);
}

/**
 * What a database error quotes of the rows and values it was about ('Failing row contains (…, Ana Torres,
 * ana@…, 987…)', 'Key (email)=(…) already exists'), and an OAuth provider's raw reply, which may carry
 * tokens: none of it is logged (privacy QA found a customer's whole record in the log).
 */
const QUOTING_FIELDS = ['detail', 'where', 'internalQuery', 'parameters', 'hint'];

/** pino's error serializer (which folds causes into the message and stack), without what `QUOTING_FIELDS` names. */
export function errorForLog(err: unknown): unknown {
  const fields = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  if (typeof fields !== 'object' || fields === null) return fields;
  for (const field of QUOTING_FIELDS) delete fields[field];
  const reply = fields.oauthError as { statusCode?: unknown } | undefined;
  if (reply && typeof reply === 'object') fields.oauthError = { statusCode: reply.statusCode };
  return fields;
}

/**
 * The request's own logger (pino-http's child of `fallback`), so a line logged while handling it carries
 * the request id its request line has; `fallback` where the request has none.
 */
export function requestLogger(host: ArgumentsHost, fallback: Logger): Logger {
  return host.switchToHttp().getRequest<{ log?: Logger }>().log ?? fallback;
}

/** The context Nest reports an error thrown while the application is created or initialised under. */
const STARTUP_FAILURE_REPORTER = 'ExceptionHandler';

/** Nest's own messages (module init, routes) go through the same structured logger as ours. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    // A failed start-up (init, listen) is printed by main as one line naming what to change; Nest's own
    // report of it would come first, as a JSON line with a stack.
    if (context === STARTUP_FAILURE_REPORTER || (context === 'NestApplication' && /^Error: (?:listen|getaddrinfo) /.test(String(message)))) return;
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');
