import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { CONNECTION_URL_RULES, followsConnectionRule, invocationDir, QUERY_TIMEOUT_RULE, resolveDataDir } from '@tcg/projections';
import { z } from 'zod';
import { s3OptionsFromEnv, type S3FileStorageOptions } from '../infra/files';

const optionalUrl = (protocols: readonly string[], expects: string) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((value) => {
      try {
        const url = new URL(value);
        // A user or password that does not decode ('%zz') made the Redis client throw at start (regression QA).
        decodeURIComponent(url.username);
        decodeURIComponent(url.password);
        return protocols.includes(url.protocol);
      } catch {
        return false;
      }
    }, expects)
    .optional();

/** A server's connection variable, by the rule the operators' CLI checks too. */
const serverUrl = (rule: { protocols: readonly string[]; needsHost: boolean; expects: string }) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((value) => followsConnectionRule(value, rule), rule.expects)
    .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'expects true or false' })
  .transform((value) => value === 'true' || value === '1');

/** Every environment variable the shop reads, with its default. Nothing else is read from the env. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production'], { message: 'expects development, test or production' }).default('development'),
  PORT: z.coerce
    .number({ message: 'expects a whole number from 1 to 65535' })
    .int('expects a whole number from 1 to 65535')
    .min(1, 'expects a whole number from 1 to 65535')
    .max(65535, 'expects a whole number from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1).optional(),
  ROLE: z.enum(['all', 'api', 'projector', 'worker'], { message: 'expects all, api, projector or worker' }).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'expects a pino level (info, debug, ...)' }).default('info'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: serverUrl(CONNECTION_URL_RULES.DATABASE_URL),
  DATABASE_POOL_SIZE: z.coerce
    .number({ message: 'expects a whole number from 1 to 1000' })
    .int('expects a whole number from 1 to 1000')
    .min(1, 'expects a whole number from 1 to 1000')
    .max(1000, 'expects a whole number from 1 to 1000')
    .default(10),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce
    .number({ message: QUERY_TIMEOUT_RULE.expects })
    .int(QUERY_TIMEOUT_RULE.expects)
    .min(QUERY_TIMEOUT_RULE.min, QUERY_TIMEOUT_RULE.expects)
    .max(QUERY_TIMEOUT_RULE.max, QUERY_TIMEOUT_RULE.expects)
    .default(60_000),
  EVENTSTORE_URL: serverUrl(CONNECTION_URL_RULES.EVENTSTORE_URL),
  OPENSEARCH_URL: serverUrl(CONNECTION_URL_RULES.OPENSEARCH_URL),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'expects a redis:// URL'),
  DEMO_SEED: booleanFlag.default(true),
  FRONTEND_DIST: z.string().min(1).optional(),
  TRUST_PROXY: z.coerce
    .number({ message: 'expects the number of reverse proxies in front of the shop (0 to 10)' })
    .int('expects the number of reverse proxies in front of the shop (0 to 10)')
    .min(0, 'expects the number of reverse proxies in front of the shop (0 to 10)')
    .max(10, 'expects the number of reverse proxies in front of the shop (0 to 10)')
    .default(0),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'expects the public http(s):// origin of the shop'),
  SESSION_SECRET: z.string().min(32, 'expects at least 32 characters').optional(),
  DEV_LOGIN: booleanFlag.optional(),
  API_DOCS: booleanFlag.optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_AUTH_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL').default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL').default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL').default('https://openidconnect.googleapis.com/v1/userinfo'),
  DISCORD_CLIENT_ID: z.string().trim().min(1).optional(),
  DISCORD_CLIENT_SECRET: z.string().trim().min(1).optional(),
  DISCORD_AUTHORIZE_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL').default('https://discord.com/oauth2/authorize'),
  DISCORD_TOKEN_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL').default('https://discord.com/api/oauth2/token'),
  DISCORD_API_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL').default('https://discord.com/api'),
  CARD_DATABASE_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL').default('https://db.ygoprodeck.com/api/v7'),
  CARD_IMAGES_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL').default('https://images.ygoprodeck.com'),
  TRANSLATE_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL'),
  // The bucket's settings are read by s3OptionsFromEnv (infra/files), which also checks how they combine.
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL'),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'expects true or false' }).optional(),
}).superRefine((env, ctx) => {
  // A client id alone would send shoppers to the provider only to fail the code exchange on their way back.
  for (const provider of ['GOOGLE', 'DISCORD'] as const) {
    if (env[`${provider}_CLIENT_ID`] && !env[`${provider}_CLIENT_SECRET`]) {
      ctx.addIssue({ code: 'custom', path: [`${provider}_CLIENT_SECRET`], message: `is required when ${provider}_CLIENT_ID is set` });
    }
  }
  // The API enqueues and the worker runs the jobs: without Redis each would keep its own in-process queue,
  // and the API's jobs would never run. In any environment: it is how the roles are split.
  if ((env.ROLE === 'api' || env.ROLE === 'worker') && !env.REDIS_URL) {
    ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: `is required when ROLE=${env.ROLE} (the API and the worker share jobs only through Redis)` });
  }
  // Production must never run with a sign-in that skips Google, nor with sessions a restart would void.
  if (env.NODE_ENV !== 'production') return;
  if (env.DEV_LOGIN) ctx.addIssue({ code: 'custom', path: ['DEV_LOGIN'], message: 'must not be true when NODE_ENV=production' });
  const servesHttp = env.ROLE === 'all' || env.ROLE === 'api';
  for (const name of ['SESSION_SECRET', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const) {
    if (servesHttp && !env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when NODE_ENV=production' });
  }
  // Split processes share payment proofs and card images only through a bucket: a worker's local disk
  // is not the API's, and a container's disk does not outlive a redeploy.
  if ((env.ROLE === 'api' || env.ROLE === 'worker') && !env.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when NODE_ENV=production and ROLE=${env.ROLE}` });
  }
});

export type Env = z.infer<typeof schema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  /** Default 127.0.0.1 while the demo sign-in is on (anyone reaching the port could sign in as admin), else 0.0.0.0. */
  host: string;
  role: Env['ROLE'];
  logLevel: Env['LOG_LEVEL'];
  /** Root of everything the embedded shop keeps on disk. */
  dataDir: string;
  /** PGlite's files when there is no DATABASE_URL. */
  pgliteDir: string;
  /** Local file storage root when no S3 bucket is configured. */
  filesDir: string;
  databaseUrl?: string;
  /** Connections in the PostgreSQL pool (DATABASE_URL only); concurrent checkouts each hold one per statement. */
  databasePoolSize: number;
  /** The longest a statement or the wait for a pooled connection may take (DATABASE_URL only; migrations are unbounded). */
  databaseQueryTimeoutMs: number;
  eventStoreUrl?: string;
  openSearchUrl?: string;
  redisUrl?: string;
  demoSeed: boolean;
  frontendDist: string;
  /** Reverse proxies whose X-Forwarded-For is believed, so rate limits and secure cookies see the client. */
  trustProxy: number;
  /** The OpenAPI page at /api/docs: on outside production, where it only tells how to probe the shop. */
  apiDocs: boolean;
  auth: AuthConfig;
  /** The public card database (YGOProDeck API v7 or a stand-in with its shapes), without a trailing slash. */
  cardDatabaseUrl: string;
  /** The only origins card pictures are copied from: the card database's image host and the database itself. */
  cardImageOrigins: string[];
  /** POST {name} → {translated}; without it the admin types the Spanish name. */
  translateUrl?: string;
  /** The bucket for proofs and card images; local disk under `filesDir` when absent. */
  s3?: S3FileStorageOptions;
}

