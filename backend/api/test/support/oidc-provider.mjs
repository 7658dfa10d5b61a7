// A local OpenID provider standing in for Google in tests (oidc-provider is ESM-only, so it runs as its
// own process). Usage: node oidc-provider.mjs '<json>' with { clientId, clientSecret, redirectUri,
// accounts: { [sub]: { email, name, given_name, family_name } } }. It listens on a free loopback port
// and prints one line, `listening <port>`.
//
// Logging in: the authorization endpoint redirects to /interaction/<uid>; a POST there with the form
// field `login=<sub>` signs that account in, grants the requested scopes and resumes the flow.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const settings = JSON.parse(process.argv[2]);

function readForm(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

async function login(provider, req, res) {
  const details = await provider.interactionDetails(req, res);
  const accountId = (await readForm(req)).get('login');
  if (!accountId || !settings.accounts[accountId]) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('unknown account');
    return;
  }
  const grant = new provider.Grant({ accountId, clientId: details.params.client_id });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
}

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(`http://127.0.0.1:${port}`, {
    clients: [
      {
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        redirect_uris: [settings.redirectUri],
        // passport-oauth2 sends the client's credentials in the token request's body.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // The Google strategy recognises an OpenID profile by a URL ending in /userinfo.
    routes: { userinfo: '/userinfo' },
    findAccount: (_ctx, sub) => {
      const account = settings.accounts[sub];
      return account && { accountId: sub, claims: () => ({ sub, email_verified: true, ...account }) };
    },
  });
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/interaction/')) {
      login(provider, req, res).catch((error) => res.writeHead(500).end(String(error)));
      return;
    }
    handle(req, res);
  });
  process.stdout.write(`listening ${port}\n`);
});
