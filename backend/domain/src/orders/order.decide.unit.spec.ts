import { MAX_MOVEMENT_UNITS } from '../inventory/limits';
import { MAX_AMOUNT_CENTS } from '../money';
import { at, deciderSpec, iso, orderPlaced, placeOrder } from '../testing';
import { orderTotal } from './order.decide';
import { orderDecider } from './order.decider';
import type { OrderEvent } from './order.events';

const { given } = deciderSpec(orderDecider);

const confirmed: OrderEvent = { type: 'OrderConfirmed', version: 1, data: { orderId: 'order-1', at: iso(20) } };
const cancelled: OrderEvent = { type: 'OrderCancelled', version: 1, data: { orderId: 'order-1', at: iso(20) } };
const confirm = { type: 'ConfirmOrder', data: { at: at(20) } } as const;
const cancel = { type: 'CancelOrder', data: { at: at(20) } } as const;
const abandoned: OrderEvent = { type: 'OrderAbandoned', version: 1, data: { orderId: 'order-1', at: iso(30) } };
const abandon = { type: 'AbandonOrder', data: { orderId: 'order-1', at: at(30) } } as const;

describe('order decider', () => {
  describe('PlaceOrder', () => {
    it('places an order whose total is the sum of price × quantity', () => {
      given([]).when(placeOrder()).then([orderPlaced()]);
    });

    it('starts pending payment confirmation', () => {
      const state = orderDecider.evolve(orderDecider.initialState(), orderPlaced());
      expect(state.status).toBe('pendiente_confirmación_pago');
    });

    it('refuses an order without items', () => {
      given([])
        .when(placeOrder({ items: [], total: 0 }))
        .thenRefuses('order_without_items', (error) => {
          expect(error.message).toBe('Tu carrito está vacío.');
        });
    });

    it('places an order whose total passes a 32-bit integer: the largest lines', () => {
      const [first, second] = placeOrder().data.items;
      const items = [first, second].map((line) => ({ ...line, quantity: MAX_MOVEMENT_UNITS, unitPrice: MAX_AMOUNT_CENTS }));
      const total = 2 * MAX_MOVEMENT_UNITS * MAX_AMOUNT_CENTS;
      given([])
        .when(placeOrder({ items, total }))
        .then([orderPlaced({ items, total })]);
    });

    it.each([0, -1, 1.5, MAX_MOVEMENT_UNITS + 1])('refuses a quantity of %p', (quantity) => {
      const [line] = placeOrder().data.items;
      const item = { ...line, quantity };
      given([])
        .when(placeOrder({ items: [item], total: item.unitPrice * quantity }))
        .thenRefuses('invalid_quantity');
    });

    it.each([-1, 10.5, MAX_AMOUNT_CENTS + 1])('refuses a unit price of %p', (unitPrice) => {
      const [line] = placeOrder().data.items;
      given([])
        .when(placeOrder({ items: [{ ...line, unitPrice }], total: unitPrice * line.quantity }))
        .thenRefuses('invalid_price');
    });

    it.each([10398, 10400, 103.99])('refuses a total of %p', (total) => {
      given([])
        .when(placeOrder({ total }))
        .thenRefuses('total_mismatch', (error) => {
          expect(error.details).toEqual({ total, expected: 10399 });
        });
    });

    it('refuses two lines sharing one reservation', () => {
      const [first, second] = placeOrder().data.items;
      given([])
        .when(placeOrder({ items: [first, { ...second, reservationId: first.reservationId }] }))
        .thenRefuses('duplicate_reservation');
    });

    it('refuses blank buyer data or proof', () => {
      const buyer = { ...placeOrder().data.buyer, sealed: ' ' };
      given([]).when(placeOrder({ buyer })).thenRefuses('incomplete_order');
      given([])
        .when(placeOrder({ proofHash: '' }))
        .thenRefuses('incomplete_order');
    });

    it('refuses to place the same order twice', () => {
      given([orderPlaced()]).when(placeOrder()).thenRefuses('order_already_placed');
    });
  });

  describe('ConfirmOrder', () => {
    it('confirms a pending order', () => {
      given([orderPlaced()]).when(confirm).then([confirmed]);
    });

    it('does nothing when the order is already confirmed', () => {
      given([orderPlaced(), confirmed]).when(confirm).thenNothingHappens();
    });

    it('refuses to confirm a cancelled order', () => {
      given([orderPlaced(), cancelled]).when(confirm).thenRefuses('order_already_cancelled');
    });

    it('refuses an order that was never placed', () => {
      given([]).when(confirm).thenRefuses('order_not_found');
    });
  });

  describe('CancelOrder', () => {
    it('cancels a pending order', () => {
      given([orderPlaced()]).when(cancel).then([cancelled]);
    });

    it('does nothing when the order is already cancelled', () => {
      given([orderPlaced(), cancelled]).when(cancel).thenNothingHappens();
    });

    it('refuses to cancel a confirmed order', () => {
      given([orderPlaced(), confirmed]).when(cancel).thenRefuses('order_already_confirmed');
    });

    it('refuses an order that was never placed', () => {
      given([]).when(cancel).thenRefuses('order_not_found');
    });
  });

  describe('AbandonOrder', () => {
    it('abandons an order id nothing was placed under', () => {
      given([]).when(abandon).then([abandoned]);
    });

    it('leaves a placed order as it is, whatever its status', () => {
      given([orderPlaced()]).when(abandon).then([]);
      given([orderPlaced(), confirmed]).when(abandon).then([]);
      given([orderPlaced(), cancelled]).when(abandon).then([]);
    });

    it('abandons once: a second sweep appends nothing', () => {
      given([abandoned]).when(abandon).then([]);
    });

    it('refuses to place an abandoned order, with a message for the buyer', () => {
      given([abandoned])
        .when(placeOrder())
        .thenRefuses('order_abandoned', (error) => {
          expect(error.message).toBe('El pedido tardó demasiado y sus productos se liberaron. Vuelve a intentarlo.');
        });
    });

    it('answers confirm and cancel of an abandoned order as not found', () => {
      given([abandoned]).when(confirm).thenRefuses('order_not_found');
      given([abandoned]).when(cancel).thenRefuses('order_not_found');
    });

    it('ignores an abandonment after the order was placed', () => {
      const state = [orderPlaced(), abandoned].reduce(orderDecider.evolve, orderDecider.initialState());
      expect(state.status).toBe('pendiente_confirmación_pago');
    });
  });

  describe('state', () => {
    it('keeps the placed order and when it was decided', () => {
      const state = [orderPlaced(), cancelled].reduce(orderDecider.evolve, orderDecider.initialState());
      expect(state).toMatchObject({
        status: 'anulado',
        cancelledAt: iso(20),
        order: { orderId: 'order-1', placedAt: iso(10) },
      });
    });

    it('ignores transitions the decider never emits', () => {
      const state = [orderPlaced(), confirmed, cancelled].reduce(orderDecider.evolve, orderDecider.initialState());
      expect(state.status).toBe('confirmado');
    });
  });

  it('totals lines exactly in céntimos', () => {
    expect(
      orderTotal([
        { unitPrice: 10, quantity: 3 },
        { unitPrice: 20, quantity: 1 },
      ]),
    ).toBe(50);
  });
});
