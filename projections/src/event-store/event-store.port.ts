/**
 * The event store port (DESIGN §4). Revisions are 0-based per stream, like EventStoreDB. Positions are
 * global, increasing but not dense (PostgreSQL: transaction id based; EventStoreDB: commit position).
 * A position is a checkpoint: reading "from" a position returns the events after it; 0 is the start.
 */
export type ExpectedRevision = number | 'no_stream' | 'any';

export const START_POSITION = 0;

/** What the caller supplies; `causationId` defaults to the correlation id, `timestamp` to now. */
export interface AppendMetadata {
  correlationId: string;
  causationId?: string;
  /** The user id, or a system name such as `sweeper`. */
  actor: string;
  /** ISO-8601. */
  timestamp?: string;
  /**
   * A hash of the request an idempotent command was sent with (its `Idempotency-Key` fixes the event
   * ids): a re-send under the same key with other content is told apart by it.
   */
  requestHash?: string;
}

export interface EventMetadata {
  eventId: string;
  correlationId: string;
  causationId: string;
  actor: string;
  timestamp: string;
  requestHash?: string;
}

export interface EventToAppend {
  /** UUID; generated when absent, but pass one to make a re-sent append a no-op. */
  id?: string;
  type: string;
  /** Any JSON value. */
  data: unknown;
  metadata: AppendMetadata;
}

export interface RecordedEvent {
  streamId: string;
  revision: number;
  position: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  createdAt: Date;
}

/**
 * `deferred`: the append's commit does not wait for its own durable flush. PostgreSQL writes its log in
 * order, so the append becomes durable with the next immediate commit of the same store, and a crash
 * before that loses it whole, never in part. Meant for steps a later immediate append completes (a
 * checkout's reservations, made durable by its `OrderPlaced`; docs/decisions/0003). EventStoreDB always
 * commits durably and ignores it.
 */
export type Durability = 'immediate' | 'deferred';

export interface AppendOptions {
  durability?: Durability;
}

export interface AppendResult {
  /** The stream's revision after the append: pass it as the next expected revision. */
  nextRevision: number;
  /** The position of the last appended event. */
  position: number;
  /**
   * True when every event id was already stored, so nothing was written: `nextRevision` and `position`
   * are those of the events stored the first time, whose content may differ from what was sent.
   */
  duplicate: boolean;
}

/** One stream's part of a multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: EventToAppend[];
  expected: ExpectedRevision;
}

export interface AppendManyResult {
  /** One per stream, in the order given. */
  streams: Array<AppendResult & { streamId: string }>;
  /** The position of the last appended event (of the last stream given). */
  position: number;
}

export interface SubscriptionFilter {
  /** Keep events whose stream id starts with one of these (e.g. `card-`). */
  streamPrefixes?: string[];
  /** Keep events of exactly these types. */
  eventTypes?: string[];
}

/** What a projection reads of an event: where it is, what it is, and its data. */
export type ProjectedEvent = Pick<RecordedEvent, 'streamId' | 'position' | 'type' | 'data'>;

/**
 * What a subscriber receives, in position order. `checkpoint` is the position up to which everything
 * matching the filter has been delivered; store it (with the read-model writes) and resume from it.
 * `events` is empty when only the checkpoint moved, past events the filter left out.
 */
export interface SubscriptionBatch<TEvent extends ProjectedEvent = RecordedEvent> {
  events: TEvent[];
  checkpoint: number;
}

/** Awaited before the next batch: a subscription never runs two handlers at once. */
export type SubscriptionHandler<TEvent extends ProjectedEvent = RecordedEvent> = (batch: SubscriptionBatch<TEvent>) => Promise<void>;

export interface SubscribeOptions {
  /** Events per read while catching up. */
  batchSize?: number;
}

export interface Subscription {
  /** Settles when the subscription stops: resolves after `close()`, rejects when a handler or read fails. */
  readonly done: Promise<void>;
  close(): Promise<void>;
}

export type EventStoreName = 'postgres' | 'pglite' | 'eventstoredb';

/** How far a reader at some position is behind the store (`EventStore.behind`). */
export interface Backlog {
  /** Events stored after the position, counted up to the limit asked for. */
  events: number;
  /** False when counting stopped at the limit: there are at least `events`. */
  exact: boolean;
  /** When the oldest of them was stored; undefined when there is none. */
  oldestAt: Date | undefined;
}

export interface EventStore {
  readonly name: EventStoreName;
  /** Whether `appendMany` exists: several streams written in one transaction, all or nothing. */
  readonly atomicAppendMany: boolean;
  /** Appends atomically. Throws ConcurrencyError when `expected` does not match the stream. */
  append(streamId: string, events: EventToAppend[], expected: ExpectedRevision, options?: AppendOptions): Promise<AppendResult>;
  /** The stream's events from `fromRevision` (default 0) on; empty when the stream does not exist. */
  readStream(streamId: string, fromRevision?: number): Promise<RecordedEvent[]>;
  /**
   * Several whole streams at once, by stream id, each in revision order; a stream that does not exist
   * is absent. For reading many small streams (the stock audit): PostgreSQL answers in one query where
   * `readStream` takes one per stream.
   */
  readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>>;
  /** Every event after `fromPosition`, in position order, read `batchSize` at a time. */
  readAll(fromPosition: number, batchSize: number): AsyncIterable<RecordedEvent>;
  /** Catches up from `fromPosition`, then follows new appends until closed. */
  subscribe(
    fromPosition: number,
    filter: SubscriptionFilter,
    handler: SubscriptionHandler,
    options?: SubscribeOptions,
  ): Promise<Subscription>;
  /**
   * `subscribe` for projections, which read no metadata: the store may leave out everything
   * `ProjectedEvent` does not name (PostgreSQL then reads half the columns of each event).
   */
  subscribeProjected(
    fromPosition: number,
    filter: SubscriptionFilter,
    handler: SubscriptionHandler<ProjectedEvent>,
    options?: SubscribeOptions,
  ): Promise<Subscription>;
  /** The position of the newest event; START_POSITION when the store holds none. */
  head(): Promise<number>;
  /** The events after `position`, counted up to `limit`, and the time of the oldest (for `tcg projections status`). */
  behind(position: number, limit: number): Promise<Backlog>;
  /** Throws when the store does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A store that writes several streams atomically (PostgreSQL, PGlite). EventStoreDB has no
 * multi-stream transaction, so it does not offer this (docs/decisions/0004).
 */
export interface AtomicMultiStreamStore extends EventStore {
  readonly atomicAppendMany: true;
  /**
   * Checks every stream's expected revision and stores all events or none, in one transaction; events
   * get positions in the order given (streams in order, each stream's events in order). Each stream
   * appears once. Throws ConcurrencyError naming the first stream that is not at its expected
   * revision; a re-sent append (the same event ids, each in its stream) answers as the first time.
   */
  appendMany(appends: StreamAppend[], options?: AppendOptions): Promise<AppendManyResult>;
}

export function hasAtomicAppendMany(store: EventStore): store is AtomicMultiStreamStore {
  return store.atomicAppendMany;
}

/** The stream was not at the expected revision; reload, decide again and retry. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's last revision; -1 when it does not exist. */
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at revision ${actual}, expected ${expected}`);
  }
}

/** Some (not all) event ids of an append, or all of them in another stream, were already stored. */
export class EventIdReusedError extends Error {
  override readonly name = 'EventIdReusedError';

  constructor(readonly streamId: string) {
    super(`an append to ${streamId} reuses event ids of a different append`);
  }
}
