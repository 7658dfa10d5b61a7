import { EventParseError } from '../shared';
import { blueEyesListed, iso, orderPlaced, stockAdded, stockReleased, stockReserved, stockSold } from '../testing';
import { parseCardEvent, parseEvent, parseOrderEvent, type TcgEvent } from './parse-event';

const everyEvent: TcgEvent[] = [
  blueEyesListed(),
  { type: 'CardDetailsChanged', version: 1, data: { cardId: 'c', imageUrl: null, at: iso(1) } },
  { type: 'PriceSet', version: 1, data: { cardId: 'c', salePrice: 4550, offerPrice: null, at: iso(1) } },
  stockAdded(3),
  stockReserved('res-1', 2),
  stockSold('res-1', 2),
  stockReleased('res-2', 1),
  orderPlaced(),
  { type: 'OrderConfirmed', version: 1, data: { orderId: 'order-1', at: iso(2) } },
  { type: 'OrderCancelled', version: 1, data: { orderId: 'order-1', at: iso(2) } },
];

/** What the store hands back: the payload after a JSON round trip. */
const stored = (event: TcgEvent) => [event.type, event.version, JSON.parse(JSON.stringify(event.data))] as const;

describe('parseEvent', () => {
  it.each(everyEvent.map((event) => [event.type, event]))('reads a stored %s back unchanged', (_type, event) => {
    expect(parseEvent(...stored(event))).toEqual(event);
  });

  // An order placed before the buyer was sealed keeps reading as it was stored.
  it('reads a version 1 OrderPlaced, whose buyer is in the clear, as version 2', () => {
    const { buyer: _sealed, ...data } = orderPlaced().data;
    const plain = { ...data, buyer: { userId: 'user-1', name: 'Ana Ñuñez', email: 'ana@example.pe', phone: '987654321' } };
    expect(parseOrderEvent('OrderPlaced', 1, JSON.parse(JSON.stringify(plain)))).toEqual({ type: 'OrderPlaced', version: 2, data: plain });
    expect(() => parseOrderEvent('OrderPlaced', 2, { ...plain, buyer: { userId: 'user-1' } })).toThrow(EventParseError);
  });

  it('splits card events from order events', () => {
    expect(parseCardEvent(...stored(stockAdded(1)))).toEqual(stockAdded(1));
    expect(parseOrderEvent(...stored(orderPlaced()))).toEqual(orderPlaced());
    expect(() => parseCardEvent(...stored(orderPlaced()))).toThrow(EventParseError);
    expect(() => parseOrderEvent(...stored(stockAdded(1)))).toThrow(EventParseError);
  });

  it.each([
    ['a zero quantity', { ...stockAdded(1).data, quantity: 0 }],
    ['a fractional unit cost', { ...stockAdded(1).data, unitCost: 4.5 }],
    ['a missing timestamp', { ...stockAdded(1).data, at: undefined }],
    ['a timestamp that is not ISO 8601', { ...stockAdded(1).data, at: 'yesterday' }],
  ])('refuses a StockAdded with %s', (_label, data) => {
    expect(() => parseEvent('StockAdded', 1, data)).toThrow(EventParseError);
  });

  it('refuses an order with no items', () => {
    expect(() => parseEvent('OrderPlaced', 1, { ...orderPlaced().data, items: [] })).toThrow(EventParseError);
  });

  it('refuses an unknown event type', () => {
    expect(() => parseEvent('StockStolen', 1, {})).toThrow(/unknown event type/);
  });
});
