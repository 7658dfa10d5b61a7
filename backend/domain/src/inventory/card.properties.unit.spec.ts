import fc from 'fast-check';
import { parseCardEvent } from '../events';
import { DomainError, fold } from '../shared';
import { at, blueEyesListed } from '../testing';
import type { CardCommand } from './card.commands';
import { cardDecider } from './card.decider';
import type { CardEvent } from './card.events';
import { availableStock, type CardState } from './card.evolve';
import { cardMovements, computeStock } from './stock.fold';

const reservationId = fc.constantFrom('r1', 'r2', 'r3');

/** Small pools of ids, so retries, conflicts and settle-after-release all happen often. */
const command: fc.Arbitrary<CardCommand> = fc.oneof(
  fc
    .record({ quantity: fc.integer({ min: -1, max: 6 }), unitCost: fc.integer({ min: 0, max: 900 }) })
    .map((data): CardCommand => ({ type: 'AddStock', data: { ...data, at: at(0) } })),
  fc
    .record({ reservationId, orderId: fc.constantFrom('o1', 'o2'), quantity: fc.integer({ min: 0, max: 4 }) })
    .map((data): CardCommand => ({ type: 'ReserveStock', data: { ...data, at: at(0) } })),
  reservationId.map((id): CardCommand => ({ type: 'SettleReservation', data: { reservationId: id, at: at(0) } })),
  reservationId.map((id): CardCommand => ({ type: 'ReleaseReservation', data: { reservationId: id, at: at(0) } })),
);

interface Run {
  events: CardEvent[];
  state: CardState;
  stockAfterEachStep: number[];
  retriesWithEvents: number;
}

function run(commands: readonly CardCommand[]): Run {
  const events: CardEvent[] = [blueEyesListed()];
  let state = fold(cardDecider, events);
  const stockAfterEachStep: number[] = [];
  let retriesWithEvents = 0;
  for (const next of commands) {
    let decided: CardEvent[];
    try {
      decided = cardDecider.decide(next, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      continue;
    }
    state = decided.reduce(cardDecider.evolve, state);
    events.push(...decided);
    stockAfterEachStep.push(availableStock(state));
    if (next.type !== 'AddStock' && decided.length > 0 && cardDecider.decide(next, state).length > 0)
      retriesWithEvents++;
  }
  return { events, state, stockAfterEachStep, retriesWithEvents };
}

// `size: 'max'` lets sequences grow long enough to reach reserve → release → settle on one id.
const commands = fc.array(command, { maxLength: 40, size: 'max' });

describe('card stream properties', () => {
  it('never lets stock go below zero', () => {
    fc.assert(fc.property(commands, (sequence) => run(sequence).stockAfterEachStep.every((stock) => stock >= 0)));
  });

  it('folds to the stock that the spec rule computes from the movements', () => {
    fc.assert(
      fc.property(commands, (sequence) => {
        const { events, state } = run(sequence);
        expect(availableStock(state)).toBe(computeStock(cardMovements(events)));
        expect(availableStock(fold(cardDecider, events))).toBe(availableStock(state));
      }),
    );
  });

  it('agrees with a plain model: stock in, minus every reservation not released', () => {
    fc.assert(
      fc.property(commands, (sequence) => {
        const { events, state } = run(sequence);
        const added = events.flatMap((event) => (event.type === 'StockAdded' ? [event.data.quantity] : []));
        const released = new Set(
          events.flatMap((event) => (event.type === 'StockReleased' ? [event.data.reservationId] : [])),
        );
        const held = events.flatMap((event) =>
          event.type === 'StockReserved' && !released.has(event.data.reservationId) ? [event.data.quantity] : [],
        );
        const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
        expect(availableStock(state)).toBe(sum(added) - sum(held));
        const sold = new Set(events.flatMap((event) => (event.type === 'StockSold' ? [event.data.source] : [])));
        const outstanding = events.flatMap((event) =>
          event.type === 'StockReserved' && !released.has(event.data.reservationId) && !sold.has(event.data.reservationId)
            ? [event.data.quantity]
            : [],
        );
        expect(state.status === 'listed' && state.reservedUnits).toBe(sum(outstanding));
      }),
    );
  });

  it('reserves, settles or releases each reservation at most once, and only after it was reserved', () => {
    fc.assert(
      fc.property(commands, (sequence) => {
        const { events, retriesWithEvents } = run(sequence);
        const seen = new Map<string, string[]>();
        for (const event of events) {
          const id =
            event.type === 'StockSold'
              ? event.data.source
              : 'reservationId' in event.data
                ? event.data.reservationId
                : null;
          if (id !== null) seen.set(id, [...(seen.get(id) ?? []), event.type]);
        }
        for (const history of seen.values()) {
          expect([
            ['StockReserved'],
            ['StockReserved', 'StockSold'],
            ['StockReserved', 'StockReleased'],
          ]).toContainEqual(history);
        }
        expect(retriesWithEvents).toBe(0);
      }),
    );
  });

  it('resumes from a JSON snapshot taken anywhere to the same state', () => {
    fc.assert(
      fc.property(commands, fc.nat(), (sequence, cutSeed) => {
        const { events, state } = run(sequence);
        const cut = cutSeed % (events.length + 1);
        const snapshot: CardState = JSON.parse(JSON.stringify(fold(cardDecider, events.slice(0, cut))));
        expect(events.slice(cut).reduce(cardDecider.evolve, snapshot)).toEqual(state);
      }),
    );
  });

  it('only produces events that read back unchanged', () => {
    fc.assert(
      fc.property(commands, (sequence) => {
        for (const event of run(sequence).events) {
          expect(parseCardEvent(event.type, event.version, JSON.parse(JSON.stringify(event.data)))).toEqual(event);
        }
      }),
    );
  });
});
