import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  cardStreamName,
  DomainError,
  type OrderItem,
  orderStreamName,
  orderTotal,
  PriceChangedError,
} from '@tcg/domain';
import { randomUUID } from 'node:crypto';
import {
  cardStream,
  type CommandContext,
  currentPrice,
  deterministicUuid,
  orderStream,
  ReserveStockCommand,
  StreamDecider,
  toApiError,
} from '../inventory';
import { PlaceOrderCommand } from '../orders';
import { ApiError } from '../web/api-exception.filter';
import { type CardLine, cardLines, requestHash } from './checkout-lines';
import { CheckoutCommand, type CheckoutInput, type CheckoutResult } from './checkout.command';
import { type IdempotencyClaim, IdempotencyKeysStore } from './idempotency-keys.store';
import { type PlannedReservation, ReservationAttemptsStore } from './reservation-attempts.store';
import { ReservationReleaser } from './reservation-releaser';

interface Attempt {
  attemptId: string;
  orderId: string;
  claim: IdempotencyClaim;
  planned: PlannedReservation[];
  context: CommandContext;
}

@CommandHandler(CheckoutCommand)
export class CheckoutHandler implements ICommandHandler<CheckoutCommand> {
  constructor(
    private readonly commands: CommandBus,
    private readonly decider: StreamDecider,
    private readonly keys: IdempotencyKeysStore,
    private readonly attempts: ReservationAttemptsStore,
    private readonly releaser: ReservationReleaser,
  ) {}

  async execute({ input, context }: CheckoutCommand): Promise<CheckoutResult> {
    const lines = cardLines(input.items);
    if (lines.length === 0) throw toApiError(DomainError.of('order_without_items'));
    const claim = { key: input.idempotencyKey, userId: input.buyer.userId, requestHash: requestHash(input) };
    // One order id per key: whichever attempt finishes the key places this order, and no other.
    const orderId = deterministicUuid(`order:${claim.userId}:${claim.key}`);
    const planned = lines.map((line) => ({ cardId: line.cardId, reservationId: randomUUID(), quantity: line.quantity }));
    const attempt: Attempt = {
      attemptId: randomUUID(),
      orderId,
      claim,
      planned,
      context: { ...context, causationId: orderId },
    };
    const outcome = await this.keys.claim(claim, { attemptId: attempt.attemptId, orderId, reservations: planned });
    if (outcome.kind === 'done') return outcome.result;
    if (outcome.takeover) {
      const finished = await this.alreadyPlaced(attempt, input);
      if (finished) return finished;
      await this.attempts.record(attempt.attemptId, orderId, claim.userId, planned);
    }
    const items = await this.reserveAll(attempt, lines);
    return this.place(attempt, input, items);
  }

  /** All or nothing: the first refusal undoes this attempt's reservations and forgets the key. */
  private async reserveAll(attempt: Attempt, lines: CardLine[]): Promise<OrderItem[]> {
    const items: OrderItem[] = [];
    for (const [index, line] of lines.entries()) {
      const { reservationId } = attempt.planned[index];
      try {
        if (line.seenPrices.length > 1) await this.refuseMixedPrices(line);
        const reserved = await this.commands.execute(
          new ReserveStockCommand(line.cardId, reservationId, attempt.orderId, line.quantity, attempt.context, line.seenPrices[0]),
        );
        const name = reserved.state.status === 'listed' ? reserved.state.details.name : line.cardId;
        items.push({ cardId: line.cardId, name, quantity: line.quantity, unitPrice: line.seenPrices[0], reservationId });
      } catch (error) {
        await this.giveUp(attempt, attempt.planned.slice(0, index + 1));
        throw error;
      }
    }
    return items;
  }

  private async place(attempt: Attempt, input: CheckoutInput, items: OrderItem[]): Promise<CheckoutResult> {
    const total = orderTotal(items);
    const { buyer, proofKey, proofHash } = input;
    let position: number;
    try {
      const placed = await this.commands.execute(
        new PlaceOrderCommand(attempt.orderId, buyer, items, total, proofKey, proofHash, attempt.context),
      );
      position = placed.position;
    } catch (error) {
      // Only a refusal is sure not to have placed the order; anything else is left to the sweeper,
      // which looks at the order stream before releasing.
      if (error instanceof ApiError) await this.giveUp(attempt, attempt.planned);
      throw error;
    }
    const result = { orderId: attempt.orderId, total, items, position };
    const duplicateProofOf = await this.attempts.placed(attempt.attemptId, attempt.claim, result, proofHash);
    return { ...result, duplicateProofOf };
  }

  private async giveUp(attempt: Attempt, reservations: PlannedReservation[]): Promise<void> {
    const undone = await this.releaser.release(reservations, attempt.context);
    if (undone) await this.attempts.released(attempt.attemptId);
    await this.keys.forget(attempt.claim);
  }

  /** Two lines of one card seen at two prices: at most one of them is current. */
  private async refuseMixedPrices(line: CardLine): Promise<never> {
    const { state } = await this.decider.load(cardStream, cardStreamName(line.cardId));
    if (state.status === 'unlisted') throw toApiError(DomainError.of('card_not_listed', { cardId: line.cardId }));
    const current = currentPrice(state) ?? 0;
    const seen = line.seenPrices.find((price) => price !== current) ?? line.seenPrices[0];
    throw toApiError(new PriceChangedError(line.cardId, state.details.name, seen, current));
  }

  /** A taken-over key whose first attempt got as far as `OrderPlaced`: answer with that order. */
  private async alreadyPlaced(attempt: Attempt, input: CheckoutInput): Promise<CheckoutResult | undefined> {
    const { state, position } = await this.decider.load(orderStream, orderStreamName(attempt.orderId));
    if (state.status === 'none') return undefined;
    if (state.status === 'abandoned') {
      // The sweeper gave this attempt's stock back: the key can never place its order.
      await this.keys.forget(attempt.claim);
      throw toApiError(DomainError.of('order_abandoned', { orderId: attempt.orderId }));
    }
    const { items, total } = state.order;
    const result = { orderId: attempt.orderId, total, items, position };
    const duplicateProofOf = await this.attempts.placed(attempt.attemptId, attempt.claim, result, input.proofHash);
    return { ...result, duplicateProofOf };
  }
}
