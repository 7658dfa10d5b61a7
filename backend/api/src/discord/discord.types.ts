import 'express-session';

declare module 'express-session' {
  interface SessionData {
    /** The OAuth2 `state` of a Discord link in progress; the callback must bring it back from this session. */
    discordOAuthState?: string;
  }
}
