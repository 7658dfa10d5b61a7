import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export interface OidcAccount {
  email: string;
  name: string;
  given_name?: string;
  family_name?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  /** The env the shop needs to use this provider as its "Google". */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts test/support/oidc-provider.mjs on a free loopback port and resolves once it listens. The shop
 * must call back at `publicUrl` + /api/auth/google/callback.
 */
export async function startLocalOidcProvider(publicUrl: string, accounts: Record<string, OidcAccount>): Promise<LocalOidcProvider> {
  const settings = {
    clientId: 'tcg-test-client',
    clientSecret: 'tcg-test-secret-0123456789abcdef',
    redirectUri: `${publicUrl}/api/auth/google/callback`,
    accounts,
  };
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-provider.mjs'), JSON.stringify(settings)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`OpenID provider exited with ${code}:\n${output}`)));
  });
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    env: {
      GOOGLE_CLIENT_ID: settings.clientId,
      GOOGLE_CLIENT_SECRET: settings.clientSecret,
      GOOGLE_AUTH_URL: `${issuer}/auth`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
