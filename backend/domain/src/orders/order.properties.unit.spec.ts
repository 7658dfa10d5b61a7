import fc from 'fast-check';
import { availableStock, cardDecider, type CardCommand, type CardEvent, type CardState } from '../inventory';
import { DomainError, fold } from '../shared';
import { at, blueEyes, blueEyesListed, placeOrder, stockAdded } from '../testing';
import { orderDecider } from './order.decider';
import type { OrderEvent } from './order.events';
import type { OrderState } from './order.evolve';

interface Step {
  order: number;
  action: 'confirm' | 'cancel';
  /** The handler dies after writing the order event and before touching the card. */
  crashesBeforeCard: boolean;
}

const step: fc.Arbitrary<Step> = fc.record({
  order: fc.integer({ min: 0, max: 2 }),
  action: fc.constantFrom('confirm' as const, 'cancel' as const),
  crashesBeforeCard: fc.boolean(),
});

/**
 * What the lead's command handlers do: decide on the order stream, then settle or release every
 * line on its card stream, even when the order answered "already done" (that is how a crashed
 * attempt gets finished by a retry).
 */
function simulate(quantities: number[], steps: Step[]) {
  let cardEvents: CardEvent[] = [blueEyesListed(), stockAdded(10)];
  const orderEvents: OrderEvent[][] = [];
  const orders: OrderState[] = quantities.map((quantity, index) => {
    const orderId = `order-${index}`;
    const reservationId = `res-${index}`;
    cardEvents = applyCard(cardEvents, { type: 'ReserveStock', data: { reservationId, orderId, quantity, at: at(1) } });
    const item = { cardId: blueEyes.cardId, name: blueEyes.name, quantity, unitPrice: 100, reservationId };
    const placed = orderDecider.decide(
      placeOrder({ orderId, items: [item], total: 100 * quantity }),
      orderDecider.initialState(),
    );
    orderEvents.push(placed);
    return fold(orderDecider, placed);
  });
  for (const { order, action, crashesBeforeCard } of steps) {
    const command =
      action === 'confirm'
        ? ({ type: 'ConfirmOrder', data: { at: at(2) } } as const)
        : ({ type: 'CancelOrder', data: { at: at(2) } } as const);
    let decided: OrderEvent[];
    try {
      decided = orderDecider.decide(command, orders[order]);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      continue;
    }
    orderEvents[order].push(...decided);
    orders[order] = decided.reduce(orderDecider.evolve, orders[order]);
    if (crashesBeforeCard) continue;
    const reservationId = `res-${order}`;
    const cardCommand: CardCommand =
      action === 'confirm'
        ? { type: 'SettleReservation', data: { reservationId, at: at(3) } }
        : { type: 'ReleaseReservation', data: { reservationId, at: at(3) } };
    cardEvents = applyCard(cardEvents, cardCommand);
  }
  return { cardEvents, orderEvents, orders };
}

function applyCard(events: CardEvent[], command: CardCommand): CardEvent[] {
  const state: CardState = fold(cardDecider, events);
  return [...events, ...cardDecider.decide(command, state)];
}

const scenario = fc.tuple(
  fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
  fc.array(step, { maxLength: 25, size: 'max' }),
);

describe('confirming and cancelling orders against their card', () => {
  it('ends each order at most once and never both sells and releases its stock', () => {
    fc.assert(
      fc.property(scenario, ([quantities, steps]) => {
        const { cardEvents, orderEvents, orders } = simulate(quantities, steps);
        orderEvents.forEach((events, index) => {
          const endings = events.filter((event) => event.type !== 'OrderPlaced');
          expect(endings.length).toBeLessThanOrEqual(1);
          const sold = cardEvents.filter((event) => event.type === 'StockSold' && event.data.source === `res-${index}`);
          const released = cardEvents.filter(
            (event) => event.type === 'StockReleased' && event.data.reservationId === `res-${index}`,
          );
          expect(sold.length + released.length).toBeLessThanOrEqual(1);
          if (sold.length) expect(orders[index].status).toBe('confirmado');
          if (released.length) expect(orders[index].status).toBe('anulado');
        });
      }),
    );
  });

  it('gives back exactly the stock of the cancelled orders whose release ran', () => {
    fc.assert(
      fc.property(scenario, ([quantities, steps]) => {
        const { cardEvents } = simulate(quantities, steps);
        const released = new Set(
          cardEvents.flatMap((event) => (event.type === 'StockReleased' ? [event.data.reservationId] : [])),
        );
        const held = quantities.filter((_quantity, index) => !released.has(`res-${index}`));
        expect(availableStock(fold(cardDecider, cardEvents))).toBe(
          10 - held.reduce((sum, quantity) => sum + quantity, 0),
        );
      }),
    );
  });
});
