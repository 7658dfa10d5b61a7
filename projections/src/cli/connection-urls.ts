import { CONNECTION_URL_RULES, followsConnectionRule } from '../connection-urls';

/**
 * The connection variables the CLI reads, with the shop's rule for each: a value of another kind is
 * refused before anything connects, with the shop's words, instead of failing later as a host name that
 * does not resolve or a parse error that names no variable.
 */
const RULES = Object.entries(CONNECTION_URL_RULES).map(([name, rule]) => ({ name, ...rule }));

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
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
