import { Inject, MiddlewareConsumer, Module, NestModule, OnApplicationBootstrap, OnApplicationShutdown, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import type { Database } from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { LOGGER, Logger } from '../logging/logger';
import { AuthController } from './auth.controller';
import { AdminGuard, SessionAuthGuard } from './auth.guards';
import { authMessages } from './auth.messages';
import { CsrfGuard } from './csrf.guard';
import { GoogleAuthGuard } from './google-auth.guard';
import { GoogleStrategy } from './google.strategy';
import { PgSessionStore } from './pg-session.store';
import { SESSION_STORE, SessionMiddleware } from './session.middleware';

const PRUNE_EVERY_MS = 15 * 60 * 1000;

/**
 * Sign-in and sessions for the whole API: the session cookie on every /api route, the global CSRF and
 * rate-limit guards, Google and dev sign-in. Checkout and uploads add tighter limits of their own.
 */
@Module({
  imports: [ThrottlerModule.forRoot({ throttlers: [{ ttl: 60_000, limit: 600 }], errorMessage: authMessages.tooManyRequests })],
  controllers: [AuthController],
  providers: [
    { provide: SESSION_STORE, inject: [DATABASE], useFactory: (db: Database) => new PgSessionStore(db) },
    SessionMiddleware,
    SessionAuthGuard,
    AdminGuard,
    GoogleAuthGuard,
    {
      provide: GoogleStrategy,
      inject: [APP_CONFIG, DATABASE],
      // Passport refuses a strategy without a client id; without one, Google sign-in answers 503.
      useFactory: (config: AppConfig, db: Database) => (config.auth.google.clientId ? new GoogleStrategy(config, db) : null),
    },
    { provide: APP_GUARD, useClass: CsrfGuard },
    { provide: APP_GUARD, useClass: ThrottlerGuard },
  ],
})
export class AuthModule implements NestModule, OnApplicationBootstrap, OnApplicationShutdown {
  private pruner?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SESSION_STORE) private readonly store: PgSessionStore,
  ) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(SessionMiddleware).forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }

  onApplicationBootstrap(): void {
    // Only the roles that serve HTTP sign anything with it.
    const servesHttp = this.config.role === 'all' || this.config.role === 'api';
    if (servesHttp && this.config.auth.sessionSecretGenerated) {
      this.logger.warn('SESSION_SECRET is not set: using a random one, so sessions end when the process stops');
    }
    this.pruner = setInterval(() => {
      this.store.prune().catch((err: unknown) => this.logger.warn({ err }, 'pruning expired sessions failed'));
    }, PRUNE_EVERY_MS);
    this.pruner.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.pruner);
  }
}
