import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Database } from '@tcg/projections';
import { Profile, Strategy } from 'passport-google-oauth20';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { AuthUser, upsertGoogleUser } from './users.repository';

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/**
 * Google sign-in (OpenID Connect code flow with state and PKCE). Every URL comes from the config, so
 * the tests run this very strategy against a local OpenID provider.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(DATABASE) private readonly db: Database) {
    const google = config.auth.google;
    super({
      clientID: google.clientId ?? '',
      clientSecret: google.clientSecret ?? '',
      authorizationURL: google.authUrl,
      tokenURL: google.tokenUrl,
      userProfileURL: google.userInfoUrl,
      callbackURL: `${config.auth.publicUrl}${GOOGLE_CALLBACK_PATH}`,
      scope: ['openid', 'email', 'profile'],
      state: true,
      pkce: true,
    });
    // The library would put the access token in the userinfo URL's query, where proxies log it.
    this._oauth2.useAuthorizationHeaderforGET(true);
  }

  async validate(_accessToken: string, _refreshToken: string, profile: Profile): Promise<AuthUser | false> {
    const email = profile.emails?.[0];
    // Blanks around the address would make it another account's (the one-account-per-address check compares it whole).
    const address = email?.value?.trim();
    if (!profile.id || !email || !address) return false;
    const verified = (email.verified as unknown) === true || (email.verified as unknown) === 'true';
    const user = await upsertGoogleUser(this.db, {
      sub: profile.id,
      name: profile.displayName?.trim() ?? '',
      email: address,
      emailVerified: verified,
    });
    return user ?? false;
  }
}
