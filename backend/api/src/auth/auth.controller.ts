import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { messages, phoneLength } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { Throttle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { DEMO_USERS } from '../seed/demo-seed.service';
import { ApiError } from '../web/api-exception.filter';
import { authMessages } from './auth.messages';
import { CurrentUser, AuthRequired } from './auth.decorators';
import { sessionUser } from './auth.guards';
import { GoogleAuthGuard, GoogleOutcome } from './google-auth.guard';
import { SignInFailureFilter } from './sign-in-failure.filter';
import { endSession, SESSION_COOKIE, SESSION_COOKIE_PATH, SIGN_INS_PER_MINUTE, startSession } from './session';
import { AuthUser, grantAdminTo, isAdmin, updatePhone, upsertUserByEmail } from './users.repository';

export interface MeResponse {
  user: AuthUser | null;
  isAdmin: boolean;
}

const ninePhoneDigits = new RegExp(`^\\d{${phoneLength}}$`);

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the request names the shop by one of its own names: a loopback name or PUBLIC_URL's host. A page
 * on another name made to resolve to this machine (DNS rebinding) sends its own name, and its origin then
 * matches it, so the CSRF check alone let it sign in as the demo admin (security QA). Read from the Host
 * header itself: X-Forwarded-Host is a header such a page may set.
 */
function namedByItsOwnName(req: Request, publicUrl: string): boolean {
  const host = (req.headers.host ?? '').toLowerCase();
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || host === new URL(publicUrl).host;
}

@Controller('auth')
export class AuthController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** What the sign-in page may offer. */
  @Get('config')
  authConfig(): { devLogin: boolean; google: boolean } {
    return { devLogin: this.config.auth.devLogin, google: !!this.config.auth.google.clientId };
  }

  /** The admin flag is read from `admins` on every call, so a revoked admin loses it at once. */
  @Get('me')
  async me(@Req() req: Request): Promise<MeResponse> {
    const user = await sessionUser(this.db, req);
    return { user, isAdmin: user ? await isAdmin(this.db, user.id) : false };
  }

  /** Redirects to Google; GoogleAuthGuard answers, so this body never runs. A refusal lands on the sign-in page. */
  @Get('google')
  @UseFilters(SignInFailureFilter)
  @Throttle({ default: { limit: SIGN_INS_PER_MINUTE, ttl: 60_000 } })
  @UseGuards(GoogleAuthGuard)
  google(): void {}

  @Get('google/callback')
  @UseFilters(SignInFailureFilter)
  @Throttle({ default: { limit: SIGN_INS_PER_MINUTE, ttl: 60_000 } })
  @UseGuards(GoogleAuthGuard)
  async googleCallback(@Req() req: Request, @Res() res: Response): Promise<void> {
    const outcome = req.user as GoogleOutcome;
    if (!outcome) return res.redirect(303, '/login?error=google');
    await startSession(req, outcome.user.id);
    res.redirect(303, outcome.returnTo);
  }

  /** Answers with the signed-out state, so the browser can show it without asking again. */
  @Post('logout')
  @HttpCode(200)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MeResponse> {
    await endSession(req);
    res.clearCookie(SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
    return { user: null, isAdmin: false };
  }

  /** The checkout keeps the account's phone up to date (spec §5: update the user record when it differs). */
  @Patch('me/phone')
  @AuthRequired()
  async updatePhone(@CurrentUser() user: AuthUser, @Body() body: unknown): Promise<MeResponse> {
    const phone = (body as { phone?: unknown } | undefined)?.phone;
    if (typeof phone !== 'string' || !ninePhoneDigits.test(phone.trim())) {
      throw new ApiError(400, 'invalid_phone', messages.checkout.phoneDigits);
    }
    const updated = await updatePhone(this.db, user.id, phone.trim());
    return { user: updated, isAdmin: await isAdmin(this.db, user.id) };
  }

  /** Signs in a demo account without Google: the embedded demo and tests only (DEV_LOGIN). */
  @Post('dev/login')
  @HttpCode(200)
  async devLogin(@Req() req: Request, @Body() body: unknown): Promise<MeResponse> {
    if (!this.config.auth.devLogin) throw new ApiError(404, 'not_found', authMessages.devLoginUnavailable);
    if (!namedByItsOwnName(req, this.config.auth.publicUrl)) throw new ApiError(403, 'csrf_refused', authMessages.csrfRefused);
    const as = (body as { as?: unknown } | undefined)?.as;
    if (as !== 'customer' && as !== 'admin') throw new ApiError(400, 'bad_request', authMessages.devLoginRole);
    const user = await upsertUserByEmail(this.db, DEMO_USERS[as]);
    if (as === 'admin') await grantAdminTo(this.db, user.id);
    await startSession(req, user.id);
    return { user, isAdmin: await isAdmin(this.db, user.id) };
  }
}
