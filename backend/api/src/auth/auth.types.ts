import type { AuthUser } from './users.repository';

declare module 'express-session' {
  interface SessionData {
    /** The signed-in user; everything else about them is read from the database on each request. */
    userId?: string;
  }
}

declare module 'express' {
  interface Request {
    /** Set by the AuthRequired and AdminOnly guards for the handler (see CurrentUser). */
    authUser?: AuthUser;
  }
}
