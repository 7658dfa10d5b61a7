import { Injectable } from '@nestjs/common';
import { cardStreamName, DomainError, type OrderState, orderStreamName } from '@tcg/domain';
import { randomUUID } from 'node:crypto';
import { answeringApiErrors, cardStream, orderStream, type StreamSnapshot, StreamDecider, toApiError } from '../inventory';
import { ApiError } from '../web/api-exception.filter';
import { placedOrderHash } from './checkout-lines';
import type { CheckoutRequest, CheckoutResult } from './checkout.command';
import { decideCheckout } from './checkout.decide';
import { checkoutMessages } from './checkout.messages';
import { IdempotencyKeysStore } from './idempotency-keys.store';

/**
 * The checkout on a store with multi-stream appends (docs/decisions/0004): every reservation and
 * `OrderPlaced` in one durable append, decided on the cached snapshots. Nothing is written before it,
 * so a refusal or a crash leaves nothing to undo or sweep, and the key needs no claim: the key's order
 * stream must be new (expected revision), which turns a duplicate submit into "answer with that order".
 */
@Injectable()
export class AtomicCheckout {
  constructor(
    private readonly decider: StreamDecider,
    private readonly keys: IdempotencyKeysStore,
  ) {}

  async place(request: CheckoutRequest): Promise<CheckoutResult> {
    const { input, lines, claim, orderId, context } = request;
    const orderStreamId = orderStreamName(orderId);
    const plan = {
      orderId,
      buyer: input.buyer,
      proofKey: input.proofKey,
      proofHash: input.proofHash,
      lines: lines.map((line) => ({ ...line, reservationId: randomUUID() })),
      at: new Date(),
    };
    const decided = await answeringApiErrors(() =>
      this.decider.decideMany({
        // The order stream last: its `OrderPlaced` takes the append's last position, which is the answer's.
        streams: [
          ...lines.map((line) => ({ type: cardStream, streamId: cardStreamName(line.cardId) })),
          { type: orderStream, streamId: orderStreamId },
        ],
        decide: (states) => decideCheckout(plan, states),
        context,
      }),
    );
    const order = decided.snapshots.get(orderStreamId) as StreamSnapshot<OrderState>;
    if (decided.events.size === 0) return this.answerExisting(request, order);
    if (order.state.status === 'none' || order.state.status === 'abandoned') throw new Error(`order ${orderId} was not placed`);
    const { items, total } = order.state.order;
    return this.keys.recordPlaced(claim, { orderId, total, items, position: decided.position }, input.proofHash);
  }

  /**
   * The key's order exists: a retried or concurrent submit. Answers what the key recorded, or, when its
   * first request has not recorded it yet (still finishing, or died after the append), the order itself.
   */
  private async answerExisting({ input, claim, orderId }: CheckoutRequest, order: StreamSnapshot<OrderState>): Promise<CheckoutResult> {
    const recorded = await this.keys.answerOf(claim);
    if (recorded) return recorded;
    const { state, position } = order;
    // `none` cannot come here (the decision wrote nothing because the order exists); `abandoned` only
    // on a store once run without multi-stream appends, whose sweeper gave the stock back.
    if (state.status === 'none' || state.status === 'abandoned') throw toApiError(DomainError.of('order_abandoned', { orderId }));
    if (placedOrderHash(state.order) !== claim.requestHash) throw new ApiError(422, 'idempotency_key_reused', checkoutMessages.keyReused);
    const { items, total } = state.order;
    return this.keys.recordPlaced(claim, { orderId, total, items, position }, input.proofHash);
  }
}
