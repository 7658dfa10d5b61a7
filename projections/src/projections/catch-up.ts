import type { Database } from '../db/sql';
import type { EventStore, ProjectedEvent, SubscriptionBatch, SubscriptionFilter } from '../event-store/event-store.port';
import { matchesFilter } from '../event-store/prepare-events';
import { applyBatch, beforeFailedEvent, haltMessage, isTransient } from './apply-batch';
import { ensureCheckpoint, haltCheckpoint, readCheckpoint } from './checkpoints';
import { type BatchWrite, liveTables, type Projection, RunMemory, type TableNames } from './projection';

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

/** A projection and where it writes: its live tables, or (for a rebuild) shadow tables and checkpoint. */
export interface CatchUpTarget {
  projection: Projection;
  /** The checkpoint row; a rebuild uses a row of its own for the shadow tables. */
  checkpointName?: string;
  tables?: TableNames;
  shadow?: boolean;
}

interface CatchUpSettings {
  db: Database;
  store: EventStore;
  /** Stop once every checkpoint reaches this position (the store's head when the run began). */
  until: number;
  batchSize?: number;
}

export interface CatchUpOptions extends CatchUpTarget, CatchUpSettings {
  onProgress?(progress: CatchUpProgress): void;
}

export interface CatchUpTogetherOptions extends CatchUpSettings {
  targets: readonly CatchUpTarget[];
  /** Called after each committed batch of any target, with that target's progress. */
  onProgress?(target: CatchUpTarget, progress: CatchUpProgress): void;
}

/** One target's run: `queued` is the checkpoint of the last batch handed to `writing`. */
interface TargetRun {
  target: CatchUpTarget;
  name: string;
  progress: CatchUpProgress;
  queued: number;
  memory: RunMemory;
  writing: Promise<void>;
  /** The halt that ended this target's run; the others go on to the end. */
  halted?: ProjectionHaltedError;
}

/**
 * Applies batches from the stored checkpoint until `until`, then stops: what replay, rebuild, the
 * benchmark and the fault tests run. The caller holds the projection's lock when it writes live tables.
 */
export async function catchUp(options: CatchUpOptions): Promise<CatchUpProgress> {
  const { db, store, until, batchSize, onProgress, ...target } = options;
  const [progress] = await catchUpTogether({
    db, store, until, batchSize, targets: [target],
    onProgress: onProgress && ((_target, at) => onProgress(at)),
  });
  return progress;
}

/**
 * Catches several projections up from one read of the log: each page is read once and handed to every
 * target, each in its own transaction with its own checkpoint. A target whose projection can fold a
 * batch from memory (`Projection.fold`) folds the next page while its previous batch is being written;
 * batches still commit one after another, in order.
 */
export async function catchUpTogether(options: CatchUpTogetherOptions): Promise<CatchUpProgress[]> {
  const runs: TargetRun[] = [];
  for (const target of options.targets) {
    const name = target.checkpointName ?? target.projection.name;
    await ensureCheckpoint(options.db, name);
    const start = await readCheckpoint(options.db, name);
    if (start?.state === 'halted') throw new ProjectionHaltedError(name, start.lastError ?? 'halted');
    const position = start?.position ?? 0;
    runs.push({ target, name, progress: { position, applied: 0 }, queued: position, memory: new RunMemory(), writing: Promise.resolve() });
  }
  const done = () => runs.every((run) => run.halted || run.queued >= options.until);
  if (done()) return runs.map((run) => run.progress);

  let finish: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (finish = resolve));
  const subscription = await options.store.subscribeProjected(
    Math.min(...runs.map((run) => run.queued)),
    unionFilter(runs.map((run) => run.target.projection.filter)),
    async (batch) => {
      // A target that halts stops alone: the others of one read (a replay of several) are applied to the end.
      for (const run of runs) if (!run.halted) await haltsAlone(run, handOver(options, run, batch));
      if (done()) {
        for (const run of runs) await haltsAlone(run, run.writing);
        finish();
      }
    },
    { batchSize: options.batchSize ?? 2000 },
  );
  try {
    await Promise.race([reached, subscription.done]);
  } finally {
    await subscription.close();
    await Promise.allSettled(runs.map((run) => run.writing));
  }
  const halted = runs.find((run) => run.halted)?.halted;
  if (halted) throw halted;
  return runs.map((run) => run.progress);
}

