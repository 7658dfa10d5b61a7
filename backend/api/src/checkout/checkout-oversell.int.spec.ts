import { type TestApp, startTestApp } from '../testing/test-app';
import { createTestCard, stockFromEvents } from '../inventory/testing/write-side.fixtures';
import { type CheckoutWay, checkoutInput, type Outcome, tryCheckout } from './testing/checkout.fixtures';

const PRICE = 2500;

const ways: CheckoutWay[] = ['command', 'sequential'];

describe.each(ways)('checkout never oversells (real PostgreSQL) (%s)', (way) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false', DATABASE_POOL_SIZE: '40' });
  });
  afterAll(() => t.close());

  it('sells exactly the 10 units of a card to 200 buyers at once; the other 190 hear "Stock insuficiente"', async () => {
    const cardId = await createTestCard(t.app, { name: 'Hot Dragon', stock: 10, price: PRICE });
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () => tryCheckout(t.app, checkoutInput([{ cardId, quantity: 1, unitPrice: PRICE }]), way)),
    );
    const placed = outcomes.filter((outcome) => outcome.ok);
    const refused = outcomes.filter((outcome): outcome is Extract<Outcome, { ok: false }> => !outcome.ok);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const { error } of refused) {
      expect(error.getStatus()).toBe(409);
      expect(error.code).toBe('insufficient_stock');
      expect(error.message).toBe('Stock insuficiente para Hot Dragon');
      expect(error.details).toEqual({ cardId, available: 0 });
    }
    expect(await stockFromEvents(t.app, cardId)).toBe(0);
  }, 60_000);

  it('sums two lines of one card, and takes two cards in one order whatever the cart order', async () => {
    const a = await createTestCard(t.app, { name: 'Card A', stock: 12, price: PRICE });
    const b = await createTestCard(t.app, { name: 'Card B', stock: 12, price: PRICE });
    const carts = Array.from({ length: 60 }, (_, i) => {
      if (i % 3 === 0) return [{ cardId: a, quantity: 1, unitPrice: PRICE }, { cardId: a, quantity: 1, unitPrice: PRICE }];
      if (i % 3 === 1) return [{ cardId: a, quantity: 1, unitPrice: PRICE }, { cardId: b, quantity: 1, unitPrice: PRICE }];
      return [{ cardId: b, quantity: 1, unitPrice: PRICE }, { cardId: a, quantity: 1, unitPrice: PRICE }];
    });
    const outcomes = await Promise.all(carts.map((items) => tryCheckout(t.app, checkoutInput(items), way)));
    const sold = { [a]: 0, [b]: 0 };
    for (const outcome of outcomes) {
      if (!outcome.ok) {
        expect(outcome.error.code).toBe('insufficient_stock');
        continue;
      }
      for (const item of outcome.result.items) sold[item.cardId] += item.quantity;
      expect(new Set(outcome.result.items.map((item) => item.cardId)).size).toBe(outcome.result.items.length);
      expect(outcome.result.total).toBe(2 * PRICE);
    }
    expect(sold[a]).toBeLessThanOrEqual(12);
    expect(sold[b]).toBeLessThanOrEqual(12);
    // All or nothing: a refused cart leaves nothing reserved, so the stock is exactly what was sold.
    expect(await stockFromEvents(t.app, a)).toBe(12 - sold[a]);
    expect(await stockFromEvents(t.app, b)).toBe(12 - sold[b]);
  }, 60_000);

  it('answers the same Idempotency-Key sent twice at once with one order', async () => {
    const cardId = await createTestCard(t.app, { name: 'Twin Card', stock: 5, price: PRICE });
    const input = checkoutInput([{ cardId, quantity: 2, unitPrice: PRICE }]);
    const [first, second] = await Promise.all([tryCheckout(t.app, input, way), tryCheckout(t.app, { ...input }, way)]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.result).toEqual(first.result);
    expect(await stockFromEvents(t.app, cardId)).toBe(3);
  }, 30_000);
});
