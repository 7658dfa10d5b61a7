import { CONNECTION_URL_RULES, followsConnectionRule } from './connection-urls';

describe('followsConnectionRule', () => {
  it.each([
    ['DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/tcg', true],
    ['DATABASE_URL', 'postgresql:///tcg', true],
    ['DATABASE_URL', 'mysql://root@127.0.0.1/shop', false],
    ['DATABASE_URL', 'notaurl', false],
    ['EVENTSTORE_URL', 'esdb://eventstore:2113?tls=false', true],
    // Before: refused, as `URL` reads the list of a cluster's nodes as a bad port.
    ['EVENTSTORE_URL', 'esdb://node1:2113,node2:2113,node3:2113?tls=true', true],
    ['EVENTSTORE_URL', 'esdb+discover://admin:changeit@cluster.tienda.pe:2113', true],
    ['EVENTSTORE_URL', 'esdb://', false],
    ['EVENTSTORE_URL', 'esdb://admin:changeit@', false],
    ['EVENTSTORE_URL', 'http://eventstore:2113', false],
    ['OPENSEARCH_URL', 'http://opensearch:9200', true],
    ['OPENSEARCH_URL', 'opensearch:9200', false],
    ['OPENSEARCH_URL', 'https://', false],
  ] as const)('%s %s: %s', (variable, value, follows) => {
    expect(followsConnectionRule(value, CONNECTION_URL_RULES[variable])).toBe(follows);
  });
});
