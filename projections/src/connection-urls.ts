/**
 * The servers' connection variables and the protocols each takes, with the words that say so: the shop's
 * configuration (backend/api's app-config) and the operators' CLI refuse a value of another kind alike.
 */
export const CONNECTION_URL_RULES = {
  // No host is libpq's own: the local socket (`postgres:///tcg`).
  DATABASE_URL: { protocols: ['postgres:', 'postgresql:'], needsHost: false, expects: 'expects a postgres:// connection URL' },
  EVENTSTORE_URL: { protocols: ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:'], needsHost: true, expects: 'expects an esdb:// connection string with a host' },
  OPENSEARCH_URL: { protocols: ['http:', 'https:'], needsHost: true, expects: 'expects an http(s):// URL with a host' },
} as const;

/** DATABASE_QUERY_TIMEOUT_MS, as the shop's configuration and the CLI both take it. */
export const QUERY_TIMEOUT_RULE = { min: 1000, max: 3_600_000, expects: 'expects a whole number of milliseconds from 1000 to 3600000' } as const;

/**
 * Whether `value` is a URL of one of the rule's protocols, with a host where the rule needs one. Read by
 * hand, not with `URL`: a cluster's EventStoreDB string lists its nodes (`esdb://a:2113,b:2113`), which
 * `URL` refuses as a bad port.
 */
export function followsConnectionRule(value: string, rule: { protocols: readonly string[]; needsHost: boolean }): boolean {
  const parts = /^([a-z][a-z0-9+.-]*:)\/\/([^/?#]*)/i.exec(value.trim());
  if (!parts) return false;
  const [, protocol, authority] = parts;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return rule.protocols.includes(protocol.toLowerCase()) && (!rule.needsHost || host !== '');
}
