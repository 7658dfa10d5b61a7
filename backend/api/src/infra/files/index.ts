export {
  assertValidKey,
  InvalidFileKeyError,
  StorageFullError,
  type FileStorage,
  type FileStorageKind,
  type StoredFile,
} from './file-storage';
export { DEFAULT_LOCAL_ROOT, LocalFileStorage, type LocalFileStorageOptions } from './local-file-storage';
export { S3FileStorage, type S3FileStorageOptions } from './s3-file-storage';
export { createFileStorage, s3OptionsFromEnv, type FileStorageSettings } from './create-file-storage';
