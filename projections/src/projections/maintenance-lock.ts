import type { Database, SessionLock } from '../db/sql';

/** Advisory lock space of replays and rebuilds (the runners use PROJECTION_LOCK_SPACE). */
export const MAINTENANCE_LOCK_SPACE = 3004;

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
export async function lockForMaintenance<T>(db: Database, projections: readonly string[], work: () => Promise<T>): Promise<T> {
  const held: SessionLock[] = [];
  try {
    for (const name of projections) {
      const lock = await db.tryLock(MAINTENANCE_LOCK_SPACE, name);
      if (!lock) throw new ProjectionBusyError(name);
      held.push(lock);
    }
    return await work();
  } finally {
    await Promise.all(held.map((lock) => lock.release()));
  }
}
