import { quoteIdent } from '../db/pg-database';
import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { type CatchUpProgress, catchUpTogether, ProjectionHaltedError } from './catch-up';
import { lockCheckpoint, readCheckpoint, resetCheckpoint } from './checkpoints';
import { liveTables, type Projection } from './projection';
import { PROJECTION_LOCK_SPACE } from './projection-runner';
import { deferIndexes, restoreIndexes } from './deferred-indexes';
import { lockForMaintenance } from './maintenance-lock';
import { settleTables } from './settle-tables';

export interface ReplayOptions {
  db: Database;
  store: EventStore;
  projections: readonly Projection[];
  batchSize?: number;
  /** `target`: the store's head when the replay began. */
  onStart?(target: number): void;
  /** Summed over the projections: `position` is the furthest behind, `applied` the total. */
  onProgress?(progress: CatchUpProgress): void;
  /** Every event is applied; the tables are settled and their indexes built now (seconds, growing with the tables). */
  onFinishing?(): void;
  /** How often to look at the checkpoint when a running projector does the work. */
  pollMs?: number;
  /** How long that checkpoint may stand still before the replay gives up waiting (FOLLOW_STALL_MS). */
  stallMs?: number;
}

export interface ReplayResult {
  projection: string;
  target: number;
  position: number;
  /** True when this process applied the events; false when a running projector did. */
  ranHere: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Replays in place: empties each projection's tables and puts its checkpoint at 0 in one transaction,
 * then applies everything again. A projection a projector process holds is replayed by that process
 * (it notices the reset checkpoint); this only follows its progress. The others are replayed here from
 * one read of the log, loaded without their secondary indexes, which are built once at the end.
 */
export function replayProjections(options: ReplayOptions): Promise<ReplayResult[]> {
  return lockForMaintenance(
    options.db,
    options.projections.map((projection) => projection.name),
    () => replayLocked(options),
  );
}

async function replayLocked(options: ReplayOptions): Promise<ReplayResult[]> {
  const { db, store } = options;
  const locks = await Promise.all(options.projections.map((projection) => db.tryLock(PROJECTION_LOCK_SPACE, projection.name)));
  try {
    const here = options.projections.filter((_projection, index) => locks[index]);
    await db.transaction(async (tx) => {
      for (const projection of options.projections) {
        await lockCheckpoint(tx, projection.name);
        if (projection.tables.length > 0) await tx.exec(`TRUNCATE ${projection.tables.map(quoteIdent).join(', ')}`);
        if (here.includes(projection)) await deferIndexes(tx, projection.tables);
        await resetCheckpoint(tx, projection.name, 0, 0);
      }
    });
    const target = await store.head();
    options.onStart?.(target);
    const progress = new Map<string, CatchUpProgress>(options.projections.map((projection) => [projection.name, { position: 0, applied: 0 }]));
    const report = (name: string, at: CatchUpProgress) => {
      progress.set(name, at);
      const all = [...progress.values()];
      options.onProgress?.({ position: Math.min(...all.map((one) => one.position)), applied: all.reduce((sum, one) => sum + one.applied, 0) });
    };
    const elsewhere = options.projections.filter((projection) => !here.includes(projection));
    const [positions, followed] = await Promise.all([
      replayHere(options, here, target, report),
      Promise.all(elsewhere.map((projection) => followElsewhere(options, projection, target, report))),
    ]);
    return options.projections.map((projection) => {
      const ranHere = here.includes(projection);
      const position = ranHere ? positions[here.indexOf(projection)] : followed[elsewhere.indexOf(projection)];
      return { projection: projection.name, target, position, ranHere };
    });
  } finally {
    await Promise.all(locks.map((lock) => lock?.release()));
  }
}

/** One projection; see `replayProjections`. */
export async function replayProjection(options: Omit<ReplayOptions, 'projections'> & { projection: Projection }): Promise<ReplayResult> {
  const [result] = await replayProjections({ ...options, projections: [options.projection] });
  return result;
}

async function replayHere(options: ReplayOptions, projections: readonly Projection[], target: number, report: (name: string, at: CatchUpProgress) => void): Promise<number[]> {
  if (projections.length === 0) return [];
  const { db, store } = options;
  const tables = projections.flatMap((projection) => projection.tables);
  const restore = () => restoreIndexes(db, tables);
  let progress: CatchUpProgress[];
  try {
    progress = await catchUpTogether({
      db, store, until: target, batchSize: options.batchSize, targets: projections.map((projection) => ({ projection })),
      onProgress: ({ projection }, at) => report(projection.name, at),
    });
  } catch (error) {
    // The shop needs its indexes even when the replay halts; if this fails too, the next runner restores them.
    await restore().catch(() => undefined);
    throw error;
  }
  options.onFinishing?.();
  // Vacuumed before the secondary indexes exist, so it cleans only the keys of the rows the load updated.
  await settleTables(db, Object.fromEntries(projections.flatMap((projection) => Object.entries(liveTables(projection)))));
  await restore();
  return progress.map((one) => one.position);
}

async function followElsewhere(options: ReplayOptions, projection: Projection, target: number, report: (name: string, at: CatchUpProgress) => void): Promise<number> {
  const stallMs = options.stallMs ?? FOLLOW_STALL_MS;
  let last = { position: -1, at: Date.now() };
  for (;;) {
    const checkpoint = await readCheckpoint(options.db, projection.name);
    if (checkpoint?.state === 'halted') throw new ProjectionHaltedError(projection.name, checkpoint.lastError ?? 'halted');
    const position = checkpoint?.position ?? 0;
    report(projection.name, { position, applied: checkpoint?.eventsApplied ?? 0 });
    if (position >= target) return position;
    if (position !== last.position) last = { position, at: Date.now() };
    else if (Date.now() - last.at > stallMs) throw new ProjectionStalledError(projection.name, position, stallMs);
    await sleep(options.pollMs ?? 250);
  }
}

/** How long a replay followed in a projector may stand still before the operator is told. */
export const FOLLOW_STALL_MS = 60_000;

/** The projector that holds a projection applies nothing: stopped, stuck, or failing without halting. */
export class ProjectionStalledError extends Error {
  constructor(projection: string, position: number, stallMs: number) {
    super(
      `${projection} has not moved from position ${position} for ${Math.round(stallMs / 1000)} s: the projector that holds it ` +
        'may be stopped or failing (see its log and tcg projections status); the replay goes on there when it runs again',
    );
    this.name = 'ProjectionStalledError';
  }
}
