import { ConfigError, dataLocation, isLoopback, loadConfig, withoutPasswords } from './app-config';

describe('loadConfig', () => {
  it('runs embedded with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, role: 'all', env: 'development', demoSeed: true });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.pgliteDir).toMatch(/var\/data$/);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT expects a whole number from 1 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /PORT expects a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL expects a postgres:\/\/ connection URL/],
    [{ EVENTSTORE_URL: 'esdb://' }, /^Invalid configuration: EVENTSTORE_URL expects an esdb:\/\/ connection string with a host \(got "esdb:\/\/"\)$/],
    [{ REDIS_URL: 'nope' }, /REDIS_URL expects a redis:\/\/ URL/],
    [{ DATABASE_QUERY_TIMEOUT_MS: '500' }, /^Invalid configuration: DATABASE_QUERY_TIMEOUT_MS expects a whole number of milliseconds from 1000 to 3600000 \(got "500"\)$/],
    [{ ROLE: 'web' }, /ROLE expects all, api, projector or worker/],
    [{ DEMO_SEED: 'yes' }, /DEMO_SEED expects true or false/],
    [{ TRUST_PROXY: 'many' }, /TRUST_PROXY expects the number of reverse proxies/],
    [{ S3_ENDPOINT: 'notaurl', S3_BUCKET: 'tienda', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }, /^Invalid configuration: S3_ENDPOINT expects an http\(s\):\/\/ URL \(got "notaurl"\)$/],
    [{ S3_BUCKET: 'tienda', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE expects true or false/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /^Invalid configuration: S3_ENDPOINT is set but S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are not$/],
    [{ S3_ACCESS_KEY_ID: 'id' }, /^Invalid configuration: S3_ACCESS_KEY_ID is set but S3_BUCKET is not$/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /^Invalid configuration: GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set$/],
    [{ ROLE: 'api' }, /^Invalid configuration: REDIS_URL is required when ROLE=api \(the API and the worker share jobs only through Redis\)$/],
  ])('names the variable and what it expects for %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the servers it is given and treats empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/tcg',
      REDIS_URL: 'redis://cache:6379',
      OPENSEARCH_URL: '',
      DEMO_SEED: 'false',
    });
    expect(config).toMatchObject({ port: 8080, databaseUrl: 'postgres://u@db:5432/tcg', redisUrl: 'redis://cache:6379', demoSeed: false });
    expect(config.openSearchUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
  });

  it('reads the bucket into the configuration', () => {
    expect(loadConfig({ S3_BUCKET: 'tienda', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }).s3).toMatchObject({
      bucket: 'tienda',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
  });

  it('requires a bucket in production for split api and worker processes, which share files only through it', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    const redis = { REDIS_URL: 'redis://cache:6379' };
    expect(() => loadConfig({ ...production, ...redis, ROLE: 'api' })).toThrow(/^Invalid configuration: S3_BUCKET is required when NODE_ENV=production and ROLE=api/);
    expect(() => loadConfig({ ...production, ...redis, ROLE: 'worker', S3_BUCKET: '' })).toThrow(/S3_BUCKET is required when NODE_ENV=production and ROLE=worker/);
    expect(loadConfig({ ...production, ...redis, ROLE: 'api', S3_BUCKET: 'tienda' }).role).toBe('api');
    // One process on one disk (a volume) and the projector, which stores no files, need none.
    expect(loadConfig({ ...production, ROLE: 'all' }).role).toBe('all');
    expect(loadConfig({ ...production, ROLE: 'projector' }).role).toBe('projector');
  });

  it('serves the API docs outside production, and in production only when asked to', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('requires Redis for split api and worker processes, which share jobs only through it', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', S3_BUCKET: 'tienda' };
    expect(() => loadConfig({ ...production, ROLE: 'api' })).toThrow(/REDIS_URL is required when ROLE=api \(the API and the worker share jobs only through Redis\)/);
    expect(() => loadConfig({ ...production, ROLE: 'worker' })).toThrow(/REDIS_URL is required when ROLE=worker/);
    // Not only in production: split without Redis, the API's jobs would sit in a queue no process runs.
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(/REDIS_URL is required when ROLE=api/);
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/REDIS_URL is required when ROLE=worker/);
    expect(loadConfig({ ROLE: 'projector' }).role).toBe('projector');
    expect(loadConfig({ ...production, ROLE: 'worker', REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
    expect(loadConfig({ ...production, ROLE: 'all' }).role).toBe('all');
  });

  it('listens on loopback only while the demo sign-in is on, unless told otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEV_LOGIN: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(production).host).toBe('0.0.0.0');
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
  ])('tells whether %s is loopback', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

describe('dataLocation', () => {
  it('names the embedded folders, or the database without its password and the bucket', () => {
    const embedded = loadConfig({ DATA_DIR: '/srv/tienda' });
    expect(dataLocation(embedded)).toEqual({ database: '/srv/tienda/data', files: '/srv/tienda/files' });
    const servers = loadConfig({
      DATABASE_URL: 'postgres://tienda:s3cr3t@db:5432/tcg',
      S3_BUCKET: 'tienda',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(dataLocation(servers)).toEqual({ database: 'postgres://tienda:***@db:5432/tcg', files: 's3://tienda/' });
    expect(JSON.stringify(dataLocation(servers))).not.toContain('s3cr3t');
    const inQuery = dataLocation(loadConfig({ DATABASE_URL: 'postgresql://tienda@db/tcg?password=s3cr3t&sslmode=require&sslpassword=k3y' }));
    expect(inQuery.database).toBe('postgresql://tienda@db/tcg?password=***&sslmode=require&sslpassword=***');
  });
});

// Before: a start-up error quoted DATABASE_URL, REDIS_URL or SESSION_SECRET whole, password and all (privacy QA).
describe('a start-up error about a secret', () => {
  const message = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it.each([
    [{ DATABASE_URL: 'postgres//postgres:S3cretDbPass@db:5432/tcg' }, 'S3cretDbPass', '"postgres//postgres:***@db:5432/tcg"'],
    [{ REDIS_URL: 'redis//:S3cretRedis@cache:6379' }, 'S3cretRedis', '"redis//:***@cache:6379"'],
    [{ DATABASE_URL: 'tcp://db/tcg?password=S3cretQuery' }, 'S3cretQuery', '"tcp://db/tcg?password=***"'],
    [{ SESSION_SECRET: 'S3cretShort' }, 'S3cretShort', 'a value of 11 characters'],
    // A '/' or a blank in the password, as an operator may type one unescaped (regression QA).
    [{ REDIS_URL: 'redis://u:S3cret/PW@host:6379/9' }, 'S3cret', '"redis://u:***@host:6379/9"'],
    [{ DATABASE_URL: 'mysql://u:S3cret PW@host/x' }, 'S3cret', '"mysql://u:***@host/x"'],
    [{ REDIS_URL: 'redis://u:S3cret%zzPW@127.0.0.1:6379/9' }, 'S3cret', '"redis://u:***@127.0.0.1:6379/9"'],
  ])('never quotes it: %j', (env, secret, quoted) => {
    const said = message(env);
    expect(said).not.toContain(secret);
    expect(said).toContain(`(got ${quoted})`);
  });

  it('masks passwords in any text that holds a connection string', () => {
    expect(withoutPasswords('postgres://tienda:s3:cr3t@db/tcg')).toBe('postgres://tienda:***@db/tcg');
    expect(withoutPasswords('postgresql://tienda@db/tcg')).toBe('postgresql://tienda@db/tcg');
    expect(withoutPasswords('x?sslpassword=k3y&sslmode=require')).toBe('x?sslpassword=***&sslmode=require');
  });
});