export interface AuthConfig {
  /** Origin the browser sees; the OAuth callback and the CSRF origin check are built from it. */
  publicUrl: string;
  sessionSecret: string;
  /** True when no SESSION_SECRET was given and a random one was made (sessions die with the process). */
  sessionSecretGenerated: boolean;
  devLogin: boolean;
  google: { clientId?: string; clientSecret?: string; authUrl: string; tokenUrl: string; userInfoUrl: string };
  /** The chat-community link; without a client id the account page offers it as unavailable. */
  discord: { clientId?: string; clientSecret?: string; authorizeUrl: string; tokenUrl: string; apiUrl: string };
}

export class ConfigError extends Error {}

/** True for addresses only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * Where this shop keeps what it must not lose, for its start-up log: the database (a DATABASE_URL without
 * its password, or the embedded database's folder) and the files (a bucket, or a folder). A shop started
 * on the wrong folder or database showed an empty catalogue without a word (upgrade QA).
 */
export function dataLocation(config: Pick<AppConfig, 'databaseUrl' | 'pgliteDir' | 'filesDir' | 's3'>): { database: string; files: string } {
  const database = config.databaseUrl ? withoutPasswords(config.databaseUrl) : config.pgliteDir;
  const files = config.s3 ? `s3://${config.s3.bucket}/${config.s3.keyPrefix ?? ''}` : config.filesDir;
  return { database, files };
}

