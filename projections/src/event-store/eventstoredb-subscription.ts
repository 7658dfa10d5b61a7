import {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  EventStoreDBClient,
  excludeSystemEvents,
  eventTypeFilter,
  Filter,
  Position,
  streamNameFilter,
} from '@eventstore/db-client';
import { RecordedEvent, Subscription, SubscriptionBatch, SubscriptionFilter, SubscriptionHandler } from './event-store.port';
import { isSystemEvent, toEsPosition, toPortPosition, toRecordedEvent } from './eventstoredb-mapping';
import { matchesFilter } from './prepare-events';

/** Events buffered before the subscription stops reading from the server. */
const HIGH_WATER = 10_000;

/** Events per handler call when the caller names no batch size. */
const DEFAULT_BATCH = 500;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/*
 * The server filters on stream names or on event types, not both: with both, it filters the streams
 * and the types are checked here (matchesFilter runs on every event anyway).
 */
function serverFilter(
  filter: SubscriptionFilter,
  checkpointReached: (subscription: AllStreamSubscription, position: Position) => Promise<void>,
): Filter {
  if (filter.streamPrefixes?.length) return streamNameFilter({ prefixes: filter.streamPrefixes, checkpointReached });
  if (filter.eventTypes?.length) {
    return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$`, checkpointReached });
  }
  return excludeSystemEvents({ checkpointReached });
}

/**
 * A catch-up subscription to $all. Events and checkpoints go through one promise chain, so the handler
 * runs one batch at a time, in order. The client calls `checkpointReached` while earlier events may
 * still sit in the stream's buffer; it waits for them to be queued first, or a stored checkpoint could
 * pass an event not yet handled.
 */
export class EventStoreDbSubscription implements Subscription {
  readonly done: Promise<void>;
  private readonly stream: AllStreamSubscription;
  private chain: Promise<void> = Promise.resolve();
  /** Events received and not yet handed to the handler; each turn of the chain takes up to `batchSize`. */
  private readonly buffered: RecordedEvent[] = [];
  private delivered: number;
  private stopped = false;
  private settle!: (error?: unknown) => void;

  constructor(
    client: EventStoreDBClient,
    fromPosition: number,
    private readonly filter: SubscriptionFilter,
    private readonly handler: SubscriptionHandler,
    private readonly batchSize = DEFAULT_BATCH,
    /** The newest of our events before the subscription started (`head()`), checkpointed once caught up. */
    private readonly headAtStart?: number,
  ) {
    this.delivered = fromPosition;
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    this.done.catch(() => undefined);
    this.stream = client.subscribeToAll({
      fromPosition: toEsPosition(fromPosition),
      filter: serverFilter(filter, (_subscription, position) => this.checkpointReached(position)),
    });
    this.stream.on('data', (resolved: AllStreamResolvedEvent) => this.onEvent(resolved));
    this.stream.on('caughtUp', () => void this.caughtUp());
    this.stream.on('error', (error) => void this.stop(error));
    this.stream.on('end', () => void this.stop(new Error('EventStoreDB ended the subscription')));
  }

  async close(): Promise<void> {
    await this.stop();
    await this.done.catch(() => undefined);
  }

  private onEvent(resolved: AllStreamResolvedEvent): void {
    const event = resolved.event;
    if (!event || isSystemEvent(event) || !matchesFilter(this.filter, event)) return;
    this.buffered.push(toRecordedEvent(event));
    if (this.buffered.length >= HIGH_WATER) this.stream.pause();
    // One turn of the chain per event received, each taking whatever has gathered: while the handler
    // applies one batch, the events that arrive meanwhile make the next one.
    void this.enqueue().catch(() => undefined);
  }

  /** The oldest buffered events, up to `batchSize`, as one batch checkpointed at its last event. */
  private takeBatch(): SubscriptionBatch {
    const events = this.buffered.splice(0, this.batchSize);
    if (this.buffered.length < HIGH_WATER && !this.stopped) this.stream.resume();
    return { events, checkpoint: events[events.length - 1].position };
  }

  /**
   * The server sends no checkpoint for the last page of its catch-up, nor live until 32 more events, so
   * events the filter skips at the end of the log (an order's events, for the cards projection) left the
   * checkpoint short of the head: a rebuild waiting for the head waited until 32 more events came. Once
   * caught up the server has sent every event up to a point past the head read before subscribing, so
   * that head is a safe checkpoint. Servers before 23.10 send no "caught up"; they still wait.
   */
  private async caughtUp(): Promise<void> {
    if (this.headAtStart === undefined) return;
    await this.drainStream();
    await this.enqueue(this.headAtStart).catch(() => undefined);
  }

  /** Lets the events the stream holds reach `onEvent`, so a checkpoint after them cannot pass them. */
  private async drainStream(): Promise<void> {
    while (this.stream.readableLength > 0 && !this.stopped) {
      this.stream.resume();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  private async checkpointReached(position: Position): Promise<void> {
    // A page that ends at the end of the log is checkpointed at the next record's start, { P, 0 }, and
    // the next event then arrives at { P, P }. A port position is a commit position alone, so reporting P
    // here would pass over that event (and a resume from P would skip it): such a checkpoint is left out,
    // the next event or checkpoint moves the projection on.
    if (position.prepare !== position.commit) return;
    await this.drainStream();
    // Awaited by the client, so the server waits too; a failure is reported through `done`, not here.
    // Events received before the checkpoint are handed over first, or it would pass them.
    await this.enqueue(toPortPosition(position)).catch(() => undefined);
  }

  /**
   * Runs on the chain, after every earlier step, so the handler sees one batch at a time, in order: the
   * buffered events in batches, then the checkpoint, if any and still ahead.
   */
  private enqueue(checkpoint?: number): Promise<void> {
    this.chain = this.chain.then(async () => {
      while (this.buffered.length > 0 && !this.stopped) await this.deliver(this.takeBatch());
      if (checkpoint !== undefined && !this.stopped) await this.deliver({ events: [], checkpoint });
    });
    this.chain.catch((error) => this.stop(error));
    return this.chain;
  }

  private async deliver(batch: SubscriptionBatch): Promise<void> {
    if (batch.checkpoint <= this.delivered) return;
    await this.handler(batch);
    this.delivered = batch.checkpoint;
  }

  private async stop(error?: unknown): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.stream.unsubscribe().catch(() => undefined);
    await this.chain.catch(() => undefined);
    this.settle(error);
  }
}
