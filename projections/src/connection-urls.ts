/**
 * The servers' connection variables and the protocols each takes, with the words that say so: the shop's
 * configuration (backend/api's app-config) and the operators' CLI refuse a value of another kind alike.
 */
export const CONNECTION_URL_RULES = {
  DATABASE_URL: { protocols: ['postgres:', 'postgresql:'], expects: 'expects a postgres:// connection URL' },
  EVENTSTORE_URL: { protocols: ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:'], expects: 'expects an esdb:// connection string' },
  OPENSEARCH_URL: { protocols: ['http:', 'https:'], expects: 'expects an http(s):// URL' },
} as const;
