import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Discord account as `/users/@me` returns it. */
export interface StandInProfile {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  discriminator: string;
}

export interface DiscordStandIn {
  /** The DISCORD_* variables that point the shop here. */
  env: Record<string, string>;
  /** Who approves the next authorization request. */
  approvingAs: StandInProfile;
  /** When set, the token endpoint answers this status instead of a token. */
  tokenFailure?: number;
  /** When set, the token endpoint redirects (307, which re-sends the form) to this path of the stand-in. */
  tokenRedirect?: string;
  /** The path of every request the stand-in answered. */
  paths: string[];
  /** Every access token handed out, so tests can check none of them reaches the browser. */
  issuedTokens: string[];
  tokenRequests: number;
  stop(): Promise<void>;
}

const CLIENT_ID = 'shop-client-id';
const CLIENT_SECRET = 'shop-client-secret';

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, body === undefined ? headers : { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A local stand-in for Discord's OAuth2 endpoints on a loopback port: authorize (approves at once and
 * sends the browser back with a one-time code), token (checks the client credentials, the code it issued
 * and the redirect URI) and `/users/@me` (checks the bearer token it issued).
 */
export async function startDiscordStandIn(approvingAs: StandInProfile): Promise<DiscordStandIn> {
  const codes = new Map<string, { redirectUri: string; profile: StandInProfile }>();
  const tokens = new Map<string, StandInProfile>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    standIn.paths.push(url.pathname);
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== CLIENT_ID || q.get('response_type') !== 'code' || q.get('scope') !== 'identify') {
        return send(res, 400, { error: 'invalid_request' });
      }
      const redirectUri = q.get('redirect_uri') ?? '';
      const code = randomBytes(12).toString('hex');
      codes.set(code, { redirectUri, profile: standIn.approvingAs });
      const back = new URL(redirectUri);
      back.search = new URLSearchParams({ code, state: q.get('state') ?? '' }).toString();
      return send(res, 302, undefined, { location: back.toString() });
    }
    if (req.method === 'POST' && url.pathname === '/api/oauth2/token') {
      standIn.tokenRequests++;
      const form = await formOf(req);
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return send(res, 415, { error: 'invalid_request' });
      if (standIn.tokenFailure) return send(res, standIn.tokenFailure, { error: 'server_error' });
      if (standIn.tokenRedirect) return send(res, 307, undefined, { location: `${base}${standIn.tokenRedirect}` });
      if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) return send(res, 401, { error: 'invalid_client' });
      const issued = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (form.get('grant_type') !== 'authorization_code' || !issued || issued.redirectUri !== form.get('redirect_uri')) {
        return send(res, 400, { error: 'invalid_grant' });
      }
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, issued.profile);
      standIn.issuedTokens.push(accessToken);
      return send(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 604800, refresh_token: randomBytes(16).toString('hex'), scope: 'identify' });
    }
    if (req.method === 'GET' && url.pathname === '/api/users/@me') {
      const profile = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return profile ? send(res, 200, profile) : send(res, 401, { message: '401: Unauthorized', code: 0 });
    }
    send(res, 404, { message: '404: Not Found', code: 0 });
  };

  const server: Server = createServer((req, res) => void handle(req, res).catch(() => send(res, 500)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const standIn: DiscordStandIn = {
    env: {
      DISCORD_CLIENT_ID: CLIENT_ID,
      DISCORD_CLIENT_SECRET: CLIENT_SECRET,
      DISCORD_AUTHORIZE_URL: `${base}/oauth2/authorize`,
      DISCORD_TOKEN_URL: `${base}/api/oauth2/token`,
      DISCORD_API_URL: `${base}/api`,
    },
    approvingAs,
    issuedTokens: [],
    tokenRequests: 0,
    paths: [],
    stop: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
  return standIn;
}
