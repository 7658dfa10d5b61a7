import { ConfigError, loadConfig } from '../config/app-config';

describe('Discord configuration', () => {
  it('points at discord.com and has no client by default', () => {
    expect(loadConfig({}).auth.discord).toEqual({
      clientId: undefined,
      clientSecret: undefined,
      authorizeUrl: 'https://discord.com/oauth2/authorize',
      tokenUrl: 'https://discord.com/api/oauth2/token',
      apiUrl: 'https://discord.com/api',
    });
  });

  it('reads the client and the endpoints it is given', () => {
    const config = loadConfig({
      DISCORD_CLIENT_ID: '1234',
      DISCORD_CLIENT_SECRET: 's3cret',
      DISCORD_AUTHORIZE_URL: 'http://127.0.0.1:9000/oauth2/authorize',
      DISCORD_TOKEN_URL: 'http://127.0.0.1:9000/api/oauth2/token',
      DISCORD_API_URL: 'http://127.0.0.1:9000/api/',
    });
    expect(config.auth.discord).toEqual({
      clientId: '1234',
      clientSecret: 's3cret',
      authorizeUrl: 'http://127.0.0.1:9000/oauth2/authorize',
      tokenUrl: 'http://127.0.0.1:9000/api/oauth2/token',
      apiUrl: 'http://127.0.0.1:9000/api',
    });
  });

  it.each([
    [{ DISCORD_CLIENT_ID: '1234' }, /DISCORD_CLIENT_SECRET is required when DISCORD_CLIENT_ID is set/],
    [{ DISCORD_TOKEN_URL: 'ftp://discord.example/token' }, /DISCORD_TOKEN_URL expects an http\(s\):\/\/ URL/],
    [{ DISCORD_API_URL: 'discord' }, /DISCORD_API_URL expects an http\(s\):\/\/ URL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
