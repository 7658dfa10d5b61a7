import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PgSessionStore } from './pg-session.store';
import { SESSION_COOKIE, SESSION_COOKIE_PATH, SESSION_MAX_AGE_MS } from './session';

export const SESSION_STORE = Symbol('SESSION_STORE');

/** express-session with the PostgreSQL store, mounted on every /api route by AuthModule. */
@Injectable()
export class SessionMiddleware implements NestMiddleware {
  private readonly handler: RequestHandler;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(SESSION_STORE) store: PgSessionStore) {
    const production = config.env === 'production';
    this.handler = session({
      name: SESSION_COOKIE,
      secret: config.auth.sessionSecret,
      store,
      resave: false,
      // Visitors who never sign in get no cookie and no row.
      saveUninitialized: false,
      rolling: true,
      // In production TLS ends at the reverse proxy; its X-Forwarded-Proto decides whether the cookie may be set.
      proxy: production,
      cookie: { httpOnly: true, sameSite: 'lax', secure: production, path: SESSION_COOKIE_PATH, maxAge: SESSION_MAX_AGE_MS },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    this.handler(req, res, next);
  }
}
