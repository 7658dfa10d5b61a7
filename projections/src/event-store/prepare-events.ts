import { randomUUID } from 'node:crypto';
import { EventMetadata, EventToAppend, RecordedEvent, SubscriptionFilter } from './event-store.port';

/** An event ready to store: its id and full metadata fixed, so a re-sent append is byte-identical. */
export interface PreparedEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: Omit<EventMetadata, 'eventId'>;
}

export function prepareEvents(streamId: string, events: EventToAppend[], now: () => Date = () => new Date()): PreparedEvent[] {
  if (events.length === 0) throw new Error(`an append to ${streamId} needs at least one event`);
  return events.map((event) => ({
    id: event.id ?? randomUUID(),
    type: event.type,
    // JSON has no undefined: store null so the column stays NOT NULL and the value round-trips.
    data: event.data === undefined ? null : event.data,
    metadata: {
      correlationId: event.metadata.correlationId,
      causationId: event.metadata.causationId ?? event.metadata.correlationId,
      actor: event.metadata.actor,
      timestamp: event.metadata.timestamp ?? now().toISOString(),
      ...(event.metadata.requestHash === undefined ? {} : { requestHash: event.metadata.requestHash }),
    },
  }));
}

export function matchesFilter(filter: SubscriptionFilter, event: Pick<RecordedEvent, 'streamId' | 'type'>): boolean {
  const { streamPrefixes, eventTypes } = filter;
  if (streamPrefixes && !streamPrefixes.some((prefix) => event.streamId.startsWith(prefix))) return false;
  return !eventTypes || eventTypes.includes(event.type);
}
