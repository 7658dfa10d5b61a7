import { Inject, MiddlewareConsumer, Module, NestModule, OnApplicationBootstrap, OnApplicationShutdown, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import type { Database } from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { RedisThrottlerStorage } from '../infra/rate-limit/redis-throttler-storage';
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

function rateLimitsOnRedis(redisUrl: string, logger: Logger): RedisThrottlerStorage {
  const log = logger.child({ component: 'rate-limits' });
  return new RedisThrottlerStorage({
    redisUrl,
    onFallback: (event, err) =>
      event === 'redis-unavailable'
        ? log.warn({ err }, 'Redis does not answer: rate limits are counted per process until it does')
        : log.info('Redis answers again: rate limits are shared by every process'),
  });
}

/**
 * Sign-in and sessions for the whole API: the session cookie on every /api route, the global CSRF and
 * rate-limit guards, Google and dev sign-in. Checkout and uploads add tighter limits of their own.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, LOGGER],
      useFactory: (config: AppConfig, logger: Logger) => ({
        throttlers: [{ ttl: 60_000, limit: 600 }],
        errorMessage: authMessages.tooManyRequests,
        // With Redis every API process counts against the same limits; without it, each process counts alone.
        storage: config.redisUrl ? rateLimitsOnRedis(config.redisUrl, logger) : undefined,
      }),
    }),
  ],
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
    // Probes need no session, and must not fail with the database when they carry a cookie.
    consumer
      .apply(SessionMiddleware)
      .exclude({ path: 'health', method: RequestMethod.GET }, { path: 'ready', method: RequestMethod.GET })
      .forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }

  onApplicationBootstrap(): void {
    // Only the roles that serve HTTP sign anything with it.
    const servesHttp = this.config.role === 'all' || this.config.role === 'api';
    if (servesHttp && this.config.auth.sessionSecretGenerated) {
      this.logger.warn(
        'SESSION_SECRET is not set: using a random one, so sessions end when the process stops, and another API process (each makes its own) signs every shopper out; give them all the same SESSION_SECRET',
      );
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
