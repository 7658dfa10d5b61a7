import { Inject, Injectable } from '@nestjs/common';
import { fromStoredPayload, isDomainError, toStoredPayload } from '@tcg/domain';
import {
  type AtomicMultiStreamStore,
  ConcurrencyError,
  type Durability,
  EventIdReusedError,
  type EventStore,
  hasAtomicAppendMany,
  type RecordedEvent,
} from '@tcg/projections';
import { createHash, randomUUID } from 'node:crypto';
import { EVENT_STORE } from '../../event-store/event-store.module';
import type { CommandContext } from './command-context';
import { KeyedMutex } from './keyed-mutex';
import { type DecideManyRequest, type DecideManyResult, decideAcross, emptySnapshot, type StoredEvent } from './multi-stream-decision';
import { type StreamSnapshot, StreamSnapshotCache } from './stream-snapshot-cache';
import { WriteMetrics } from './write-metrics';

/** How a stream type is read and folded: its decider's `evolve` plus the parser of its stored events. */
export interface StreamType<TEvent extends { type: string }, TState> {
  evolve(state: TState, event: TEvent): TState;
  initialState(): TState;
  parse(type: string, version: number, data: unknown): TEvent;
}

export interface DecideRequest<TEvent extends { type: string }, TState> {
  streamId: string;
  /** Pure: answers the current state with new events, or throws a DomainError. */
  decide(state: TState): TEvent[];
  context: CommandContext;
  /**
   * A stable id for the nth event of a decision, when a re-sent command must append nothing new
   * (for example `reserve:{reservationId}`); random ids otherwise.
   */
  eventId?(event: TEvent, index: number, events: readonly TEvent[]): string;
  /** `deferred` for a step that a later immediate append makes durable (a checkout's reservations). */
  durability?: Durability;
  /**
   * A hash of the request, when its event ids come from a client's `Idempotency-Key`: kept with its
   * events, so a re-send under the key with other content is refused with `EventIdReusedError` rather
   * than answered as if it had been done (`requestHash()` makes one).
   */
  requestHash?: string;
}

export interface DecideResult<TEvent, TState> {
  events: TEvent[];
  state: TState;
  /** Where the decision was written, or the stream's last position when it wrote nothing. */
  position: number;
}

/**
 * How long a writer keeps retrying conflicts, and at most how many times. Within a process one stream's
 * writers take turns; the conflicts are with other processes, and a process with writers queued on a hot
 * stream appends them back to back on its own fresh snapshot, while the other's writer must read first:
 * it gets through when that queue drains. A count of ten (about 130 ms) ran out under one card's checkouts
 * spread over two API processes (QA: 2 of 320 answered 500); a time bound lets the queue drain.
 */
export const CONFLICT_RETRY_MS = 3000;
export const MAX_ATTEMPTS = 500;

/**
 * Load, decide, append with the expected revision (DESIGN §2). The snapshot cache is trusted
 * optimistically: an append on a stale snapshot fails the revision check, and a refusal or an empty
 * decision taken on a cached snapshot is checked against the newer events before it is answered.
 */
