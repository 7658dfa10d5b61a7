import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PortRegistry } from '../health/port-registry';
import { createFileStorage, type FileStorage, s3OptionsFromEnv } from '../infra/files';
import { PROOF_STORAGE, ProofStore } from './proof-store';
import { ProofUploadInterceptor } from './proof-upload.interceptor';
import { ProofsController } from './proofs.controller';
import { UserRateLimitGuard } from './user-rate-limit.guard';

/** Payment proof uploads and their private download; the checkout reads the stored proof's hash. */
@Module({
  controllers: [ProofsController],
  providers: [
    {
      provide: PROOF_STORAGE,
      inject: [APP_CONFIG, PortRegistry],
      useFactory: (config: AppConfig, ports: PortRegistry): FileStorage => {
        const files = createFileStorage({ s3: s3OptionsFromEnv(), localRoot: config.filesDir });
        ports.register({ port: 'files', adapter: files.name, check: () => files.ping() });
        return files;
      },
    },
    ProofStore,
    ProofUploadInterceptor,
    UserRateLimitGuard,
  ],
  exports: [ProofStore, UserRateLimitGuard],
})
export class ProofsModule {}
