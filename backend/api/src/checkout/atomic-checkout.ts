import { Inject, Injectable } from '@nestjs/common';
import { cardStreamName, DomainError, type OrderState, orderStreamName } from '@tcg/domain';
import type { EventStore } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import { EVENT_STORE } from '../event-store/event-store.module';
import { answeringApiErrors, cardStream, orderStream, type StreamSnapshot, StreamDecider, toApiError } from '../inventory';
import { ApiError } from '../web/api-exception.filter';
import { placedOrderHash } from './checkout-lines';
import type { CheckoutRequest, CheckoutResult } from './checkout.command';
import { decideCheckout } from './checkout.decide';
import { checkoutMessages } from './checkout.messages';
import { OrderProofsStore } from './order-proofs.store';
import { placedPosition } from './placed-position';

/**
 * The checkout on a store with multi-stream appends (docs/decisions/0004): every reservation and
 * `OrderPlaced` in one durable append, decided on the cached snapshots. Nothing is written before it,
 * so a refusal or a crash leaves nothing to undo or sweep. The key needs no row of its own: its order
 * stream must be new (expected revision), so a duplicate submit finds the order and is answered from
 * it, the same answer as the first time.
 */
@Injectable()
export class AtomicCheckout {
  constructor(
    private readonly decider: StreamDecider,
    private readonly proofs: OrderProofsStore,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async place(request: CheckoutRequest): Promise<CheckoutResult> {
    const { input, lines, orderId, context } = request;
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
    return this.answer(request, order.state, decided.position);
  }

  /** The key's order exists: a retried or concurrent submit, answered as the first one was. */
  private async answerExisting(request: CheckoutRequest, order: StreamSnapshot<OrderState>): Promise<CheckoutResult> {
    const { claim, orderId } = request;
    const { state } = order;
    // `abandoned` only on a store once run without multi-stream appends, whose sweeper gave the stock back.
    if (state.status === 'abandoned') throw toApiError(DomainError.of('order_abandoned', { orderId }));
    if (state.status !== 'none' && placedOrderHash(state.order) !== claim.requestHash) {
      throw new ApiError(422, 'idempotency_key_reused', checkoutMessages.keyReused);
    }
    return this.answer(request, state, await placedPosition(this.store, orderId, order));
  }

  private async answer({ input, orderId }: CheckoutRequest, state: OrderState, position: number): Promise<CheckoutResult> {
    if (state.status === 'none' || state.status === 'abandoned') throw new Error(`order ${orderId} is not placed`);
    const { items, total } = state.order;
    const duplicateProofOf = await this.proofs.record(orderId, input.proofHash, input.buyer.userId);
    return { orderId, total, items, position, duplicateProofOf };
  }
}
