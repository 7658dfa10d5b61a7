import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';

/** EventStoreDB keeps its events elsewhere: SQL over the events table works on the SQL event store only. */
export function sqlStore(store: EventStore): boolean {
  return store.name === 'postgres' || store.name === 'pglite';
}

/** Events after `position` that a projection with these stream prefixes would apply (for progress bars). */
export async function countMatching(db: Database, store: EventStore, streamPrefixes: readonly string[] | undefined, position = 0): Promise<number | undefined> {
  if (!sqlStore(store)) return undefined;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::bigint AS n FROM events
      WHERE position > $1 AND ($2::text[] IS NULL OR EXISTS (SELECT 1 FROM unnest($2::text[]) p WHERE starts_with(stream_id, p)))`,
    [position, streamPrefixes ?? null],
  );
  return rows[0].n;
}
