import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { ApiErrorBody } from '@tcg/domain';
import type { Response } from 'express';
import type { Logger } from '../logging/logger';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'unprocessable',
  429: 'too_many_requests',
  503: 'unavailable',
};

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
    res.status(this.statusOf(exception)).json(this.bodyOf(exception));
  }

  private statusOf(exception: unknown): number {
    return exception instanceof HttpException ? exception.getStatus() : HttpStatus.INTERNAL_SERVER_ERROR;
  }

  private bodyOf(exception: unknown): ApiErrorBody {
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
      return { statusCode: status, code: CODES[status] ?? 'error', message };
    }
    this.logger.error({ err: exception }, 'unhandled error');
    return { statusCode: 500, code: 'internal', message: 'Ocurrió un error inesperado. Inténtalo de nuevo.' };
  }
}
