import { type CardEvent, type OrderEvent, parseCardEvent, parseOrderEvent } from '@tcg/domain';
import type { RecordedEvent } from '../event-store/event-store.port';

/**
 * The event store keeps no payload version beside the type, and every event is still at version 1
 * (docs/events.md); when one changes, its version must be stored with it and read here.
 */
const STORED_VERSION = 1;

export function readCardEvent(event: RecordedEvent): CardEvent {
  return parseCardEvent(event.type, STORED_VERSION, event.data);
}

export function readOrderEvent(event: RecordedEvent): OrderEvent {
  return parseOrderEvent(event.type, STORED_VERSION, event.data);
}
