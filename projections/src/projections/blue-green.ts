import { quoteIdent } from '../db/pg-database';
import type { Database, Sql } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { CatchUpProgress, catchUp } from './catch-up';
import { deleteCheckpoint, lockCheckpoint, readCheckpoint, resetCheckpoint } from './checkpoints';
import { deferShadowIndexes, forgetDeferredIndexes, restoreIndexes } from './deferred-indexes';
import { lockForMaintenance } from './maintenance-lock';
import type { Projection, TableNames } from './projection';
import { settleTables } from './settle-tables';

export const SHADOW_SUFFIX = '__shadow';
const RETIRED_SUFFIX = '__retired';
const MAX_SWAP_ATTEMPTS = 20;

export interface RebuildOptions {
  db: Database;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  onStart?(target: number): void;
  onProgress?(progress: CatchUpProgress): void;
  /** Every event is in the shadows; they are settled, indexed and swapped in now. */
  onFinishing?(): void;
}

export interface RebuildResult {
  position: number;
  eventsApplied: number;
}

export function shadowTables(projection: Projection): TableNames {
  return Object.fromEntries(projection.tables.map((table) => [table, `${table}${SHADOW_SUFFIX}`]));
}

export function shadowCheckpointName(projection: Projection): string {
  return `${projection.name}${SHADOW_SUFFIX}`;
}

/** Empty shadow copies without their secondary indexes: the load builds those once it has caught up. */
async function createShadows(db: Database, projection: Projection): Promise<void> {
  const shadows = shadowTables(projection);
  await db.transaction(async (tx) => {
    await forgetDeferredIndexes(tx, Object.values(shadows));
    for (const [live, shadow] of Object.entries(shadows)) {
      await tx.exec(`DROP TABLE IF EXISTS ${quoteIdent(shadow)}; CREATE TABLE ${quoteIdent(shadow)} (LIKE ${quoteIdent(live)} INCLUDING ALL)`);
    }
    await deferShadowIndexes(tx, shadows);
    await resetCheckpoint(tx, shadowCheckpointName(projection), 0, 0);
  });
}

/** Gives the swapped-in indexes the live table's prefix again, so names stay stable rebuild after rebuild. */
async function renameIndexes(tx: Sql, live: string, shadow: string): Promise<void> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1 AND starts_with(indexname, $2)`,
    [live, shadow],
  );
  for (const { name } of rows) {
    await tx.exec(`ALTER INDEX ${quoteIdent(name)} RENAME TO ${quoteIdent(live + name.slice(shadow.length))}`);
  }
}

/**
 * The swap: in one transaction, with the live checkpoint row locked (the live runner waits), the shadow
 * tables take the live names, the live checkpoint takes the shadow's position, and an external target
 * (the OpenSearch alias) moves to its new copy. Returns undefined when
 * the live projection moved past the shadow meanwhile: catch up again and retry.
 */
async function swap(db: Database, projection: Projection): Promise<RebuildResult | undefined> {
  return db.transaction(async (tx) => {
    const live = await lockCheckpoint(tx, projection.name);
    const shadow = await readCheckpoint(tx, shadowCheckpointName(projection));
    if (!shadow || shadow.position < live.position) return undefined;
    for (const [table, shadowTable] of Object.entries(shadowTables(projection))) {
      const retired = `${table}${RETIRED_SUFFIX}`;
      await tx.exec(
        `ALTER TABLE ${quoteIdent(table)} RENAME TO ${quoteIdent(retired)};
         ALTER TABLE ${quoteIdent(shadowTable)} RENAME TO ${quoteIdent(table)};
         DROP TABLE ${quoteIdent(retired)};`,
      );
      await renameIndexes(tx, table, shadowTable);
    }
    await resetCheckpoint(tx, projection.name, shadow.position, shadow.eventsApplied);
    await deleteCheckpoint(tx, shadowCheckpointName(projection));
    // Still holding the live checkpoint: no live batch can write to the old index between the two swaps
    // (one that did would be lost with it). Should the commit fail after this, the live runner goes on
    // from its old checkpoint into the new index, which its writes by card id bring up to date.
    await projection.external?.swap();
    return { position: shadow.position, eventsApplied: shadow.eventsApplied };
  });
}

/**
 * Blue/green rebuild (DESIGN §5): builds shadow copies from position 0 while the shop keeps reading the
 * live tables, then swaps them in atomically. The live runner keeps running throughout.
 */
export function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  return lockForMaintenance(options.db, [options.projection.name], () => rebuildLocked(options), 'rebuild');
}

async function rebuildLocked(options: RebuildOptions): Promise<RebuildResult> {
  const { db, store, projection } = options;
  // A replay that died half-way left the live tables without the indexes it deferred: the shadows copy the
  // live tables' indexes, so those are built first (as a runner that takes the projection would).
  await restoreIndexes(db, projection.tables);
  await createShadows(db, projection);
  await projection.external?.begin();
  try {
    const shadow = { checkpointName: shadowCheckpointName(projection), tables: shadowTables(projection), shadow: true };
    const target = await store.head();
    options.onStart?.(target);
    await catchUp({ db, store, projection, until: target, batchSize: options.batchSize, onProgress: options.onProgress, ...shadow });
    options.onFinishing?.();
    await settleTables(db, shadow.tables);
    await restoreIndexes(db, Object.values(shadow.tables));
    for (let attempt = 0; attempt < MAX_SWAP_ATTEMPTS; attempt++) {
      const swapped = await swap(db, projection);
      if (swapped) return swapped;
      const live = await readCheckpoint(db, projection.name);
      await catchUp({ db, store, projection, until: Math.max(live?.position ?? 0, await store.head()), batchSize: options.batchSize, ...shadow });
    }
    throw new Error(`rebuild of ${projection.name}: the live projection kept moving ahead; try again when the shop is quieter`);
  } catch (error) {
    await projection.external?.abandon();
    throw error;
  }
}
