import { CommandBus } from '@nestjs/cqrs';
import { SetPriceCommand } from '../inventory';
import { createTestCard, stockFromEvents, testContext } from '../inventory/testing/write-side.fixtures';
import { type TestApp, startTestApp } from '../testing/test-app';
import { type CheckoutWay, checkoutInput, tryCheckout } from './testing/checkout.fixtures';

const ways: CheckoutWay[] = ['command', 'sequential'];

describe.each(ways)('checkout command (%s)', (way) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  it('places one line per card at the server price with the exact total', async () => {
    const a = await createTestCard(t.app, { name: 'Priced A', stock: 5, price: 1250 });
    const b = await createTestCard(t.app, { name: 'Priced B', stock: 5, price: 333 });
    const outcome = await tryCheckout(
      t.app,
      checkoutInput([
        { cardId: b, quantity: 1, unitPrice: 333 },
        { cardId: a, quantity: 1, unitPrice: 1250 },
        { cardId: b, quantity: 2, unitPrice: 333 },
      ]),
      way,
    );
    if (!outcome.ok) throw outcome.error;
    expect(outcome.result.total).toBe(1250 + 3 * 333);
    expect(outcome.result.items.map(({ cardId, name, quantity, unitPrice }) => ({ cardId, name, quantity, unitPrice }))).toEqual([
      { cardId: a, name: 'Priced A', quantity: 1, unitPrice: 1250 },
      { cardId: b, name: 'Priced B', quantity: 3, unitPrice: 333 },
    ]);
    expect(outcome.result.position).toBeGreaterThan(0);
    expect(await stockFromEvents(t.app, b)).toBe(2);
  });

  it('refuses a price the shopper saw that is no longer current, reserving nothing', async () => {
    const a = await createTestCard(t.app, { name: 'Cheap A', stock: 5, price: 1000 });
    const b = await createTestCard(t.app, { name: 'Offer B', stock: 5, price: 1000 });
    await t.app.get(CommandBus).execute(new SetPriceCommand(b, 1000, 800, testContext));
    const outcome = await tryCheckout(
      t.app,
      checkoutInput([
        { cardId: a, quantity: 1, unitPrice: 1000 },
        { cardId: b, quantity: 1, unitPrice: 1000 },
      ]),
      way,
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.getStatus()).toBe(409);
    expect(outcome.error.code).toBe('price_changed');
    expect(outcome.error.message).toBe('El precio de Offer B cambió. Revisa tu carrito.');
    expect(await stockFromEvents(t.app, a)).toBe(5);
    const offer = await tryCheckout(t.app, checkoutInput([{ cardId: b, quantity: 1, unitPrice: 800 }]), way);
    expect(offer.ok).toBe(true);
  });

  it('refuses two lines of one card at two prices, naming the current one, reserving nothing', async () => {
    const a = await createTestCard(t.app, { name: 'Plain A', stock: 5, price: 500 });
    const b = await createTestCard(t.app, { name: 'Twice Priced', stock: 5, price: 1000 });
    const items = [
      { cardId: a, quantity: 1, unitPrice: 500 },
      { cardId: b, quantity: 1, unitPrice: 1000 },
      { cardId: b, quantity: 1, unitPrice: 900 },
    ];
    const outcome = await tryCheckout(t.app, checkoutInput(items), way);
    expect(outcome.ok === false && [outcome.error.getStatus(), outcome.error.code, outcome.error.details]).toEqual([
      409,
      'price_changed',
      { cardId: b, currentPrice: 1000 },
    ]);
    expect(await stockFromEvents(t.app, a)).toBe(5);
    expect(await stockFromEvents(t.app, b)).toBe(5);
  });

  it('answers a retried submit with the first result, and a reused key with another body with 422', async () => {
    const cardId = await createTestCard(t.app, { name: 'Retried', stock: 5, price: 100 });
    const input = checkoutInput([{ cardId, quantity: 1, unitPrice: 100 }]);
    const first = await tryCheckout(t.app, input, way);
    const again = await tryCheckout(t.app, input, way);
    expect(again).toEqual(first);
    const other = await tryCheckout(t.app, { ...input, items: [{ cardId, quantity: 2, unitPrice: 100 }] }, way);
    expect(other.ok === false && [other.error.getStatus(), other.error.code]).toEqual([422, 'idempotency_key_reused']);
    expect(await stockFromEvents(t.app, cardId)).toBe(4);
  });

  it('answers a retry whose proof image was uploaded again (a lost answer, a new sign-in) with the first order', async () => {
    const cardId = await createTestCard(t.app, { name: 'Uploaded twice', stock: 5, price: 100 });
    const input = checkoutInput([{ cardId, quantity: 1, unitPrice: 100 }]);
    const first = await tryCheckout(t.app, input, way);
    expect(first.ok).toBe(true);
    expect(await tryCheckout(t.app, { ...input, proofKey: `${input.proofKey}-again` }, way)).toEqual(first);
    // Another image under the same key is another request.
    const otherImage = await tryCheckout(t.app, { ...input, proofKey: `${input.proofKey}-other`, proofHash: 'f'.repeat(64) }, way);
    expect(otherImage.ok === false && otherImage.error.code).toBe('idempotency_key_reused');
    expect(await stockFromEvents(t.app, cardId)).toBe(4);
  });

  it('forgets a key whose submit was refused, so the corrected cart can be sent with it', async () => {
    const cardId = await createTestCard(t.app, { name: 'Scarce', stock: 1, price: 100 });
    const input = checkoutInput([{ cardId, quantity: 2, unitPrice: 100 }]);
    const refused = await tryCheckout(t.app, input, way);
    expect(refused.ok === false && refused.error.details).toEqual({ cardId, available: 1 });
    const corrected = await tryCheckout(t.app, { ...input, items: [{ cardId, quantity: 1, unitPrice: 100 }] }, way);
    expect(corrected.ok).toBe(true);
  });

  it('flags a payment proof already used on another order', async () => {
    const cardId = await createTestCard(t.app, { name: 'Proofed', stock: 5, price: 100 });
    const line = [{ cardId, quantity: 1, unitPrice: 100 }];
    const first = await tryCheckout(t.app, checkoutInput(line, { proofHash: 'same-image' }), way);
    const second = await tryCheckout(t.app, checkoutInput(line, { proofHash: 'same-image', userId: 'user-2' }), way);
    if (!first.ok || !second.ok) throw new Error('both orders should be placed');
    expect(first.result.duplicateProofOf).toBeNull();
    expect(second.result.duplicateProofOf).toBe(first.result.orderId);
  });

  it('refuses an empty cart and an unknown card', async () => {
    const empty = await tryCheckout(t.app, checkoutInput([]), way);
    expect(empty.ok === false && empty.error.code).toBe('order_without_items');
    const unknown = await tryCheckout(t.app, checkoutInput([{ cardId: 'nope', quantity: 1, unitPrice: 1 }]), way);
    expect(unknown.ok === false && [unknown.error.getStatus(), unknown.error.code]).toEqual([404, 'card_not_listed']);
  });
});