@Injectable()
export class StreamDecider {
  readonly cache = new StreamSnapshotCache();
  private readonly mutex = new KeyedMutex();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly metrics: WriteMetrics,
  ) {}

  async decide<TEvent extends { type: string; version: number; data: unknown }, TState>(
    type: StreamType<TEvent, TState>,
    request: DecideRequest<TEvent, TState>,
  ): Promise<DecideResult<TEvent, TState>> {
    this.metrics.commands += 1;
    return this.mutex.run(request.streamId, () => this.attempt(type, request));
  }

  /**
   * One decision over several streams, appended all or nothing in one transaction (docs/decisions/0004).
   * Holds the in-process lock of every stream (in sorted order) and retries a conflict like `decide`.
   * Needs a store with `appendMany`.
   */
  async decideMany(request: DecideManyRequest): Promise<DecideManyResult> {
    const store = this.store;
    if (!hasAtomicAppendMany(store)) throw new Error(`the ${store.name} event store cannot append to several streams at once`);
    this.metrics.commands += 1;
    return this.mutex.runAll(
      request.streams.map((stream) => stream.streamId),
      () => this.attemptMany(store, request),
    );
  }

  /** Whether the stream holds an event stored under `eventId` (an idempotent command's earlier send). */
  async holds(streamId: string, eventId: string): Promise<boolean> {
    return (await this.store.readStream(streamId)).some((event) => event.metadata.eventId === eventId);
  }

  /** The stream's state, folded from the cached snapshot and whatever came after it. */
  async load<TEvent extends { type: string }, TState>(
    type: StreamType<TEvent, TState>,
    streamId: string,
  ): Promise<StreamSnapshot<TState>> {
    const cached = this.cache.get<TState>(streamId);
    const base = cached ?? { state: type.initialState(), revision: -1, position: 0 };
    const snapshot = await this.catchUp(type, streamId, base);
    this.cache.set(streamId, snapshot);
    return snapshot;
  }

  private async attempt<TEvent extends { type: string; version: number; data: unknown }, TState>(
    type: StreamType<TEvent, TState>,
    request: DecideRequest<TEvent, TState>,
  ): Promise<DecideResult<TEvent, TState>> {
    return this.retryingConflicts(async () => {
      const { snapshot, events } = await this.decideOnLatest(type, request);
      if (events.length === 0) return { events, state: snapshot.state, position: snapshot.position };
      return this.append(type, request, snapshot, events);
    });
  }

  /**
   * Runs `step` again after a concurrency conflict, a bounded number of times with jitter (the failed
   * append has already dropped the stale snapshots, see `forgettingOnFailure`).
   */
  private async retryingConflicts<T>(step: (attempt: number) => Promise<T>): Promise<T> {
    const giveUpAt = Date.now() + CONFLICT_RETRY_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await step(attempt);
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        if (attempt >= MAX_ATTEMPTS || Date.now() >= giveUpAt) throw error;
        this.metrics.conflictRetries += 1;
        await backoff(attempt);
      }
    }
  }

  /**
   * Decides on the cached snapshot when there is one. Events decided there are checked by the append;
   * a refusal or an empty decision is not, so it is taken again on the stream's current state.
   */
  private async decideOnLatest<TEvent extends { type: string }, TState>(
    type: StreamType<TEvent, TState>,
    request: DecideRequest<TEvent, TState>,
  ): Promise<{ snapshot: StreamSnapshot<TState>; events: TEvent[] }> {
    const cached = this.cache.get<TState>(request.streamId);
    if (cached) {
      try {
        const events = request.decide(cached.state);
        if (events.length > 0) return { snapshot: cached, events };
      } catch (error) {
        if (!isDomainError(error)) throw error;
      }
    }
    const snapshot = await this.load(type, request.streamId);
    return { snapshot, events: request.decide(snapshot.state) };
  }

  private async append<TEvent extends { type: string; version: number; data: unknown }, TState>(
    type: StreamType<TEvent, TState>,
    request: DecideRequest<TEvent, TState>,
    snapshot: StreamSnapshot<TState>,
    events: TEvent[],
  ): Promise<DecideResult<TEvent, TState>> {
    const { streamId, context } = request;
    const hash = request.requestHash;
    const metadata = { correlationId: context.correlationId, causationId: context.causationId, actor: context.actor, ...(hash ? { requestHash: hash } : {}) };
    const expected = snapshot.revision < 0 ? 'no_stream' : snapshot.revision;
    const appended = events.map((event, index) => ({
      id: request.eventId?.(event, index, events) ?? randomUUID(),
      type: event.type,
      data: toStoredPayload(event),
      metadata,
    }));
    let result: Awaited<ReturnType<EventStore['append']>>;
    try {
      result = await this.forgettingOnFailure([streamId], () =>
        this.store.append(streamId, appended, expected, { durability: request.durability }),
      );
    } catch (error) {
      // Some ids stored and some not: a re-sent request whose decision now holds an event the first send
      // did not need (a price to set again, another admin having changed it). Nothing was written; it is
      // answered as the duplicate it is, if it is the same request.
      if (!(hash && error instanceof EventIdReusedError)) throw error;
      return this.answerStored(type, request, appended);
    }
    if (result.duplicate) return this.answerStored(type, request, appended, result.position);
    const state = events.reduce(type.evolve, snapshot.state);
    this.cache.set(streamId, { state, revision: result.nextRevision, position: result.position });
    return { events, state, position: result.position };
  }

  /**
   * The ids were stored by an earlier send of this command, here or in another process, and maybe with
   * other content. What the store holds counts, not what was decided now: the state is read again, and
   * the command answers that it wrote nothing (at `position`, or the stream's last one).
   */
  private async answerStored<TEvent extends { type: string }, TState>(
    type: StreamType<TEvent, TState>,
    request: DecideRequest<TEvent, TState>,
    appended: readonly { id: string }[],
    position?: number,
  ): Promise<DecideResult<TEvent, TState>> {
    this.cache.delete(request.streamId);
    if (request.requestHash) await this.refuseIfChanged(request.streamId, appended, request.requestHash);
    const stored = await this.load(type, request.streamId);
    return { events: [], state: stored.state, position: position ?? stored.position };
  }

  /**
   * Another request under the same key: one whose stored events carry another request's hash, or none of
   * whose ids this stream holds. An event stored before hashes were kept counts as the same request.
   */
  private async refuseIfChanged(streamId: string, appended: readonly { id: string }[], requestHash: string): Promise<void> {
    const ids = new Set(appended.map((event) => event.id));
    const earlier = (await this.store.readStream(streamId)).filter((event) => ids.has(event.metadata.eventId));
    const other = earlier.some((event) => event.metadata.requestHash !== undefined && event.metadata.requestHash !== requestHash);
    if (other || earlier.length === 0) throw new EventIdReusedError(streamId);
  }

  /**
   * Runs an append; when it fails for any reason (a conflict, a lost connection, a timeout) the
   * streams' snapshots are dropped, since the append may have committed before the failure.
   */
  private async forgettingOnFailure<T>(streamIds: readonly string[], run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      for (const streamId of streamIds) this.cache.delete(streamId);
      throw error;
    }
  }

  private async attemptMany(store: AtomicMultiStreamStore, request: DecideManyRequest): Promise<DecideManyResult> {
    return this.retryingConflicts(async (attempt) => {
      const { snapshots, events } = await this.decideManyOnLatest(request, attempt === 1);
      if (events.size === 0) return { events, snapshots, position: 0 };
      return this.appendMany(store, request, snapshots, events);
    });
  }

  /**
   * The first attempt decides on what is known without reading: the cached snapshots, and an empty
   * stream where none is cached (a new order's stream); the append's expected revisions check all of it.
   * A refusal or an empty decision, and every attempt after a conflict, is decided on every stream's
   * current state (a stream taken as empty would otherwise conflict again and again).
   */
  private async decideManyOnLatest(
    request: DecideManyRequest,
    optimistic: boolean,
  ): Promise<{ snapshots: Map<string, StreamSnapshot<unknown>>; events: ReadonlyMap<string, StoredEvent[]> }> {
    if (optimistic) {
      const known = new Map(
        request.streams.map(({ type, streamId }) => [streamId, this.cache.get<unknown>(streamId) ?? emptySnapshot(type)] as const),
      );
      try {
        const events = decideAcross(request, known);
        if (events.size > 0) return { snapshots: known, events };
      } catch (error) {
        if (!isDomainError(error)) throw error;
      }
    }
    const loaded = await Promise.all(request.streams.map(({ type, streamId }) => this.load(type, streamId)));
    const snapshots = new Map(request.streams.map(({ streamId }, i) => [streamId, loaded[i]] as const));
    return { snapshots, events: decideAcross(request, snapshots) };
  }

  private async appendMany(
    store: AtomicMultiStreamStore,
    request: DecideManyRequest,
    snapshots: ReadonlyMap<string, StreamSnapshot<unknown>>,
    events: ReadonlyMap<string, StoredEvent[]>,
  ): Promise<DecideManyResult> {
    const { context } = request;
    const metadata = { correlationId: context.correlationId, causationId: context.causationId, actor: context.actor };
    const plan = request.streams.map(({ type, streamId }) => ({
      type,
      streamId,
      snapshot: snapshots.get(streamId) as StreamSnapshot<unknown>,
      events: events.get(streamId) as StoredEvent[],
    }));
    const result = await this.forgettingOnFailure(
      plan.map(({ streamId }) => streamId),
      () =>
        store.appendMany(
          plan.map(({ streamId, snapshot, events: written }) => ({
            streamId,
            events: written.map((event) => ({ id: randomUUID(), type: event.type, data: toStoredPayload(event), metadata })),
            expected: snapshot.revision < 0 ? 'no_stream' : snapshot.revision,
          })),
          { durability: request.durability },
        ),
    );
    const after = new Map<string, StreamSnapshot<unknown>>();
    plan.forEach(({ type, streamId, snapshot, events: written }, i) => {
      const { nextRevision, position, duplicate } = result.streams[i];
      const next = { state: written.reduce((state, event) => type.evolve(state, event), snapshot.state), revision: nextRevision, position };
      after.set(streamId, next);
      // The events carry fresh ids, so a duplicate is not expected here; if one came, the store holds
      // something other than what was decided, and the next command reads the stream.
      if (duplicate) this.cache.delete(streamId);
      else this.cache.set(streamId, next);
    });
    return { events, snapshots: after, position: result.position };
  }

  private async catchUp<TEvent extends { type: string }, TState>(
    type: StreamType<TEvent, TState>,
    streamId: string,
    from: StreamSnapshot<TState>,
  ): Promise<StreamSnapshot<TState>> {
    const newer = await this.store.readStream(streamId, from.revision + 1);
    if (newer.length === 0) return from;
    const state = newer.reduce((folded, recorded) => type.evolve(folded, parseRecorded(type, recorded)), from.state);
    const last = newer[newer.length - 1];
    return { state, revision: last.revision, position: last.position };
  }
}

function parseRecorded<TEvent extends { type: string }>(
  type: Pick<StreamType<TEvent, unknown>, 'parse'>,
  recorded: RecordedEvent,
): TEvent {
  const { version, data } = fromStoredPayload(recorded.data);
  return type.parse(recorded.type, version, data);
}

/** Full jitter, capped low: a long pause only loses the next race too (see `CONFLICT_RETRY_MS`). */
function backoff(attempt: number): Promise<void> {
  const ms = Math.random() * Math.min(8, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The hash an idempotent command keeps with its events: of what the client asked, in a fixed order. */
export function requestHash(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}
