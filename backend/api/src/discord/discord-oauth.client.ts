import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { DiscordUser } from './discord-links.repository';

/** Discord is slow or down: the shopper should land back on the shop with an error, not wait forever. */
const DISCORD_TIMEOUT_MS = 10_000;

const tokenResponse = z.object({ access_token: z.string().min(1), token_type: z.string() });

const userResponse = z.object({
  id: z.string().regex(/^\d+$/),
  username: z.string().min(1),
  global_name: z.string().nullish(),
  avatar: z.string().nullish(),
});

export class DiscordOAuthError extends Error {}

/** Discord's side of the authorization-code flow (scope `identify`), with the URLs from the config. */
@Injectable()
export class DiscordOAuthClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!this.discord.clientId;
  }

  authorizeUrl(state: string): string {
    const url = new URL(this.discord.authorizeUrl);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.discord.clientId ?? '',
      scope: 'identify',
      state,
      redirect_uri: this.redirectUri,
    }).toString();
    return url.toString();
  }

  /**
   * Trades the code for an access token and reads who approved. The token is used for this one read and
   * then dropped: the shop only needs the identity, so nothing that could act on Discord is ever stored.
   */
  async identityFor(code: string): Promise<DiscordUser> {
    const token = await this.call(this.discord.tokenUrl, tokenResponse, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri,
        client_id: this.discord.clientId ?? '',
        client_secret: this.discord.clientSecret ?? '',
      }),
    });
    const user = await this.call(`${this.discord.apiUrl}/users/@me`, userResponse, {
      headers: { Authorization: `Bearer ${token.access_token}` },
    });
    return { id: user.id, username: user.username, global_name: user.global_name ?? null, avatar: user.avatar ?? null };
  }

  private get discord() {
    return this.config.auth.discord;
  }

  private get redirectUri(): string {
    return `${this.config.auth.publicUrl}/api/auth/discord/callback`;
  }

  private async call<T>(url: string, shape: z.ZodType<T>, init: RequestInit): Promise<T> {
    // Never redirected: the token request carries the client secret and the code, which a 307 would re-send.
    const response = await fetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers }, signal: AbortSignal.timeout(DISCORD_TIMEOUT_MS), redirect: 'error' });
    // Only the endpoint and status go into the error: the bodies may carry tokens.
    if (!response.ok) throw new DiscordOAuthError(`${new URL(url).pathname} answered ${response.status}`);
    const parsed = shape.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new DiscordOAuthError(`${new URL(url).pathname} answered an unexpected body`);
    return parsed.data;
  }
}
