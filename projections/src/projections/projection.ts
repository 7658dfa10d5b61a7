import { nextTurn } from '../db/next-turn';
import type { Sql } from '../db/sql';
import type { ProjectedEvent, SubscriptionFilter } from '../event-store/event-store.port';

/** Logical table name → the physical table a run writes to (the live one, or its blue/green shadow). */
export type TableNames = Readonly<Record<string, string>>;

/** What a projection folds a batch with: everything of `ApplyContext` but the transaction. */
export interface FoldContext {
  tables: TableNames;
  /** True while a blue/green rebuild fills the shadow copy. */
  shadow: boolean;
  /** The stored checkpoint this batch continues from. */
  checkpoint: number;
  /** What the projection keeps between the batches of this run (see `RunMemory`). */
  memory: RunMemory;
}

export interface ApplyContext extends FoldContext {
  /** The transaction that also moves the checkpoint: read-model writes and checkpoint commit together. */
  tx: Sql;
}

/**
 * A batch folded in memory, ready to be written in the batch's transaction. Every value it writes was
 * copied out of the run's memory when it was folded, so folding the next batch cannot change it.
 */
export type BatchWrite = (tx: Sql) => Promise<void>;

/**
 * What a projection may keep in memory between the batches of one run (one subscription): the rows it
 * wrote, so the next batch need not read them back. It always matches the committed tables: a run starts
 * with an empty one, and `applyBatch` empties it whenever a batch fails (the batch may have changed it
 * before its transaction rolled back) or the checkpoint is not where the run left it.
 */
export class RunMemory {
  private readonly entries = new Map<string, unknown>();

  /** The projection's own entry, made by `create` the first time or after a `clear`. */
  get<T>(key: string, create: () => T): T {
    if (!this.entries.has(key)) this.entries.set(key, create());
    return this.entries.get(key) as T;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Work outside PostgreSQL (an OpenSearch index) that a blue/green rebuild must prepare and swap itself. */
export interface ExternalTarget {
  /** Starts an empty shadow copy. */
  begin(): Promise<void>;
  /** Makes the shadow copy the live one and removes the old. */
  swap(): Promise<void>;
  /** Throws away an unfinished shadow copy. */
  abandon(): Promise<void>;
}

/**
 * A read model fed by the event store. `apply` receives the batch's matching events in position order
 * and must be deterministic: replaying the same events from 0 builds the same rows.
 */
export interface Projection {
  readonly name: string;
  readonly filter: SubscriptionFilter;
  /** The PostgreSQL tables it owns; a replay empties them, a rebuild builds shadow copies. */
  readonly tables: readonly string[];
  readonly external?: ExternalTarget;
  apply(context: ApplyContext, events: readonly ProjectedEvent[]): Promise<void>;
  /**
   * The same batch, folded from the run's memory alone, before its transaction opens; undefined when
   * the batch needs to read the tables (then `apply` runs). Lets a run fold the next batch while the
   * previous one is being written. Its effect must equal `apply`'s.
   */
  fold?(context: FoldContext, events: readonly ProjectedEvent[]): Promise<BatchWrite | undefined>;
}

export function liveTables(projection: Projection): TableNames {
  return Object.fromEntries(projection.tables.map((table) => [table, table]));
}

/** An event the projection could not apply: it halts the projection with this message recorded. */
export class ProjectionEventError extends Error {
  override readonly name = 'ProjectionEventError';

  constructor(
    readonly event: Pick<ProjectedEvent, 'position' | 'streamId' | 'type'>,
    cause: unknown,
  ) {
    super(
      `event ${event.type} at position ${event.position} on ${event.streamId}: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}

/** The projection depends on another that has not got this far yet: retried, never a halt. */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError';
}

export class UnknownProjectionError extends Error {
  override readonly name = 'UnknownProjectionError';

  constructor(
    readonly projectionName: string,
    readonly known: readonly string[],
  ) {
    super(`unknown projection "${projectionName}"; known: ${known.join(', ')}`);
  }
}

/** Runs `work` for one event, naming the event in whatever it throws. */
export function forEvent<T>(event: ProjectedEvent, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw error instanceof ProjectionEventError ? error : new ProjectionEventError(event, error);
  }
}

/** Events per slice of a fold: short enough that the previous batch's statements are not kept waiting. */
const SLICE = 1000;

/**
 * `items.map(work)`, giving the event loop a turn after every slice. While a run folds one batch the
 * previous one is being written, statement after statement, and each reply waits for a free loop.
 */
export async function mapInSlices<T, R>(items: readonly T[], work: (item: T) => R): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += SLICE) {
    if (start > 0) await nextTurn();
    const end = Math.min(items.length, start + SLICE);
    for (let index = start; index < end; index++) results.push(work(items[index]));
  }
  return results;
}
