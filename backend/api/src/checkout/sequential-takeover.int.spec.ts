import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { orderStreamName } from '@tcg/domain';
import { type Database, type EventStore, PersonalDataKeys } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { createTestCard, stockFromEvents, testContext } from '../inventory/testing/write-side.fixtures';
import { PlaceOrderCommand } from '../orders';
import { startTestApp, type TestApp } from '../testing/test-app';
import { sealedCheckoutRequest } from './checkout.handler';
import { ReservationSweeper } from './reservation-sweeper.service';
import { SequentialCheckout } from './sequential-checkout';
import { checkoutInput } from './testing/checkout.fixtures';

interface Gate {
  open(): void;
  reached: Promise<void>;
}

function gate(): Gate & { arrive(): Promise<void> } {
  let open: () => void = () => undefined;
  let arrived: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  return { open, reached, arrive: () => (arrived(), opened) };
}

/** Holds the first `count` PlaceOrder commands of `app`, each at a gate of its own, in arrival order. */
function holdPlaceOrders(app: INestApplication, count: number): Gate[] {
  const gates = Array.from({ length: count }, gate);
  let arrivals = 0;
  const bus = app.get(CommandBus);
  const execute = bus.execute.bind(bus);
  jest.spyOn(bus, 'execute').mockImplementation(async (command: unknown) => {
    if (command instanceof PlaceOrderCommand && arrivals < count) await gates[arrivals++].arrive();
    return execute(command as never);
  });
  return gates;
}

/**
 * The checkout without multi-stream appends (EventStoreDB's), here on PostgreSQL: a first attempt that
 * stalls past the takeover time between reserving and placing, and the shopper's retry that takes the
 * key over, both reach `PlaceOrder` for the same order.
 */
describe('a checkout key taken over while its first attempt still places (real PostgreSQL)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp({ DEMO_SEED: 'false' });
    // Another process of the same shop: the same database.
    second = await startTestApp({ DEMO_SEED: 'false', DATABASE_URL: first.config.databaseUrl as string });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function stall(input: ReturnType<typeof checkoutInput>, firstApp: INestApplication, retryApp: INestApplication) {
    const [heldFirst, heldRetry] = firstApp === retryApp ? holdPlaceOrders(firstApp, 2) : [...holdPlaceOrders(firstApp, 1), ...holdPlaceOrders(retryApp, 1)];
    const attempt = firstApp.get(SequentialCheckout).place(await sealedCheckoutRequest(firstApp.get(PersonalDataKeys), input, testContext));
    await heldFirst.reached;
    // The first attempt has reserved and stalls longer than ABANDONED_AFTER_MS: its key may be taken over.
    await first.app.get<Database>(DATABASE).query(`UPDATE idempotency_keys SET created_at = now() - interval '3 minutes'`);
    const retry = retryApp.get(SequentialCheckout).place(await sealedCheckoutRequest(retryApp.get(PersonalDataKeys), input, testContext));
    await heldRetry.reached;
    heldFirst.open();
    const placed = await attempt;
    heldRetry.open();
    const answered = await retry;
    jest.restoreAllMocks();
    return { placed, answered };
  }

  it.each([
    ['in another process', () => [first.app, second.app]],
    ['in the same process', () => [first.app, first.app]],
  ])('answers the retry %s with the placed order and gives its reservations back', async (where, apps) => {
    const [firstApp, retryApp] = apps();
    const cardId = await createTestCard(first.app, { name: `Stalled Dragon ${where}`, stock: 5, price: 1000 });
    const input = checkoutInput([{ cardId, quantity: 2, unitPrice: 1000 }]);
    const { placed, answered } = await stall(input, firstApp, retryApp);

    const stored = await first.app.get<EventStore>(EVENT_STORE).readStream(orderStreamName(placed.orderId));
    const storedItems = (stored[0].data as { items: Array<{ reservationId: string }> }).items;
    expect(stored.map((event) => event.type)).toEqual(['OrderPlaced']);
    expect(answered.orderId).toBe(placed.orderId);
    expect(answered.items.map((item) => item.reservationId)).toEqual(storedItems.map((item) => item.reservationId));
    // One order of 2 out of 5: the retry's own 2 units are back on the shelf, with no sweep needed.
    expect(await stockFromEvents(first.app, cardId)).toBe(3);
    await first.app.get(ReservationSweeper).sweep(0);
    expect(await stockFromEvents(first.app, cardId)).toBe(3);
  });
});
