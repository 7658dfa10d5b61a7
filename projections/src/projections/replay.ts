import { quoteIdent } from '../db/pg-database';
import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { CatchUpProgress, catchUp, ProjectionHaltedError } from './catch-up';
import { lockCheckpoint, readCheckpoint, resetCheckpoint } from './checkpoints';
import { liveTables, type Projection } from './projection';
import { PROJECTION_LOCK_SPACE } from './projection-runner';
import { deferIndexes, restoreIndexes } from './deferred-indexes';
import { settleTables } from './settle-tables';
import { requireHead } from './store-head';

export interface ReplayOptions {
  db: Database;
  store: EventStore;
  projection: Projection;
  batchSize?: number;
  onStart?(target: number): void;
  onProgress?(progress: CatchUpProgress): void;
  /** How often to look at the checkpoint when a running projector does the work. */
  pollMs?: number;
}

export interface ReplayResult {
  target: number;
  position: number;
  /** True when this process applied the events; false when a running projector did. */
  ranHere: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Replays in place: empties the projection's tables and puts its checkpoint at 0 in one transaction,
 * then applies everything again. When a projector process holds the projection, it notices the reset
 * checkpoint and does the work; this then only follows its progress. When this process does the work,
 * it loads the emptied tables without their secondary indexes and builds those once at the end.
 */
export async function replayProjection(options: ReplayOptions): Promise<ReplayResult> {
  const { db, store, projection } = options;
  const lock = await db.tryLock(PROJECTION_LOCK_SPACE, projection.name);
  try {
    await db.transaction(async (tx) => {
      await lockCheckpoint(tx, projection.name);
      if (projection.tables.length > 0) await tx.exec(`TRUNCATE ${projection.tables.map(quoteIdent).join(', ')}`);
      if (lock) await deferIndexes(tx, projection.tables);
      await resetCheckpoint(tx, projection.name, 0, 0);
    });
    const target = await requireHead(db, store);
    options.onStart?.(target);
    if (!lock) return { target, position: await followElsewhere(options, target), ranHere: false };
    const restore = () => db.transaction((tx) => restoreIndexes(tx, projection.tables));
    let progress: CatchUpProgress;
    try {
      progress = await catchUp({ db, store, projection, until: target, batchSize: options.batchSize, onProgress: options.onProgress });
    } catch (error) {
      // The shop needs its indexes even when the replay halts; if this fails too, the next runner restores them.
      await restore().catch(() => undefined);
      throw error;
    }
    await restore();
    await settleTables(db, liveTables(projection));
    return { target, position: progress.position, ranHere: true };
  } finally {
    await lock?.release();
  }
}

async function followElsewhere(options: ReplayOptions, target: number): Promise<number> {
  for (;;) {
    const checkpoint = await readCheckpoint(options.db, options.projection.name);
    if (checkpoint?.state === 'halted') throw new ProjectionHaltedError(options.projection.name, checkpoint.lastError ?? 'halted');
    const position = checkpoint?.position ?? 0;
    options.onProgress?.({ position, applied: checkpoint?.eventsApplied ?? 0 });
    if (position >= target) return position;
    await sleep(options.pollMs ?? 250);
  }
}
