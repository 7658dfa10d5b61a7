import { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

export type { Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, base: { service: 'tcg-shop' }, timestamp: pino.stdTimeFunctions.isoTime });
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
