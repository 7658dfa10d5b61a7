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
  /** The request header naming the attempt a request belongs to: attempts are counted, not requests. */
  attemptHeader?: string;
}

const RATE_RULE = Symbol('RATE_RULE');

/** The per-user attempt counts: Redis's (`RedisThrottlerStorage`) with REDIS_URL, this process's otherwise. */
export const ATTEMPT_LIMITER = Symbol('ATTEMPT_LIMITER');

/** Longer than any Idempotency-Key the shop sends (a UUID): such a value names no attempt. */
const MAX_ATTEMPT_LENGTH = 100;

/**
 * Counts per signed-in user rather than per address: shoppers behind one mobile carrier's NAT share
 * an IP, and one account must not flood uploads or orders from many addresses either. Signed-out
 * requests pass through to `@AuthRequired()`; the global per-IP throttler still applies on top.
 */
@Injectable()
export class UserRateLimitGuard implements CanActivate {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(ATTEMPT_LIMITER) private readonly attempts: AttemptLimiter,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateRule | undefined>(RATE_RULE, context.getHandler());
    const http = context.switchToHttp();
    // The session, not the auth guard's user: guards run in the order their decorators were applied.
    const req = http.getRequest<Request>();
    const userId = req.session?.userId;
    if (!rule || !userId) return true;
    const attempt = rule.attemptHeader ? req.header(rule.attemptHeader) : undefined;
    let retryAfterSeconds: number;
    if (attempt && attempt.length <= MAX_ATTEMPT_LENGTH) {
      const admission = await this.attempts.admit(`${rule.bucket}:${userId}`, attempt.toLowerCase(), rule.limit, rule.ttlMs);
      if (admission.admitted) return true;
      retryAfterSeconds = admission.retryAfterSeconds;
    } else {
      const record = await this.storage.increment(`${rule.bucket}:${userId}`, rule.ttlMs, rule.limit, rule.ttlMs, rule.bucket);
      if (!record.isBlocked) return true;
      retryAfterSeconds = record.timeToBlockExpire;
    }
    http.getResponse<Response>().setHeader('Retry-After', String(Math.max(1, retryAfterSeconds)));
    throw new ApiError(429, 'too_many_requests', proofMessages.tooManyRequests);
  }
}

/**
 * At most `limit` requests per user per `ttlMs` on this route (DESIGN §8: checkout and uploads); with
 * `attemptHeader`, at most `limit` attempts, a request re-sent under the same header value being the same
 * attempt (requests without the header are counted one by one).
 */
export const UserRateLimit = (bucket: string, limit: number, options: { ttlMs?: number; attemptHeader?: string } = {}) =>
  applyDecorators(
    SetMetadata(RATE_RULE, { bucket, limit, ttlMs: options.ttlMs ?? 60_000, attemptHeader: options.attemptHeader } satisfies RateRule),
    UseGuards(UserRateLimitGuard),
  );
