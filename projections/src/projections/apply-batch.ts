import type { Database } from '../db/sql';
import type { ProjectedEvent, SubscriptionBatch } from '../event-store/event-store.port';
import { advanceCheckpoint, haltCheckpoint, lockCheckpoint } from './checkpoints';
import { type BatchWrite, liveTables, Projection, ProjectionEventError, RetryLaterError, RunMemory, TableNames } from './projection';

export type BatchOutcome =
  /** Written with the checkpoint, in one transaction. */
  | { kind: 'applied'; position: number; applied: number }
  /** Already applied (a re-delivery): nothing written. */
  | { kind: 'skipped'; position: number }
  /** The checkpoint went back (a replay reset it): the reader must restart from `position`. */
  | { kind: 'moved'; position: number }
  | { kind: 'halted'; error: string };

export interface ApplyOptions {
  /** The checkpoint row; a rebuild uses a row of its own for the shadow tables. */
  checkpointName?: string;
  tables?: TableNames;
  shadow?: boolean;
  /** The checkpoint the caller last wrote; a stored one below it means someone reset the projection. */
  expectedFrom?: number;
  /** Kept by the caller for one run (subscription); emptied here when a batch fails. */
  memory?: RunMemory;
  /**
   * The batch already folded from `memory` (`Projection.fold`), continuing from `expectedFrom`: written
   * only when the stored checkpoint is exactly there.
   */
  folded?: BatchWrite;
}

const TRANSIENT_SQLSTATE = /^(08|40|53|57)/;
const TRANSIENT_NODE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/**
 * Lost connections, deadlocks and shutdowns say nothing about the events: retry them. Anything else
 * (an unreadable event, a constraint the rows break) would fail again the same way: halt.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof RetryLaterError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_NODE.has(code))) return true;
  return error instanceof Error && /Connection terminated|connection is closed|Client was closed/i.test(error.message);
}

/**
 * Applies one batch and moves the checkpoint in the same transaction. Events at or below the stored
 * checkpoint are left out, so a batch delivered twice is written once. A failure that is not transient
 * halts the projection with the error recorded; transient ones are thrown for the caller to retry.
 */
export async function applyBatch(
  db: Database,
  projection: Projection,
  batch: SubscriptionBatch<ProjectedEvent>,
  options: ApplyOptions = {},
): Promise<BatchOutcome> {
  const name = options.checkpointName ?? projection.name;
  const tables = options.tables ?? liveTables(projection);
  const memory = options.memory ?? new RunMemory();
  try {
    return await db.transaction(async (tx): Promise<BatchOutcome> => {
      // A crash of the database server may lose the last batches, rows and checkpoint together, and they
      // are applied again from the log: a batch need not wait for its WAL flush.
      await tx.exec('SET LOCAL synchronous_commit = off');
      const stored = await lockCheckpoint(tx, name);
      if (stored.state === 'halted') return { kind: 'halted', error: stored.lastError ?? 'halted' };
      // Someone else moved the checkpoint since this run's last batch: what it remembers may be stale.
      if (stored.position !== options.expectedFrom) memory.clear();
      if (options.expectedFrom !== undefined && stored.position < options.expectedFrom) {
        return { kind: 'moved', position: stored.position };
      }
      if (options.folded && stored.position !== options.expectedFrom) return { kind: 'moved', position: stored.position };
      if (batch.checkpoint <= stored.position) return { kind: 'skipped', position: stored.position };
      const events = batch.events.filter((event) => event.position > stored.position);
      if (options.folded) await options.folded(tx);
      else if (events.length > 0) await projection.apply({ tx, tables, shadow: options.shadow ?? false, checkpoint: stored.position, memory }, events);
      await advanceCheckpoint(tx, name, batch.checkpoint, events.length);
      return { kind: 'applied', position: batch.checkpoint, applied: events.length };
    });
  } catch (error) {
    memory.clear();
    if (isTransient(error)) throw error;
    const split = refusedWriteHalves(batch, error);
    if (split) {
      // Each half in a transaction of its own, without the fold done ahead: the events before the refused one are kept.
      const again = { ...options, folded: undefined, memory: new RunMemory() };
      const first = await applyBatch(db, projection, split[0], again);
      if (first.kind === 'halted' || first.kind === 'moved') return first;
      return applyBatch(db, projection, split[1], { ...again, expectedFrom: first.position });
    }
    const message = haltMessage(error, batch);
    // The events before the one it cannot apply are kept: the halt stands just before that event.
    const before = options.folded ? null : beforeFailedEvent(batch, error);
    if (before) {
      const kept = await applyBatch(db, projection, before, { ...options, memory: new RunMemory() });
      if (kept.kind === 'halted') return kept;
    }
    await haltCheckpoint(db, name, message);
    return { kind: 'halted', error: message };
  }
}

/**
 * The events of `batch` before the one `error` names, as a batch ending just before it: what a halt on
 * that event keeps (a replay halted in its first batch of 40,000 used to keep none, emptying the shop).
 * Null when the error names no event of the batch after its first (a write the database refused names
 * none: `refusedWriteHalves` finds it).
 */
export function beforeFailedEvent(batch: SubscriptionBatch<ProjectedEvent>, error: unknown): SubscriptionBatch<ProjectedEvent> | null {
  if (!(error instanceof ProjectionEventError)) return null;
  const at = batch.events.findIndex((event) => event.position === error.event.position);
  return at > 0 ? { events: batch.events.slice(0, at), checkpoint: error.event.position - 1 } : null;
}

/**
 * A write the database refused (a constraint the rows break) names no event. The batch is then applied
 * again in two halves, and so on down to the one event the database refuses, so that the halt names that
 * event and stands just before it, keeping the events before it (a replay whose first batch held one
 * such event left the shop without a single card, QA). Null for an error that names its event, or a
 * batch of one.
 */
export function refusedWriteHalves(
  batch: SubscriptionBatch<ProjectedEvent>,
  error: unknown,
): [SubscriptionBatch<ProjectedEvent>, SubscriptionBatch<ProjectedEvent>] | null {
  if (error instanceof ProjectionEventError || batch.events.length < 2) return null;
  const middle = Math.floor(batch.events.length / 2);
  return [
    { events: batch.events.slice(0, middle), checkpoint: batch.events[middle - 1].position },
    { events: batch.events.slice(middle), checkpoint: batch.checkpoint },
  ];
}

/** A message on one line (an error's text may span several). */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * What a halt records: an event the projection could not take names itself; a write the database
 * refused names the event (`refusedWriteHalves` narrows the batch down to it), or the batch's positions
 * when it cannot be narrowed, so the operator knows where in the log to look.
 */
export function haltMessage(error: unknown, batch: SubscriptionBatch<ProjectedEvent>): string {
  // One line: `status` shows it in its table, and the CLI and the projector's log print it as one line.
  const message = oneLine(error instanceof Error ? error.message : String(error));
  if (error instanceof ProjectionEventError || batch.events.length === 0) return message;
  const first = batch.events[0];
  const last = batch.events[batch.events.length - 1];
  return first === last
    ? `event ${first.type} at position ${first.position} on ${first.streamId}: ${message}`
    : `events at positions ${first.position} to ${last.position} (${batch.events.length}): ${message}`;
}
