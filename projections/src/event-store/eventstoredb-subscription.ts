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
import { RecordedEvent, Subscription, SubscriptionFilter, SubscriptionHandler } from './event-store.port';
import { isSystemEvent, toEsPosition, toPortPosition, toRecordedEvent } from './eventstoredb-mapping';
import { matchesFilter } from './prepare-events';

/** Handlers queued before the subscription stops reading from the server. */
const HIGH_WATER = 256;

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
  private pending = 0;
  private delivered: number;
  private stopped = false;
  private settle!: (error?: unknown) => void;

  constructor(
    client: EventStoreDBClient,
    fromPosition: number,
    private readonly filter: SubscriptionFilter,
    private readonly handler: SubscriptionHandler,
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
    const recorded = toRecordedEvent(event);
    this.pending += 1;
    if (this.pending >= HIGH_WATER) this.stream.pause();
    void this.enqueue(recorded.position, [recorded])
      .catch(() => undefined)
      .finally(() => {
        this.pending -= 1;
        if (this.pending === 0 && !this.stopped) this.stream.resume();
      });
  }

  private async checkpointReached(position: Position): Promise<void> {
    // A page that ends at the end of the log is checkpointed at the next record's start, { P, 0 }, and
    // the next event then arrives at { P, P }. A port position is a commit position alone, so reporting P
    // here would pass over that event (and a resume from P would skip it): such a checkpoint is left out,
    // the next event or checkpoint moves the projection on.
    if (position.prepare !== position.commit) return;
    while (this.stream.readableLength > 0 && !this.stopped) {
      this.stream.resume();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Awaited by the client, so the server waits too; a failure is reported through `done`, not here.
    await this.enqueue(toPortPosition(position), []).catch(() => undefined);
  }

  private enqueue(checkpoint: number, events: RecordedEvent[]): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (this.stopped || checkpoint <= this.delivered) return;
      await this.handler({ events, checkpoint });
      this.delivered = checkpoint;
    });
    this.chain.catch((error) => this.stop(error));
    return this.chain;
  }

  private async stop(error?: unknown): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.stream.unsubscribe().catch(() => undefined);
    await this.chain.catch(() => undefined);
    this.settle(error);
  }
}
