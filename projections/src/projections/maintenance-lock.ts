import type { Database, SessionLock } from '../db/sql';

/** Advisory lock space of replays and rebuilds (every space: docs/operations-cli.md). */
export const MAINTENANCE_LOCK_SPACE = 3004;

/**
 * Held by a rebuild only, inside its maintenance lock: a replay holds the maintenance lock too, so that
 * lock alone cannot tell `status` whether a `NAME__shadow` row is a rebuild under way or a leftover.
 */
export const REBUILD_LOCK_SPACE = 3007;

/** Another process is replaying or rebuilding one of the projections asked for. */
export class ProjectionBusyError extends Error {
  constructor(readonly projection: string) {
    super(`a replay or rebuild of ${projection} is already running in another process; wait for it to finish (tcg projections status shows its progress)`);
    this.name = 'ProjectionBusyError';
  }
}

/**
 * Holds the maintenance lock of every projection named, or none: one replay or rebuild per projection at
 * a time, across processes. A second one would empty the tables (or drop the shadow tables) under the
 * first. Projectors do not take it, so a replay still runs beside the shop's projector.
 */
export async function lockForMaintenance<T>(db: Database, projections: readonly string[], work: () => Promise<T>, kind: 'replay' | 'rebuild' = 'replay'): Promise<T> {
  const held: SessionLock[] = [];
  try {
    for (const name of projections) {
      for (const space of kind === 'rebuild' ? [MAINTENANCE_LOCK_SPACE, REBUILD_LOCK_SPACE] : [MAINTENANCE_LOCK_SPACE]) {
        const lock = await db.tryLock(space, name);
        if (!lock) throw new ProjectionBusyError(name);
        held.push(lock);
      }
    }
    return await work();
  } finally {
    await Promise.all(held.map((lock) => lock.release()));
  }
}

/** Whether a rebuild of `projection` runs now, in any process. */
export async function rebuildRunning(db: Database, projection: string): Promise<boolean> {
  const lock = await db.tryLock(REBUILD_LOCK_SPACE, projection);
  await lock?.release();
  return !lock;
}
