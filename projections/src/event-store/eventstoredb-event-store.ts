import { randomUUID } from 'node:crypto';
import {
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  ANY,
  ReadPosition,
  RecordedEvent as EsRecordedEvent,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  AppendResult,
  Backlog,
  ConcurrencyError,
  EventIdReusedError,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  RecordedEvent,
  Subscription,
  SubscriptionFilter,
  SubscriptionHandler,
  SubscribeOptions,
  ProjectedEvent,
  START_POSITION,
} from './event-store.port';
import { APPEND_ID, isSystemEvent, knownPosition, toEsEventData, toEsPosition, toPortPosition, toRecordedEvent } from './eventstoredb-mapping';
import { EventStoreDbSubscription } from './eventstoredb-subscription';
import { prepareEvents } from './prepare-events';
import { inParallel } from '../db/in-parallel';

/** Events a read backwards for the head asks for at a time (the server's own events may come last). */
const HEAD_PAGE = 32;

/** Stream reads `readStreams` keeps in flight on the one connection. */
const STREAM_READS_AT_ONCE = 8;

function toEsExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  return BigInt(expected);
}

/**
 * The event store on EventStoreDB (DESIGN §4). The server itself checks revisions and makes a re-sent
 * append with the same event ids a no-op; this class maps names and numbers to the port's.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb' as const;
  /** EventStoreDB commits one stream per append; callers write several streams one at a time. */
  readonly atomicAppendMany = false;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  /** `url` is an EventStoreDB connection string, e.g. `esdb://localhost:2113?tls=false`. */
  static connect(url: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(url));
  }

  async append(streamId: string, events: EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    // The server makes a re-sent append with known event ids a no-op, and since 21.10 answers it like a
    // first write (the stored events' revision and position). A mark of this send in the metadata, read
    // back from the last event, tells the two apart: a re-send under the same ids may carry other data.
    const appendId = randomUUID();
    const data = prepareEvents(streamId, events).map((event) =>
      jsonEvent(toEsEventData({ ...event, metadata: { ...event.metadata, [APPEND_ID]: appendId } })),
    );
    try {
      const result = await this.client.appendToStream(streamId, data, { expectedRevision: toEsExpected(expected) });
      const nextRevision = Number(result.nextExpectedRevision);
      const last = await this.storedEvent(streamId, nextRevision);
      const duplicate = (last?.metadata as Record<string, unknown> | undefined)?.[APPEND_ID] !== appendId;
      const stored = knownPosition(last?.position);
      const position = stored >= 0 || !result.position ? stored : toPortPosition(result.position);
      return { nextRevision, position, duplicate };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        if (await this.holdsAnyOf(streamId, expected, data.map((event) => event.id))) throw new EventIdReusedError(streamId);
        const actual = error.actualVersion === NO_STREAM ? -1 : Number(error.actualVersion);
        throw new ConcurrencyError(streamId, expected, actual);
      }
      throw error;
    }
  }

  /**
   * The server answers a send whose first ids are stored after `expected` but not all of them (part of an
   * earlier append, mixed with new events) as a wrong expected version. Like the PostgreSQL store, that is
   * a reuse of event ids, not a conflict a retry could get past.
   */
  private async holdsAnyOf(streamId: string, expected: ExpectedRevision, ids: readonly string[]): Promise<boolean> {
    if (expected === 'any') return false;
    const from = expected === 'no_stream' ? 0 : expected + 1;
    const sent = new Set(ids);
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: BigInt(from), direction: FORWARDS, maxCount: ids.length })) {
        if (resolved.event && sent.has(resolved.event.id)) return true;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return false;
      throw error;
    }
    return false;
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, { fromRevision: BigInt(fromRevision), direction: FORWARDS });
      for await (const resolved of read) if (resolved.event) events.push(toRecordedEvent(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** EventStoreDB reads one stream per call; the calls share the client's connection, a few at a time. */
  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const streams = new Map<string, RecordedEvent[]>();
    await inParallel([...new Set(streamIds)], STREAM_READS_AT_ONCE, async (streamId) => {
      const events = await this.readStream(streamId);
      if (events.length > 0) streams.set(streamId, events);
    });
    return streams;
  }

  async *readAll(fromPosition: number, batchSize: number): AsyncIterable<RecordedEvent> {
    // Reading $all from a position includes the event at it; the port's positions are exclusive.
    const pageSize = Math.max(batchSize, 2);
    let from: ReadPosition = toEsPosition(fromPosition);
    let after = fromPosition;
    for (;;) {
      let read = 0;
      const page = this.client.readAll({ fromPosition: from, maxCount: pageSize, direction: FORWARDS });
      for await (const resolved of page as AsyncIterable<AllStreamResolvedEvent>) {
        read += 1;
        const event = resolved.event;
        if (!event) continue;
        from = event.position;
        const position = toPortPosition(event.position);
        if (position <= after || isSystemEvent(event)) continue;
        after = position;
        yield toRecordedEvent(event);
      }
      if (read < pageSize) return;
    }
  }

  async subscribe(
    fromPosition: number,
    filter: SubscriptionFilter,
    handler: SubscriptionHandler,
    options: SubscribeOptions = {},
  ): Promise<Subscription> {
    const subscription = new EventStoreDbSubscription(this.client, fromPosition, filter, handler, options.batchSize, await this.head());
    this.subscriptions.add(subscription);
    void subscription.done.catch(() => undefined).finally(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  /** EventStoreDB sends whole events either way: projections get the same subscription. */
  subscribeProjected(
    fromPosition: number,
    filter: SubscriptionFilter,
    handler: SubscriptionHandler<ProjectedEvent>,
    options: SubscribeOptions = {},
  ): Promise<Subscription> {
    return this.subscribe(fromPosition, filter, handler, options);
  }

  /** Reads $all backwards from its end, past the server's own events, to the newest of ours. */
  async head(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      let read = 0;
      const page = this.client.readAll({ fromPosition: from, maxCount: HEAD_PAGE, direction: BACKWARDS });
      for await (const resolved of page as AsyncIterable<AllStreamResolvedEvent>) {
        read += 1;
        const event = resolved.event;
        if (!event) continue;
        if (!isSystemEvent(event)) return toPortPosition(event.position);
        from = event.position;
      }
      // A page shorter than asked for reached the start of the log; only the server's events were there.
      if (read < HEAD_PAGE) return START_POSITION;
    }
  }

  /** EventStoreDB keeps no count by position: the events after it are read and counted, up to `limit`. */
  async behind(position: number, limit: number): Promise<Backlog> {
    let events = 0;
    let oldestAt: Date | undefined;
    for await (const event of this.readAll(position, Math.min(limit, 4096))) {
      oldestAt ??= event.createdAt;
      if (++events >= limit) return { events, exact: false, oldestAt };
    }
    return { events, exact: true, oldestAt };
  }

  /** Reads the newest event of $all: it answers only when the server is up and the user may read. */
  async ping(): Promise<void> {
    for await (const _ of this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 })) break;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  private async storedEvent(streamId: string, revision: number): Promise<EsRecordedEvent | undefined> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: BigInt(revision), direction: FORWARDS, maxCount: 1 })) {
      return resolved.event;
    }
    return undefined;
  }
}
