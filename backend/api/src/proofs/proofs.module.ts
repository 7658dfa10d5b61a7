import { Module } from '@nestjs/common';
import { FILE_STORAGE } from '../files/files.module';
import { PROOF_STORAGE, ProofStore } from './proof-store';
import { ProofUploadInterceptor } from './proof-upload.interceptor';
import { ProofsController } from './proofs.controller';
import { UserRateLimitGuard } from './user-rate-limit.guard';

/** Payment proof uploads and their private download; the checkout reads the stored proof's hash. */
@Module({
  controllers: [ProofsController],
  providers: [
    { provide: PROOF_STORAGE, useExisting: FILE_STORAGE },
    ProofStore,
    ProofUploadInterceptor,
    UserRateLimitGuard,
  ],
  exports: [ProofStore, UserRateLimitGuard],
})
export class ProofsModule {}
