import { Catch, Inject, Injectable } from '@nestjs/common';
import { LOGGER, Logger } from '../logging/logger';
import { BrowserRedirectFilter } from '../web/browser-redirect.filter';

export const SYNC_PAGE = '/account/sync';

/**
 * "Conectar Discord" is a link the browser follows: signed out by then (the session ended), the shopper
 * signs in and comes back to the sync page; any other refusal lands there as the callback's failures do.
 */
@Catch()
@Injectable()
export class LinkStartFailureFilter extends BrowserRedirectFilter {
  constructor(@Inject(LOGGER) logger: Logger) {
    super(logger);
  }

  protected pageFor(status: number | undefined): string {
    return status === 401 ? `/login?${new URLSearchParams({ returnTo: SYNC_PAGE })}` : `${SYNC_PAGE}?discord=error`;
  }
}
