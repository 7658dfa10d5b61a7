import { JSONType, Position, RecordedEvent as EsRecordedEvent, START } from '@eventstore/db-client';
import { EventMetadata, RecordedEvent } from './event-store.port';
import { PreparedEvent } from './prepare-events';

/*
 * Port positions are EventStoreDB commit positions as numbers. Since 20.6 every event of an append has
 * a log position of its own with commit = prepare, so a commit position alone identifies an event and
 * resuming from { commit: n, prepare: n } is exact. 2^53 bytes of transaction log (8 PiB) stay exact.
 */
export function toPortPosition(position: Position): number {
  return Number(position.commit);
}

export function toEsPosition(position: number): Position | typeof START {
  if (position <= 0) return START;
  const value = BigInt(position);
  return { commit: value, prepare: value };
}

/** System streams and events ($epoch-information, $stats-…, links) are the server's, not ours. */
export function isSystemEvent(event: Pick<EsRecordedEvent, 'streamId' | 'type'>): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

/**
 * Stored in each event's metadata: the id of the append that wrote it, which tells a first write from a
 * re-send the server answered as idempotent. Readers never see it (`toRecordedEvent` names its fields).
 */
export const APPEND_ID = 'appendId';

export function toEsEventData(event: PreparedEvent & { metadata: PreparedEvent['metadata'] & { [APPEND_ID]?: string } }) {
  return {
    id: event.id,
    type: event.type,
    // The client JSON-encodes any value; its types only name objects, arrays and strings.
    data: event.data as JSONType,
    metadata: event.metadata,
  };
}

/**
 * The client fills a position the server did not send with zeros (servers older than 22.6 reading a
 * single stream), and reads the server's -1 ("not known") as 2^64 - 1: both become -1 here.
 */
export function knownPosition(position: Position | undefined): number {
  if (!position || position.commit === 0n || position.commit === UNKNOWN_COMMIT) return -1;
  return toPortPosition(position);
}

const UNKNOWN_COMMIT = 2n ** 64n - 1n;

/** Reading a single stream, servers older than 22.6 report no position: -1 marks it unknown. */
export function toRecordedEvent(event: EsRecordedEvent): RecordedEvent {
  const metadata = (event.metadata ?? {}) as Omit<EventMetadata, 'eventId'>;
  return {
    streamId: event.streamId,
    revision: Number(event.revision),
    position: knownPosition(event.position),
    type: event.type,
    data: event.data,
    metadata: {
      eventId: event.id,
      correlationId: metadata.correlationId,
      causationId: metadata.causationId,
      actor: metadata.actor,
      timestamp: metadata.timestamp,
      ...(metadata.requestHash === undefined ? {} : { requestHash: metadata.requestHash }),
    },
    createdAt: event.created,
  };
}
