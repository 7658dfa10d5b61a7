import { type CardEvent, fromStoredPayload, type OrderEvent, parseCardEvent, parseOrderEvent } from '@tcg/domain';
import type { ProjectedEvent } from '../event-store/event-store.port';

export function readCardEvent(event: ProjectedEvent): CardEvent {
  const { version, data } = fromStoredPayload(event.data);
  return parseCardEvent(event.type, version, data);
}

export function readOrderEvent(event: ProjectedEvent): OrderEvent {
  const { version, data } = fromStoredPayload(event.data);
  return parseOrderEvent(event.type, version, data);
}
