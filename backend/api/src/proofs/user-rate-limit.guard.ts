import { applyDecorators, CanActivate, ExecutionContext, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import type { AttemptLimiter } from '../infra/rate-limit/attempt-limiter';
import { ApiError } from '../web/api-exception.filter';
import { proofMessages } from './proofs.messages';

interface RateRule {
  bucket: string;
  limit: number;
  ttlMs: number;
}

const RATE_RULE = Symbol('RATE_RULE');

/** The per-user attempt counts: Redis's (`RedisThrottlerStorage`) with REDIS_URL, this process's otherwise. */
export const ATTEMPT_LIMITER = Symbol('ATTEMPT_LIMITER');

/** 429 in Spanish, with when to try again. */
function tooMany(res: Response, retryAfterSeconds: number): ApiError {
  res.setHeader('Retry-After', String(Math.max(1, retryAfterSeconds)));
  return new ApiError(429, 'too_many_requests', proofMessages.tooManyRequests);
}

/**
 * Counts per signed-in user rather than per address: shoppers behind one mobile carrier's NAT share
 * an IP, and one account must not flood uploads or orders from many addresses either. Signed-out
 * requests pass through to `@AuthRequired()`; the global per-IP throttler still applies on top.
 */
@Injectable()
export class UserRateLimitGuard implements CanActivate {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateRule | undefined>(RATE_RULE, context.getHandler());
    const http = context.switchToHttp();
    // The session, not the auth guard's user: guards run in the order their decorators were applied.
    const userId = http.getRequest<Request>().session?.userId;
    if (!rule || !userId) return true;
    const record = await this.storage.increment(`${rule.bucket}:${userId}`, rule.ttlMs, rule.limit, rule.ttlMs, rule.bucket);
    if (!record.isBlocked) return true;
    throw tooMany(http.getResponse<Response>(), record.timeToBlockExpire);
  }
}

/** At most `limit` requests per user per `ttlMs` on this route (DESIGN §8: uploads). */
export const UserRateLimit = (bucket: string, limit: number, ttlMs = 60_000) =>
  applyDecorators(SetMetadata(RATE_RULE, { bucket, limit, ttlMs } satisfies RateRule), UseGuards(UserRateLimitGuard));

/**
 * At most `limit` attempts per user per `ttlMs` (DESIGN §8: checkout), an attempt being what a request
 * names (its Idempotency-Key): one re-sent is admitted again, so a lost answer or a busy shop does not
 * use the limit up. Called by the route once it knows the attempt is new work.
 */
@Injectable()
export class UserAttemptLimit {
  constructor(@Inject(ATTEMPT_LIMITER) private readonly attempts: AttemptLimiter) {}

  async admit(bucket: string, userId: string, attempt: string, limit: number, res: Response, ttlMs = 60_000): Promise<void> {
    const admission = await this.attempts.admit(`${bucket}:${userId}`, attempt, limit, ttlMs);
    if (!admission.admitted) throw tooMany(res, admission.retryAfterSeconds);
  }
}
