import { ArgumentsHost, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type Logger, requestLogger } from '../logging/logger';

/**
 * For the few API routes a browser navigates to (the start and end of a sign-in or an account link),
 * not called by the storefront's scripts: a refusal there (signed out, a rate limit, a provider not
 * configured) sends the person to a page that says it, instead of showing a JSON body as the page.
 */
export abstract class BrowserRedirectFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  /** The shop page that tells what happened, from the refusal's HTTP status (none for an unexpected error). */
  protected abstract pageFor(status: number | undefined, req: Request): string;

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const status = exception instanceof HttpException ? exception.getStatus() : undefined;
    if (status === undefined) requestLogger(host, this.logger).error({ err: exception }, 'unhandled error');
    const res = http.getResponse<Response>();
    if (res.headersSent) return;
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(303, this.pageFor(status, http.getRequest<Request>()));
  }
}
