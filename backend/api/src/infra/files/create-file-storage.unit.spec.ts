import { s3OptionsFromEnv } from './create-file-storage';

const keys = { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

it('stores on local disk when no bucket and no endpoint are set (empty values count as unset)', () => {
  expect(s3OptionsFromEnv({})).toBeUndefined();
  expect(s3OptionsFromEnv({ S3_ENDPOINT: '', S3_BUCKET: '' })).toBeUndefined();
});

it('uses AWS S3 when only the bucket is set, as docker-compose.yml does with an empty S3_ENDPOINT', () => {
  expect(s3OptionsFromEnv({ S3_ENDPOINT: '', S3_BUCKET: 'tienda', S3_REGION: 'sa-east-1', ...keys })).toEqual({
    endpoint: undefined,
    bucket: 'tienda',
    region: 'sa-east-1',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
    forcePathStyle: false,
  });
  // An instance role or other default credential chain: no keys at all.
  expect(s3OptionsFromEnv({ S3_BUCKET: 'tienda' })).toMatchObject({ bucket: 'tienda', accessKeyId: undefined, secretAccessKey: undefined });
});

it('uses an S3-compatible server with the bucket in the path when S3_ENDPOINT is set', () => {
  expect(s3OptionsFromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'tienda', ...keys })).toMatchObject({
    endpoint: 'http://minio:9000',
    forcePathStyle: true,
  });
  expect(s3OptionsFromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'tienda', S3_FORCE_PATH_STYLE: 'false', ...keys })).toMatchObject({ forcePathStyle: false });
});

it('refuses a half-configured S3 instead of falling back to local disk', () => {
  expect(() => s3OptionsFromEnv({ S3_ENDPOINT: 'http://minio:9000', ...keys })).toThrow('S3_ENDPOINT is set but S3_BUCKET is not');
  expect(() => s3OptionsFromEnv({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'tienda' })).toThrow('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not');
  expect(() => s3OptionsFromEnv({ S3_BUCKET: 'tienda', S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  // Settings for a bucket that is not named: the files would otherwise go to local disk unnoticed.
  expect(() => s3OptionsFromEnv({ S3_ACCESS_KEY_ID: 'id' })).toThrow('S3_ACCESS_KEY_ID is set but S3_BUCKET is not');
  expect(() => s3OptionsFromEnv({ S3_REGION: 'sa-east-1', ...keys })).toThrow('S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set but S3_BUCKET is not');
});
