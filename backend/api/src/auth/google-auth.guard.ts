import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { AuthGuard, IAuthModuleOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { LOGGER, Logger, requestLogger } from '../logging/logger';
import { ApiError } from '../web/api-exception.filter';
import { authMessages } from './auth.messages';
import { safeReturnTo } from './return-to';
import { SIGN_IN_WINDOW_MS } from './session';
import type { AuthUser } from './users.repository';

/** What the callback route finds in `req.user`: the signed-in user and where they were going, or false. */
export type GoogleOutcome = { user: AuthUser; returnTo: string } | false;

/**
 * Runs the Google strategy: on /api/auth/google it answers with the redirect to Google, keeping
 * `returnTo` in the OAuth state (stored in the session); on the callback it yields a GoogleOutcome
 * instead of throwing, so a refused or failed sign-in lands on the sign-in page rather than on JSON.
 */
@Injectable()
export class GoogleAuthGuard extends AuthGuard('google') {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.config.auth.google.clientId) throw new ApiError(503, 'google_unavailable', authMessages.googleUnavailable);
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.session.userId) req.session.cookie.maxAge = SIGN_IN_WINDOW_MS;
    return (await super.canActivate(context)) as boolean;
  }

  override getAuthenticateOptions(context: ExecutionContext): IAuthModuleOptions & { state: { returnTo: string } } {
    const req = context.switchToHttp().getRequest<Request>();
    return { session: false, state: { returnTo: safeReturnTo(req.query.returnTo) } };
  }

  override handleRequest<TUser = GoogleOutcome>(err: unknown, user: AuthUser | false, info: unknown, context: ExecutionContext): TUser {
    if (err) requestLogger(context, this.logger).warn(oauthFailure(err), 'Google sign-in failed');
    if (err || !user) return false as TUser;
    const state = (info as { state?: { returnTo?: unknown } } | undefined)?.state;
    return { user, returnTo: safeReturnTo(state?.returnTo) } as TUser;
  }
}

/**
 * A failed sign-in on one line: the error's kind, OAuth code and Google's HTTP status. Not its message or
 * stack: Google's reply and the callback's `error_description` are text from outside (privacy QA found a
 * token in a logged reply, under a stack trace for an everyday refusal).
 */
export function oauthFailure(err: unknown): { reason: string; code?: unknown; status?: unknown } {
  const failure = err as { name?: unknown; code?: unknown; status?: unknown; oauthError?: { statusCode?: unknown } };
  return {
    reason: typeof failure.name === 'string' ? failure.name : 'Error',
    ...(failure.code !== undefined && { code: failure.code }),
    ...((failure.oauthError?.statusCode ?? failure.status) !== undefined && { status: failure.oauthError?.statusCode ?? failure.status }),
  };
}
