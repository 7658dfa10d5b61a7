import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { applyBatch, ApplyOptions } from './apply-batch';
import { ensureCheckpoint, readCheckpoint } from './checkpoints';
import { type Projection, RunMemory } from './projection';

export class ProjectionHaltedError extends Error {
  override readonly name = 'ProjectionHaltedError';

  constructor(
    readonly projectionName: string,
    readonly reason: string,
  ) {
    super(`projection ${projectionName} halted: ${reason}`);
  }
}

export interface CatchUpProgress {
  position: number;
  /** Events applied by this run so far. */
  applied: number;
}

export interface CatchUpOptions extends Omit<ApplyOptions, 'expectedFrom'> {
  db: Database;
  store: EventStore;
  projection: Projection;
  /** Stop once the checkpoint reaches this position (the store's head when the run began). */
  until: number;
  batchSize?: number;
  onProgress?(progress: CatchUpProgress): void;
}

/**
 * Applies batches from the stored checkpoint until `until`, then stops: what replay, rebuild, the
 * benchmark and the fault tests run. The caller holds the projection's lock when it writes live tables.
 */
export async function catchUp(options: CatchUpOptions): Promise<CatchUpProgress> {
  const name = options.checkpointName ?? options.projection.name;
  await ensureCheckpoint(options.db, name);
  const start = await readCheckpoint(options.db, name);
  if (start?.state === 'halted') throw new ProjectionHaltedError(name, start.lastError ?? 'halted');
  const progress: CatchUpProgress = { position: start?.position ?? 0, applied: 0 };
  if (progress.position >= options.until) return progress;

  let finish: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (finish = resolve));
  const memory = new RunMemory();
  const subscription = await options.store.subscribe(
    progress.position,
    options.projection.filter,
    async (batch) => {
      if (progress.position >= options.until) return;
      const outcome = await applyBatch(options.db, options.projection, batch, { ...options, expectedFrom: progress.position, memory });
      if (outcome.kind === 'halted') throw new ProjectionHaltedError(name, outcome.error);
      if (outcome.kind === 'moved') throw new Error(`the checkpoint of ${name} was reset by another process during the run`);
      if (outcome.kind === 'applied') progress.applied += outcome.applied;
      progress.position = outcome.position;
      options.onProgress?.({ ...progress });
      if (progress.position >= options.until) finish();
    },
    { batchSize: options.batchSize ?? 2000 },
  );
  try {
    await Promise.race([reached, subscription.done]);
  } finally {
    await subscription.close();
  }
  return progress;
}
