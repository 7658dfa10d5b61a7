/*
 * For the embedded store's crash test: opens PGlite in a data directory as the shop does, appends
 * events one commit at a time, says how many on stdout, and kills itself with SIGKILL (no shutdown).
 * `node -r @swc-node/register projections/src/testing/pglite-append-child.ts <dataDir> <stream> <count>`
 */
import { randomUUID } from 'node:crypto';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import { PostgresEventStore } from '../event-store/postgres-event-store';

async function main(): Promise<void> {
  const [dataDir, stream, count] = process.argv.slice(2);
  const db = await openDatabase({ dataDir, applicationName: 'tcg-crash-child' });
  await migrate(db);
  const store = new PostgresEventStore(db);
  for (let revision = 0; revision < Number(count); revision++) {
    const event = { type: 'PriceSet', data: { revision }, metadata: { correlationId: randomUUID(), actor: 'crash-test' } };
    await store.append(stream, [event], revision === 0 ? 'no_stream' : revision - 1);
  }
  process.stdout.write(`appended ${count}\n`);
  process.kill(process.pid, 'SIGKILL');
}

void main();
