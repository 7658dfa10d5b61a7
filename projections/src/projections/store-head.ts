import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';

export interface Lag {
  /** Events stored after the position. */
  events: number;
  /** Age of the oldest of them; 0 when there is none. */
  seconds: number;
}

/** EventStoreDB keeps its events elsewhere; these figures come from the SQL event store only. */
export function sqlStore(store: EventStore): boolean {
  return store.name === 'postgres' || store.name === 'pglite';
}

/** The position of the newest event, or undefined when the store cannot say cheaply. */
export async function storeHead(db: Database, store: EventStore): Promise<number | undefined> {
  if (!sqlStore(store)) return undefined;
  const { rows } = await db.query<{ head: number }>('SELECT coalesce(max(position), 0)::bigint AS head FROM events');
  return rows[0].head;
}

export async function lagAfter(db: Database, store: EventStore, position: number): Promise<Lag | undefined> {
  if (!sqlStore(store)) return undefined;
  const { rows } = await db.query<{ events: number; seconds: number | null }>(
    `SELECT count(*)::bigint AS events, extract(epoch FROM now() - min(created_at))::float8 AS seconds
       FROM events WHERE position > $1`,
    [position],
  );
  return { events: rows[0].events, seconds: Math.max(0, Math.round((rows[0].seconds ?? 0) * 10) / 10) };
}

/** The head, or for a store that cannot tell it, the position of its last event found by reading. */
export async function requireHead(db: Database, store: EventStore): Promise<number> {
  const head = await storeHead(db, store);
  if (head !== undefined) return head;
  let last = 0;
  for await (const event of store.readAll(0, 5000)) last = event.position;
  return last;
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
