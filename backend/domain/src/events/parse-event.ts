import { type CardEvent, cardEventSchemas } from '../inventory';
import { type OrderEvent, orderEventSchemas } from '../orders';
import { createEventParser, type Upcaster } from '../shared';

export type TcgEvent = CardEvent | OrderEvent;

/** Where a changed event's older versions are lifted to the current shape, one upcaster per version step. */
export const eventUpcasters: readonly Upcaster[] = [
  // Version 2 seals the buyer; a version 1 buyer is read as it was stored (`orderBuyerSchema` takes both).
  { type: 'OrderPlaced', fromVersion: 1, upcast: (data) => data },
];

/** Reads a stored event: upcasts it to its current version and validates it, or throws `EventParseError`. */
export const parseEvent = createEventParser<TcgEvent>({ ...cardEventSchemas, ...orderEventSchemas }, eventUpcasters);

/** The same, refusing anything that does not belong on a card stream. */
export const parseCardEvent = createEventParser<CardEvent>(cardEventSchemas, eventUpcasters);

/** The same, refusing anything that does not belong on an order stream. */
export const parseOrderEvent = createEventParser<OrderEvent>(orderEventSchemas, eventUpcasters);
