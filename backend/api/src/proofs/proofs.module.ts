import { Module } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { MemoryAttemptLimiter } from '../infra/rate-limit/attempt-limiter';
import { RedisThrottlerStorage } from '../infra/rate-limit/redis-throttler-storage';
import { FILE_STORAGE } from '../files/files.module';
import { PROOF_STORAGE, ProofStore } from './proof-store';
import { ProofSweeper } from './proof-sweeper.service';
import { ProofUploadInterceptor } from './proof-upload.interceptor';
import { ProofsController } from './proofs.controller';
import { ATTEMPT_LIMITER, UserAttemptLimit, UserRateLimitGuard } from './user-rate-limit.guard';

/** Payment proof uploads, their private download and their sweep; the checkout reads and claims the stored proof. */
@Module({
  controllers: [ProofsController],
  providers: [
    { provide: PROOF_STORAGE, useExisting: FILE_STORAGE },
    ProofStore,
    ProofSweeper,
    ProofUploadInterceptor,
    UserRateLimitGuard,
    UserAttemptLimit,
    {
      // Attempts are counted where the rate limits are: in Redis with REDIS_URL, in this process without.
      provide: ATTEMPT_LIMITER,
      inject: [ThrottlerStorage],
      useFactory: (storage: ThrottlerStorage) => (storage instanceof RedisThrottlerStorage ? storage : new MemoryAttemptLimiter()),
    },
  ],
  exports: [ProofStore, ProofSweeper, UserRateLimitGuard, UserAttemptLimit],
})
export class ProofsModule {}
