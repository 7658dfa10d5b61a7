import { Catch, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { LOGGER, Logger } from '../logging/logger';
import { BrowserRedirectFilter } from '../web/browser-redirect.filter';
import { safeReturnTo } from './return-to';

/** What the sign-in page says for `?error=`: too many sign-ins from this address, Google not configured, anything else. */
const SIGN_IN_ERRORS: Record<number, string> = { 429: 'limit', 503: 'unavailable' };

/** Google's start and callback: a refusal lands on the sign-in page, still going where the shopper was going. */
@Catch()
@Injectable()
export class SignInFailureFilter extends BrowserRedirectFilter {
  constructor(@Inject(LOGGER) logger: Logger) {
    super(logger);
  }

  protected pageFor(status: number | undefined, req: Request): string {
    const params = new URLSearchParams({ error: SIGN_IN_ERRORS[status ?? 0] ?? 'google' });
    const returnTo = safeReturnTo(req.query.returnTo);
    if (returnTo !== '/') params.set('returnTo', returnTo);
    return `/login?${params}`;
  }
}
