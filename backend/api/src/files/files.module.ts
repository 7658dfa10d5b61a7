import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PortRegistry } from '../health/port-registry';
import { createFileStorage, type FileStorage, LocalFileStorage } from '../infra/files';

export const FILE_STORAGE = Symbol('FILE_STORAGE');

/**
 * The one file store of the process (a bucket when S3_BUCKET is set, else local disk
 * under var/files): payment proofs and re-hosted card images live in it under keys of their own.
 */
@Global()
@Module({
  providers: [
    {
      provide: FILE_STORAGE,
      inject: [APP_CONFIG, PortRegistry],
      useFactory: async (config: AppConfig, ports: PortRegistry): Promise<FileStorage> => {
        const files = createFileStorage({ s3: config.s3, localRoot: config.filesDir });
        // A local folder the shop cannot write stops it at start with its one line (main's diskProblem), as the
        // embedded database's does: with DATABASE_URL set, DATA_DIR=/proc/x started, then failed every proof (QA).
        if (files instanceof LocalFileStorage) await files.ensureWritable();
        ports.register({ port: 'files', adapter: files.name, check: () => files.ping() });
        return files;
      },
    },
  ],
  exports: [FILE_STORAGE],
})
export class FilesModule {}
