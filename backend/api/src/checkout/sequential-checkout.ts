import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cardStreamName, DomainError, type OrderItem, orderStreamName, orderTotal } from '@tcg/domain';
import { randomUUID } from 'node:crypto';
import { answeringApiErrors, cardStream, orderStream, ReserveStockCommand, StreamDecider, toApiError } from '../inventory';
import { type OrderCommandResult, PlaceOrderCommand } from '../orders';
import { ApiError } from '../web/api-exception.filter';
import type { CardLine } from './checkout-lines';
import type { CheckoutRequest, CheckoutResult } from './checkout.command';
import { refuseMixedPrices } from './checkout.decide';
import { IdempotencyKeysStore } from './idempotency-keys.store';
import { type PlannedReservation, ReservationAttemptsStore } from './reservation-attempts.store';
import { ReservationReleaser } from './reservation-releaser';

interface Attempt extends CheckoutRequest {
  attemptId: string;
  planned: PlannedReservation[];
}

/**
 * The checkout on a store without multi-stream appends: the key is claimed with a write-ahead attempt
 * row, each card is reserved on its stream, then `OrderPlaced` is appended. A refusal undoes this
 * attempt's reservations; a crash between reserving and placing is cleaned up by the sweeper.
 */
@Injectable()
export class SequentialCheckout {
  constructor(
    private readonly commands: CommandBus,
    private readonly decider: StreamDecider,
    private readonly keys: IdempotencyKeysStore,
    private readonly attempts: ReservationAttemptsStore,
    private readonly releaser: ReservationReleaser,
  ) {}

  async place(request: CheckoutRequest): Promise<CheckoutResult> {
    const { lines, claim, orderId } = request;
    const planned = lines.map((line) => ({ cardId: line.cardId, reservationId: randomUUID(), quantity: line.quantity }));
    const attempt: Attempt = { ...request, attemptId: randomUUID(), planned };
    const outcome = await this.keys.claim(claim, { attemptId: attempt.attemptId, orderId, reservations: planned });
    if (outcome.kind === 'done') return outcome.result;
    if (outcome.takeover) {
      const finished = await this.alreadyPlaced(attempt);
      if (finished) return finished;
      await this.attempts.record(attempt.attemptId, orderId, claim.userId, planned);
    }
    const items = await this.reserveAll(attempt, lines);
    return this.placeOrder(attempt, items);
  }

  /** All or nothing: the first refusal undoes this attempt's reservations and forgets the key. */
  private async reserveAll(attempt: Attempt, lines: CardLine[]): Promise<OrderItem[]> {
    const items: OrderItem[] = [];
    for (const [index, line] of lines.entries()) {
      const { reservationId } = attempt.planned[index];
      try {
        if (line.seenPrices.length > 1) await this.refuseMixedPricesOnCurrent(line);
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

  private async placeOrder(attempt: Attempt, items: OrderItem[]): Promise<CheckoutResult> {
    const total = orderTotal(items);
    const { buyer, proofKey, proofHash } = attempt.input;
    let position: number;
    try {
      const placed = await this.commands.execute<PlaceOrderCommand, OrderCommandResult>(
        new PlaceOrderCommand(attempt.orderId, buyer, items, total, proofKey, proofHash, attempt.context),
      );
      if (!sameReservations(placed.order.items, items)) return this.placedByAnotherAttempt(attempt);
      position = placed.position;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'order_already_placed') return this.placedByAnotherAttempt(attempt);
      // Only a refusal is sure not to have placed the order; anything else is left to the sweeper,
      // which looks at the order stream before releasing.
      if (error instanceof ApiError) await this.giveUp(attempt, attempt.planned);
      throw error;
    }
    const result = { orderId: attempt.orderId, total, items, position };
    const duplicateProofOf = await this.attempts.placed(attempt.attemptId, attempt.claim, result, proofHash);
    return { ...result, duplicateProofOf };
  }

  /**
   * Two attempts of one key both reserved (the first stalled past the takeover time) and the other one
   * placed the order: this attempt's reservations go back and the shopper gets that order. When a
   * release fails the attempt stays open, and the sweeper, finding the order without its reservations,
   * gives them back.
   */
  private async placedByAnotherAttempt(attempt: Attempt): Promise<CheckoutResult> {
    if (!(await this.releaser.release(attempt.planned, attempt.context))) {
      throw new Error(`order ${attempt.orderId} was placed by another attempt and this one's reservations could not all be released yet`);
    }
    const existing = await this.alreadyPlaced(attempt);
    if (!existing) throw new Error(`order ${attempt.orderId} was answered as placed but its stream is empty`);
    return existing;
  }

  private async giveUp(attempt: Attempt, reservations: PlannedReservation[]): Promise<void> {
    const undone = await this.releaser.release(reservations, attempt.context);
    if (undone) await this.attempts.released(attempt.attemptId);
    await this.keys.forget(attempt.claim);
  }

  private async refuseMixedPricesOnCurrent(line: CardLine): Promise<never> {
    const { state } = await this.decider.load(cardStream, cardStreamName(line.cardId));
    return answeringApiErrors(async () => refuseMixedPrices(state, line));
  }

  /** A taken-over key whose first attempt got as far as `OrderPlaced`: answer with that order. */
  private async alreadyPlaced(attempt: Attempt): Promise<CheckoutResult | undefined> {
    const { state, position } = await this.decider.load(orderStream, orderStreamName(attempt.orderId));
    if (state.status === 'none') return undefined;
    if (state.status === 'abandoned') {
      // The sweeper gave this attempt's stock back: the key can never place its order.
      await this.keys.forget(attempt.claim);
      throw toApiError(DomainError.of('order_abandoned', { orderId: attempt.orderId }));
    }
    const { items, total } = state.order;
    const result = { orderId: attempt.orderId, total, items, position };
    const duplicateProofOf = await this.attempts.placed(attempt.attemptId, attempt.claim, result, attempt.input.proofHash);
    return { ...result, duplicateProofOf };
  }
}

function sameReservations(placed: readonly OrderItem[], mine: readonly OrderItem[]): boolean {
  return placed.map((item) => item.reservationId).join() === mine.map((item) => item.reservationId).join();
}
