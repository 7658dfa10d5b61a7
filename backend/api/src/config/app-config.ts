import { resolve } from 'node:path';
import { z } from 'zod';

const optionalUrl = (protocols: string[], expects: string) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, expects)
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
  HOST: z.string().min(1).default('0.0.0.0'),
  ROLE: z.enum(['all', 'api', 'projector', 'worker'], { message: 'expects all, api, projector or worker' }).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'expects a pino level (info, debug, ...)' }).default('info'),
  DATA_DIR: z.string().min(1).default('var'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'expects a postgres:// connection URL'),
  EVENTSTORE_URL: optionalUrl(['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:'], 'expects an esdb:// connection string'),
  OPENSEARCH_URL: optionalUrl(['http:', 'https:'], 'expects an http(s):// URL'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'expects a redis:// URL'),
  DEMO_SEED: booleanFlag.default(true),
  FRONTEND_DIST: z.string().min(1).optional(),
});

export type Env = z.infer<typeof schema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
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
  eventStoreUrl?: string;
  openSearchUrl?: string;
  redisUrl?: string;
  demoSeed: boolean;
  frontendDist: string;
}

export class ConfigError extends Error {}

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
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name])})`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    dataDir,
    pgliteDir: resolve(dataDir, 'data'),
    filesDir: resolve(dataDir, 'files'),
    databaseUrl: e.DATABASE_URL,
    eventStoreUrl: e.EVENTSTORE_URL,
    openSearchUrl: e.OPENSEARCH_URL,
    redisUrl: e.REDIS_URL,
    demoSeed: e.DEMO_SEED,
    frontendDist: resolve(e.FRONTEND_DIST ?? resolve(__dirname, '..', '..', '..', '..', 'frontend', 'dist')),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
