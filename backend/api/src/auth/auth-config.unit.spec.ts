import { ConfigError, loadConfig } from '../config/app-config';

const productionSecrets = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  GOOGLE_CLIENT_ID: 'id',
  GOOGLE_CLIENT_SECRET: 'secret',
};

describe('auth configuration', () => {
  it('defaults to Google’s endpoints, the local origin, dev sign-in and a generated secret outside production', () => {
    const { auth } = loadConfig({ PORT: '8080' });
    expect(auth).toMatchObject({
      publicUrl: 'http://localhost:8080',
      sessionSecret: expect.stringMatching(/^[0-9a-f]{64}$/),
      sessionSecretGenerated: true,
      devLogin: true,
      google: {
        clientId: undefined,
        clientSecret: undefined,
        authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
        tokenUrl: 'https://oauth2.googleapis.com/token',
        userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
      },
    });
    expect(loadConfig({}).auth.sessionSecret).not.toBe(auth.sessionSecret);
  });

  it('turns dev sign-in off by default in production', () => {
    expect(loadConfig(productionSecrets).auth).toMatchObject({ devLogin: false, sessionSecretGenerated: false });
  });

  it.each([
    [{ ...productionSecrets, DEV_LOGIN: 'true' }, 'Invalid configuration: DEV_LOGIN must not be true when NODE_ENV=production (got "true")'],
    [{ ...productionSecrets, SESSION_SECRET: '' }, 'Invalid configuration: SESSION_SECRET is required when NODE_ENV=production (got a value of 0 characters)'],
    [{ ...productionSecrets, GOOGLE_CLIENT_ID: undefined }, 'Invalid configuration: GOOGLE_CLIENT_ID is required when NODE_ENV=production'],
    [{ SESSION_SECRET: 'short' }, 'Invalid configuration: SESSION_SECRET expects at least 32 characters (got a value of 5 characters)'],
    [{ GOOGLE_TOKEN_URL: 'ftp://x' }, 'Invalid configuration: GOOGLE_TOKEN_URL expects an http(s):// URL (got "ftp://x")'],
    [{ PUBLIC_URL: 'tienda' }, /^Invalid configuration: PUBLIC_URL expects the public http\(s\):\/\/ origin/],
    [{ DEV_LOGIN: 'maybe' }, /^Invalid configuration: DEV_LOGIN expects true or false/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lets production projector and worker processes, which serve no sign-in, start without its secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ROLE: 'projector' })).not.toThrow();
    expect(() => loadConfig({ NODE_ENV: 'production', ROLE: 'worker', REDIS_URL: 'redis://cache:6379', S3_BUCKET: 'tienda', DEV_LOGIN: 'true' })).toThrow(/DEV_LOGIN/);
  });
});