/**
 * A connection string, or text holding one, with its passwords masked: `user:***@` and libpq's
 * `?password=***`, also where the string is malformed (a start-up error quoted
 * `postgres//postgres:S3cret@…` whole, privacy QA).
 */
export function withoutPasswords(text: string): string {
  // Everything between the user's ':' and the last '@' is the password, whatever it holds ('/', blanks, '@').
  const at = text.lastIndexOf('@');
  const slashes = text.indexOf('//');
  const colon = text.indexOf(':', slashes >= 0 && slashes < at ? slashes + 2 : 0);
  const masked = at >= 0 && colon >= 0 && colon < at ? `${text.slice(0, colon + 1)}***${text.slice(at)}` : text;
  return masked.replace(/(password=)[^&\s]*/gi, '$1***');
}

/** A variable whose value is a secret: an error says how long it was, never what it was. */
const SECRET_VARIABLE = /SECRET|PASSWORD|_KEY_ID$/;

/** How a start-up error quotes a variable's value. */
function quoted(name: string, value: string): string {
  return SECRET_VARIABLE.test(name) ? `a value of ${value.length} characters` : JSON.stringify(withoutPasswords(value));
}

/** Empty strings count as unset, the way a shell `FOO=` usually means "no value". */
function present(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
}

/**
 * Validates the environment once at start-up. A bad value stops the process with one line that names
 * the variable and what it expects.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(present(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    // A rule between variables may name one that is not set: there is no value to quote then.
    const got = env[name] === undefined ? '' : ` (got ${quoted(name, env[name])})`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${got}`);
  }
  let s3: S3FileStorageOptions | undefined;
  try {
    s3 = s3OptionsFromEnv(present(env));
  } catch (error) {
    throw new ConfigError(`Invalid configuration: ${(error as Error).message}`);
  }
  const e = parsed.data;
  const devLogin = e.DEV_LOGIN ?? e.NODE_ENV !== 'production';
  const dataDir = resolveDataDir(e.DATA_DIR, { invokedFrom: invocationDir(env) });
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (devLogin ? '127.0.0.1' : '0.0.0.0'),
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    dataDir,
    pgliteDir: resolve(dataDir, 'data'),
    filesDir: resolve(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseQueryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_MS,
    eventStoreUrl: e.EVENTSTORE_URL,
    openSearchUrl: e.OPENSEARCH_URL,
    redisUrl: e.REDIS_URL,
    demoSeed: e.DEMO_SEED,
    frontendDist: resolve(e.FRONTEND_DIST ?? resolve(__dirname, '..', '..', '..', '..', 'frontend', 'dist')),
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    cardDatabaseUrl: e.CARD_DATABASE_URL.replace(/\/+$/, ''),
    cardImageOrigins: [...new Set([new URL(e.CARD_IMAGES_URL).origin, new URL(e.CARD_DATABASE_URL).origin])],
    translateUrl: e.TRANSLATE_URL,
    s3,
    auth: {
      publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin,
      sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('hex'),
      sessionSecretGenerated: !e.SESSION_SECRET,
      devLogin,
      google: {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        authUrl: e.GOOGLE_AUTH_URL,
        tokenUrl: e.GOOGLE_TOKEN_URL,
        userInfoUrl: e.GOOGLE_USERINFO_URL,
      },
      discord: {
        clientId: e.DISCORD_CLIENT_ID,
        clientSecret: e.DISCORD_CLIENT_SECRET,
        authorizeUrl: e.DISCORD_AUTHORIZE_URL,
        tokenUrl: e.DISCORD_TOKEN_URL,
        apiUrl: e.DISCORD_API_URL.replace(/\/+$/, ''),
      },
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
