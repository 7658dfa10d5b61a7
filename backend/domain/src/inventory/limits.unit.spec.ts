import { messages } from '../messages';
import { formatSoles, MAX_AMOUNT_CENTS } from '../money';
import { isMovementQuantity, MAX_CARD_STOCK, MAX_MOVEMENT_UNITS } from './limits';

const number = new Intl.NumberFormat('es-PE');

describe('the domain limits', () => {
  it('are the figures the messages tell the admin and the shopper', () => {
    expect(messages.domain.invalidQuantity).toContain(`entre 1 y ${number.format(MAX_MOVEMENT_UNITS)}.`);
    expect(messages.domain.invalidPrice).toContain(`hasta ${formatSoles(MAX_AMOUNT_CENTS)}.`);
    expect(messages.domain.invalidUnitCost).toContain(`hasta ${formatSoles(MAX_AMOUNT_CENTS)}.`);
    expect(messages.domain.stockLimit).toContain(`más de ${number.format(MAX_CARD_STOCK)} unidades`);
  });

  it('keep a movement within a card stock, and a line of the largest movement at the highest price a safe integer', () => {
    expect(MAX_MOVEMENT_UNITS).toBeLessThanOrEqual(MAX_CARD_STOCK);
    expect(Number.isSafeInteger(MAX_MOVEMENT_UNITS * MAX_AMOUNT_CENTS)).toBe(true);
  });

  it.each([
    [1, true],
    [MAX_MOVEMENT_UNITS, true],
    [0, false],
    [MAX_MOVEMENT_UNITS + 1, false],
    [2.5, false],
    ['3', false],
  ])('a movement of %p units is %p', (quantity, allowed) => {
    expect(isMovementQuantity(quantity)).toBe(allowed);
  });
});