/** Waits for `work` of `run`; a halt is recorded on the run (it has recorded itself in its checkpoint) and anything else thrown. */
async function haltsAlone(run: TargetRun, work: Promise<void>): Promise<void> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof ProjectionHaltedError)) throw error;
    run.halted = error;
    run.writing = Promise.resolve();
  }
}

/** Folds the page for one target (when it can), waits for its previous batch, then starts writing this one. */
async function handOver(options: CatchUpTogetherOptions, run: TargetRun, page: SubscriptionBatch<ProjectedEvent>): Promise<void> {
  if (run.queued >= options.until || page.checkpoint <= run.queued) return;
  const { projection, tables, shadow } = run.target;
  const expectedFrom = run.queued;
  const events = page.events.filter((event) => event.position > expectedFrom && matchesFilter(projection.filter, event));
  run.queued = page.checkpoint;
  const batch = { events, checkpoint: page.checkpoint };
  let folded: BatchWrite | undefined;
  try {
    folded = events.length > 0 ? await projection.fold?.({ tables: tables ?? liveTables(projection), shadow: shadow ?? false, checkpoint: expectedFrom, memory: run.memory }, events) : undefined;
  } catch (error) {
    throw await haltAfterFold(options, run, error, batch, expectedFrom);
  }
  await run.writing;
  run.writing = write(options, run, batch, expectedFrom, folded);
  // Observed by the next hand-over or at the end of the run.
  run.writing.catch(() => undefined);
}

/**
 * An event the fold cannot take halts the projection as `applyBatch` would (state and error recorded,
 * for `status` and the shop's projector), once the batches before it are committed, and the events of
 * this batch before it with them. If the previous batch failed, its own outcome stands.
 */
async function haltAfterFold(
  options: CatchUpTogetherOptions,
  run: TargetRun,
  error: unknown,
  batch: SubscriptionBatch<ProjectedEvent>,
  expectedFrom: number,
): Promise<unknown> {
  run.memory.clear();
  if (isTransient(error)) return error;
  const previous = await run.writing.then(
    () => null,
    (failure: unknown) => failure,
  );
  if (previous !== null) return previous;
  const before = beforeFailedEvent(batch, error);
  if (before) {
    try {
      await write(options, run, before, expectedFrom, undefined);
    } catch (failure) {
      return failure;
    }
  }
  const message = haltMessage(error, batch);
  await haltCheckpoint(options.db, run.name, message);
  return new ProjectionHaltedError(run.name, message);
}

async function write(options: CatchUpTogetherOptions, run: TargetRun, batch: SubscriptionBatch<ProjectedEvent>, expectedFrom: number, folded: BatchWrite | undefined): Promise<void> {
  const { projection, checkpointName, tables, shadow } = run.target;
  const outcome = await applyBatch(options.db, projection, batch, { checkpointName, tables, shadow, expectedFrom, memory: run.memory, folded });
  if (outcome.kind === 'halted') throw new ProjectionHaltedError(run.name, outcome.error);
  if (outcome.kind === 'moved') throw new Error(`the checkpoint of ${run.name} was moved by another process during the run`);
  if (outcome.kind === 'applied') run.progress.applied += outcome.applied;
  run.progress.position = outcome.position;
  options.onProgress?.(run.target, { ...run.progress });
}

/** Every event any of the filters keeps; each target then keeps its own. */
function unionFilter(filters: readonly SubscriptionFilter[]): SubscriptionFilter {
  const union = (lists: (string[] | undefined)[]) => (lists.every((list) => list !== undefined) ? [...new Set(lists.flat())] : undefined);
  return { streamPrefixes: union(filters.map((filter) => filter.streamPrefixes)), eventTypes: union(filters.map((filter) => filter.eventTypes)) };
}
