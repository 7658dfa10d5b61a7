import { FileStorage } from './file-storage';
import { DEFAULT_LOCAL_ROOT, LocalFileStorage } from './local-file-storage';
import { S3FileStorage, S3FileStorageOptions } from './s3-file-storage';

export interface FileStorageSettings {
  /** S3-compatible storage when set; local disk otherwise. */
  s3?: S3FileStorageOptions;
  /** Root directory of the local adapter. Default `var/files`. */
  localRoot?: string;
}

export function createFileStorage(settings: FileStorageSettings = {}): FileStorage {
  if (settings.s3) return new S3FileStorage(settings.s3);
  return new LocalFileStorage({ root: settings.localRoot ?? DEFAULT_LOCAL_ROOT });
}

const REQUIRED_WITH_ENDPOINT = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_SETTINGS = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * S3 settings from `S3_*` variables: AWS S3 when `S3_BUCKET` is set without `S3_ENDPOINT` (credentials
 * from the variables or the SDK's default chain), an S3-compatible server when `S3_ENDPOINT` is set too;
 * undefined when none of the `S3_*` variables is set (local disk then). A half-configured S3 throws
 * rather than silently storing payment proofs on local disk.
 */
export function s3OptionsFromEnv(env: NodeJS.ProcessEnv = process.env): S3FileStorageOptions | undefined {
  const endpoint = env.S3_ENDPOINT || undefined;
  const bucket = env.S3_BUCKET || undefined;
  if (!endpoint && !bucket) {
    const stray = S3_SETTINGS.filter((name) => env[name]);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not`);
    return undefined;
  }
  const missing = endpoint ? REQUIRED_WITH_ENDPOINT.filter((name) => !env[name]) : [];
  if (missing.length > 0) throw new Error(`S3_ENDPOINT is set but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not`);
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the default credential chain');
  }
  return {
    endpoint,
    bucket: bucket as string,
    region: env.S3_REGION || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    // S3-compatible servers mostly want the bucket in the path; AWS wants it in the host name.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? !/^(false|0|no)$/i.test(env.S3_FORCE_PATH_STYLE) : !!endpoint,
  };
}
