import { MAX_AMOUNT_CENTS } from '../money';
import { InsufficientStockError } from '../shared';
import {
  at,
  blueEyes,
  blueEyesListed,
  deciderSpec,
  stockAdded,
  stockReleased,
  stockReserved,
  stockSold,
} from '../testing';
import { cardDecider } from './card.decider';
import { MAX_CARD_STOCK, MAX_MOVEMENT_UNITS } from './limits';

const { given } = deciderSpec(cardDecider);

describe('card decider: stock movements', () => {
  describe('AddStock (ingreso)', () => {
    it('adds stock with its unit cost', () => {
      given([blueEyesListed()])
        .when({ type: 'AddStock', data: { quantity: 3, unitCost: 500, at: at(1) } })
        .then([stockAdded(3, 500, 1)]);
    });

    it('accepts a unit cost of zero', () => {
      given([blueEyesListed()])
        .when({ type: 'AddStock', data: { quantity: 1, unitCost: 0, at: at(1) } })
        .then([stockAdded(1, 0, 1)]);
    });

    it.each([0, -2, 1.5, Number.NaN, MAX_MOVEMENT_UNITS + 1, 99_999_999_999])('refuses a quantity of %p', (quantity) => {
      given([blueEyesListed()])
        .when({ type: 'AddStock', data: { quantity, unitCost: 500, at: at(1) } })
        .thenRefuses('invalid_quantity');
    });

    it('accepts the largest quantity and unit cost', () => {
      given([blueEyesListed()])
        .when({ type: 'AddStock', data: { quantity: MAX_MOVEMENT_UNITS, unitCost: MAX_AMOUNT_CENTS, at: at(1) } })
        .then([stockAdded(MAX_MOVEMENT_UNITS, MAX_AMOUNT_CENTS, 1)]);
    });

    it('refuses stock beyond what one card may hold, and accepts up to it', () => {
      const full = Array.from({ length: MAX_CARD_STOCK / MAX_MOVEMENT_UNITS }, (_, index) => stockAdded(MAX_MOVEMENT_UNITS, 0, index + 1));
      given([blueEyesListed(), ...full])
        .when({ type: 'AddStock', data: { quantity: 1, unitCost: 0, at: at(20) } })
        .thenRefuses('stock_limit');
      given([blueEyesListed(), ...full.slice(1)])
        .when({ type: 'AddStock', data: { quantity: MAX_MOVEMENT_UNITS, unitCost: 0, at: at(20) } })
        .then([stockAdded(MAX_MOVEMENT_UNITS, 0, 20)]);
    });

    it('counts reserved units as held, so a cancel never takes a card past the limit', () => {
      const full = Array.from({ length: MAX_CARD_STOCK / MAX_MOVEMENT_UNITS }, (_, index) => stockAdded(MAX_MOVEMENT_UNITS, 0, index + 1));
      const reserved = [...full, stockReserved('r1', MAX_MOVEMENT_UNITS)];
      given([blueEyesListed(), ...reserved])
        .when({ type: 'AddStock', data: { quantity: 1, unitCost: 0, at: at(20) } })
        .thenRefuses('stock_limit');
      given([blueEyesListed(), ...reserved, stockSold('r1', MAX_MOVEMENT_UNITS)])
        .when({ type: 'AddStock', data: { quantity: MAX_MOVEMENT_UNITS, unitCost: 0, at: at(20) } })
        .then([stockAdded(MAX_MOVEMENT_UNITS, 0, 20)]);
      given([blueEyesListed(), ...reserved, stockReleased('r1', MAX_MOVEMENT_UNITS)])
        .when({ type: 'AddStock', data: { quantity: 1, unitCost: 0, at: at(20) } })
        .thenRefuses('stock_limit');
    });

    it.each([-1, 2.5, MAX_AMOUNT_CENTS + 1, 9_999_999_900])('refuses a unit cost of %p', (unitCost) => {
      given([blueEyesListed()])
        .when({ type: 'AddStock', data: { quantity: 1, unitCost, at: at(1) } })
        .thenRefuses('invalid_unit_cost');
    });

    it('refuses an unlisted card', () => {
      given([])
        .when({ type: 'AddStock', data: { quantity: 1, unitCost: 0, at: at(1) } })
        .thenRefuses('card_not_listed');
    });
  });

  describe('ReserveStock (reserva)', () => {
    const reserve = (reservationId: string, quantity: number, orderId = 'order-1') =>
      ({ type: 'ReserveStock', data: { reservationId, orderId, quantity, at: at(2) } }) as const;

    it('reserves what is available', () => {
      given([blueEyesListed(), stockAdded(3)])
        .when(reserve('res-1', 3))
        .then([stockReserved('res-1', 3)]);
    });

    it('refuses more than is available, saying how many are left', () => {
      given([blueEyesListed(), stockAdded(3), stockReserved('res-1', 2)])
        .when(reserve('res-2', 2, 'order-2'))
        .thenRefuses('insufficient_stock', (error) => {
          expect(error).toBeInstanceOf(InsufficientStockError);
          expect(error.message).toBe('Stock insuficiente para Blue-Eyes White Dragon');
          expect(error.details).toEqual({
            cardId: blueEyes.cardId,
            cardName: blueEyes.name,
            requested: 2,
            available: 1,
          });
        });
    });

    it('counts released stock as available again', () => {
      given([blueEyesListed(), stockAdded(2), stockReserved('res-1', 2), stockReleased('res-1', 2)])
        .when(reserve('res-2', 2, 'order-2'))
        .then([stockReserved('res-2', 2, 'order-2')]);
    });

    it('does nothing when the same reservation is retried', () => {
      given([blueEyesListed(), stockAdded(2), stockReserved('res-1', 2)])
        .when(reserve('res-1', 2))
        .thenNothingHappens();
    });

    it('refuses a reservation id reused with another quantity or order', () => {
      const history = [blueEyesListed(), stockAdded(5), stockReserved('res-1', 2)];
      given(history).when(reserve('res-1', 3)).thenRefuses('reservation_conflict');
      given(history)
        .when(reserve('res-1', 2, 'order-9'))
        .thenRefuses('reservation_conflict');
    });

    it.each([0, 1.5])('refuses a quantity of %p', (quantity) => {
      given([blueEyesListed(), stockAdded(5)])
        .when(reserve('res-1', quantity))
        .thenRefuses('invalid_quantity');
    });

    it('refuses an unlisted card', () => {
      given([]).when(reserve('res-1', 1)).thenRefuses('card_not_listed');
    });
  });

  describe('SettleReservation (venta)', () => {
    const settle = { type: 'SettleReservation', data: { reservationId: 'res-1', at: at(3) } } as const;

    it('sells a reservation, naming it as source', () => {
      given([blueEyesListed(), stockAdded(3), stockReserved('res-1', 2)])
        .when(settle)
        .then([stockSold('res-1', 2)]);
    });

    it('does nothing when the reservation is already sold', () => {
      given([blueEyesListed(), stockAdded(3), stockReserved('res-1', 2), stockSold('res-1', 2)])
        .when(settle)
        .thenNothingHappens();
    });

    it('refuses to sell a released reservation', () => {
      given([blueEyesListed(), stockAdded(3), stockReserved('res-1', 2), stockReleased('res-1', 2)])
        .when(settle)
        .thenRefuses('reservation_released');
    });

    it('refuses an unknown reservation', () => {
      given([blueEyesListed(), stockAdded(3)])
        .when(settle)
        .thenRefuses('reservation_not_found');
    });

    it('refuses an unlisted card', () => {
      given([]).when(settle).thenRefuses('card_not_listed');
    });
  });

  describe('ReleaseReservation (anulacion)', () => {
    const release = { type: 'ReleaseReservation', data: { reservationId: 'res-1', at: at(3) } } as const;

    it('undoes a reservation, naming it', () => {
      given([blueEyesListed(), stockAdded(3), stockReserved('res-1', 2)])
        .when(release)
        .then([stockReleased('res-1', 2)]);
    });

    it('does nothing when the reservation is already released', () => {
      given([blueEyesListed(), stockAdded(3), stockReserved('res-1', 2), stockReleased('res-1', 2)])
        .when(release)
        .thenNothingHappens();
    });

    it('refuses to release a sold reservation', () => {
      given([blueEyesListed(), stockAdded(3), stockReserved('res-1', 2), stockSold('res-1', 2)])
        .when(release)
        .thenRefuses('reservation_sold');
    });

    it('refuses an unknown reservation', () => {
      given([blueEyesListed(), stockAdded(3)])
        .when(release)
        .thenRefuses('reservation_not_found');
    });

    it('refuses an unlisted card', () => {
      given([]).when(release).thenRefuses('card_not_listed');
    });
  });
});
