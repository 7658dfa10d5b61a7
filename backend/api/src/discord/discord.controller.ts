import { Controller, Get, HttpCode, Inject, Post, Query, Req, Res, UseFilters } from '@nestjs/common';
import type { Database } from '@tcg/projections';
import type { Request, Response } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AuthRequired, AuthUser, CurrentUser } from '../auth';
import { sessionUser } from '../auth/auth.guards';
import { DATABASE } from '../database/database.module';
import { LOGGER, Logger } from '../logging/logger';
import { ApiError } from '../web/api-exception.filter';
import { DiscordOAuthClient } from './discord-oauth.client';
import { deleteDiscordLink, DiscordUser, findDiscordLink, saveDiscordLink } from './discord-links.repository';
import { discordMessages } from './discord.messages';
import { LinkStartFailureFilter, SYNC_PAGE } from './link-start-failure.filter';
import './discord.types';

export interface DiscordLinkResponse {
  user: DiscordUser | null;
  /** False when the shop has no Discord client configured: the page offers no connect button then. */
  available: boolean;
}

function sameState(expected: string | undefined, received: unknown): boolean {
  if (!expected || typeof received !== 'string') return false;
  const [a, b] = [Buffer.from(expected), Buffer.from(received)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Links the signed-in shopper's Discord account. The flow is bound to the session: the state lives only
 * there, the code is exchanged server-side, and the browser only ever sees the outcome on the sync page.
 */
@Controller('auth/discord')
export class DiscordController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly discord: DiscordOAuthClient,
  ) {}

  @Get('start')
  @UseFilters(LinkStartFailureFilter)
  @AuthRequired()
  start(@Req() req: Request, @Res() res: Response): void {
    if (!this.discord.configured) throw new ApiError(503, 'discord_unavailable', discordMessages.unavailable);
    const state = randomBytes(32).toString('base64url');
    req.session.discordOAuthState = state;
    res.redirect(302, this.discord.authorizeUrl(state));
  }

  /** Every failure lands on the sync page (a browser arrives here from Discord, not from our scripts). */
  @Get('callback')
  async callback(@Req() req: Request, @Res() res: Response, @Query('code') code: unknown, @Query('state') state: unknown): Promise<void> {
    const expected = req.session?.discordOAuthState;
    // One state per attempt: a replayed callback finds none.
    if (expected) delete req.session.discordOAuthState;
    const user = await sessionUser(this.db, req);
    if (!user || !sameState(expected, state) || typeof code !== 'string' || !code) {
      return res.redirect(303, `${SYNC_PAGE}?discord=error`);
    }
    try {
      await saveDiscordLink(this.db, user.id, await this.discord.identityFor(code));
    } catch (err) {
      this.logger.warn({ err, userId: user.id }, 'linking a Discord account failed');
      return res.redirect(303, `${SYNC_PAGE}?discord=error`);
    }
    res.redirect(303, `${SYNC_PAGE}?discord=success`);
  }

  @Get('user')
  @AuthRequired()
  async user(@CurrentUser() user: AuthUser): Promise<DiscordLinkResponse> {
    return { user: await findDiscordLink(this.db, user.id), available: this.discord.configured };
  }

  @Post('disconnect')
  @HttpCode(200)
  @AuthRequired()
  async disconnect(@CurrentUser() user: AuthUser): Promise<DiscordLinkResponse> {
    await deleteDiscordLink(this.db, user.id);
    return { user: null, available: this.discord.configured };
  }
}
