import { CONNECTION_URL_RULES, followsConnectionRule, QUERY_TIMEOUT_RULE } from '../connection-urls';

/**
 * The connection variables the CLI reads, with the shop's rule for each: a value of another kind is
 * refused before anything connects, with the shop's words, instead of failing later as a host name that
 * does not resolve or a parse error that names no variable.
 */
const RULES = Object.entries(CONNECTION_URL_RULES).map(([name, rule]) => ({ name, ...rule }));

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The shop's default for DATABASE_QUERY_TIMEOUT_MS is a minute; an operator waiting on a connection is told sooner. */
const CLI_CONNECT_TIMEOUT_MS = 10_000;

/**
 * How long the CLI waits to connect to PostgreSQL: DATABASE_QUERY_TIMEOUT_MS when set (the shop's rule),
 * else 10 s. Its statements run without a bound (a replay's index builds take minutes), but a server that
 * takes the connection and never answers (a wrong port, a dead route) must not hold it forever.
 */
export function connectTimeoutMs(env: NodeJS.ProcessEnv): number {
  const value = env.DATABASE_QUERY_TIMEOUT_MS;
  if (!value) return CLI_CONNECT_TIMEOUT_MS;
  const ms = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(ms >= QUERY_TIMEOUT_RULE.min && ms <= QUERY_TIMEOUT_RULE.max)) {
    throw new ConfigError(`Invalid configuration: DATABASE_QUERY_TIMEOUT_MS ${QUERY_TIMEOUT_RULE.expects} (got "${value}")`);
  }
  return ms;
}

/** Throws `ConfigError` naming the first variable set to something its client cannot use; unset ones pass. */
export function checkConnectionUrls(env: NodeJS.ProcessEnv): void {
  for (const rule of RULES) {
    const value = env[rule.name];
    if (value && !followsConnectionRule(value, rule)) {
      throw new ConfigError(`Invalid configuration: ${rule.name} ${rule.expects}`);
    }
  }
}
