/*
 * A projector process for the fault tests: runs every projection's runner against DATABASE_URL until
 * killed. `node -r @swc-node/register projections/src/testing/projector-child.ts <batchSize>`
 */
import { PgDatabase } from '../db/pg-database';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { ProjectionRunner } from '../projections/projection-runner';
import { createProjections } from '../projections/projection-registry';

const db = new PgDatabase({ connectionString: process.env.DATABASE_URL as string, applicationName: 'tcg-projector-child' });
const store = new PostgresEventStore(db, { pollIntervalMs: 50 });
const runners = createProjections().map(
  (projection) => new ProjectionRunner({ db, store, projection, batchSize: Number(process.argv[2] ?? 500), retryMs: 100, onError: (error) => console.error(error) }),
);
for (const runner of runners) runner.start();
process.on('SIGTERM', async () => {
  await Promise.all(runners.map((runner) => runner.stop()));
  await store.close();
  await db.close();
  process.exit(0);
});
