import { blueEyesListed, iso, stockAdded, stockReleased, stockReserved, stockSold } from '../testing';
import { applyMovement, cardMovements, computeStock, emptyStockLedger, foldStock, type Movement } from './stock.fold';

const ingreso = (quantity: number): Movement => ({ type: 'ingreso', quantity, timestamp: iso(0) });
const reserva = (reservationId: string, quantity: number): Movement => ({
  type: 'reserva',
  quantity,
  timestamp: iso(1),
  reservationId,
});
const venta = (quantity: number, source?: string): Movement => ({ type: 'venta', quantity, timestamp: iso(2), source });
const anulacion = (source: string, quantity: number): Movement => ({
  type: 'anulacion',
  quantity,
  timestamp: iso(2),
  source,
});

describe('computed stock (spec §4)', () => {
  it('adds ingreso and anulacion, subtracts venta and reserva', () => {
    expect(computeStock([ingreso(10), reserva('r1', 3), anulacion('r1', 3), venta(2)])).toBe(8);
  });

  it('does not subtract a reserva that a venta names as source', () => {
    expect(computeStock([ingreso(10), reserva('r1', 3), venta(3, 'r1')])).toBe(7);
  });

  it('gives the same result whatever the order of the movements', () => {
    const movements = [ingreso(10), reserva('r1', 3), venta(3, 'r1'), reserva('r2', 2), anulacion('r2', 2)];
    expect(computeStock([...movements].reverse())).toBe(computeStock(movements));
    expect(computeStock([venta(3, 'r1'), reserva('r1', 3), ingreso(10)])).toBe(7);
  });

  it('keeps subtracting every venta, even two naming one reserva', () => {
    expect(computeStock([ingreso(10), reserva('r1', 3), venta(3, 'r1'), venta(3, 'r1')])).toBe(4);
  });

  it('is zero for no movements', () => {
    expect(computeStock([])).toBe(0);
  });

  it('continues from a stored ledger as if folded from the start', () => {
    const first = [ingreso(5), reserva('r1', 2)];
    const rest = [venta(2, 'r1'), reserva('r2', 1)];
    expect(foldStock(rest, foldStock(first)).stock).toBe(computeStock([...first, ...rest]));
  });

  it('survives a JSON round trip, as a snapshot does', () => {
    const ledger = foldStock([ingreso(5), reserva('r1', 2)]);
    const restored = JSON.parse(JSON.stringify(ledger));
    expect(applyMovement(restored, venta(2, 'r1')).stock).toBe(3);
  });

  it('folds thousands of sales quickly (a popular card)', () => {
    const movements: Movement[] = [ingreso(20_000)];
    for (let index = 0; index < 10_000; index++) movements.push(reserva(`r${index}`, 1), venta(1, `r${index}`));
    const started = performance.now();
    expect(foldStock(movements, emptyStockLedger).stock).toBe(10_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('card events as movements', () => {
  it('maps each stock event to its movement and skips catalogue events', () => {
    const events = [
      blueEyesListed(),
      stockAdded(3, 500, 1),
      stockReserved('res-1', 2, 'order-1', 2),
      stockSold('res-1', 2, 'order-1', 3),
      stockReserved('res-2', 1, 'order-2', 4),
      stockReleased('res-2', 1, 'order-2', 5),
    ];
    expect(cardMovements(events)).toEqual([
      { type: 'ingreso', quantity: 3, timestamp: iso(1), unitCost: 500 },
      { type: 'reserva', quantity: 2, timestamp: iso(2), reservationId: 'res-1', orderId: 'order-1' },
      { type: 'venta', quantity: 2, timestamp: iso(3), source: 'res-1', orderId: 'order-1' },
      { type: 'reserva', quantity: 1, timestamp: iso(4), reservationId: 'res-2', orderId: 'order-2' },
      { type: 'anulacion', quantity: 1, timestamp: iso(5), source: 'res-2', orderId: 'order-2' },
    ]);
    expect(computeStock(cardMovements(events))).toBe(1);
  });
});
