import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, messages } from '@tcg/domain';
import { CustomerErasedError, type EventStore, PersonalDataKeys } from '@tcg/projections';
import { EVENT_STORE } from '../event-store/event-store.module';
import { type CommandContext, deterministicUuid, toApiError } from '../inventory';
import { ProofStore } from '../proofs/proof-store';
import { ApiError } from '../web/api-exception.filter';
import { AtomicCheckout } from './atomic-checkout';
import { cardLines, requestHash } from './checkout-lines';
import { CheckoutCommand, type CheckoutInput, type CheckoutRequest, type CheckoutResult, type SealedCheckoutInput } from './checkout.command';
import { SequentialCheckout } from './sequential-checkout';

/**
 * All or nothing (DESIGN §3), in one of two ways: one multi-stream append where the event store has it
 * (PostgreSQL, PGlite; docs/decisions/0004), else reservations one card at a time with a write-ahead
 * attempt, undo on refusal and the sweeper after a crash (EventStoreDB).
 */
@CommandHandler(CheckoutCommand)
export class CheckoutHandler implements ICommandHandler<CheckoutCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly atomic: AtomicCheckout,
    private readonly sequential: SequentialCheckout,
    private readonly proofs: ProofStore,
    private readonly keys: PersonalDataKeys,
  ) {}

  async execute({ input, context }: CheckoutCommand): Promise<CheckoutResult> {
    const request = await sealedCheckoutRequest(this.keys, input, context);
    // Before anything is placed, so the proof sweep keeps the proof of an order from now on.
    if (!(await this.proofs.claim(input.proofKey, input.buyer.userId, request.orderId))) {
      throw new ApiError(400, 'invalid_proof', messages.checkout.invalidFile, { field: 'proofKey' });
    }
    return this.store.atomicAppendMany ? this.atomic.place(request) : this.sequential.place(request);
  }
}

/** The log never holds a buyer in the clear: sealed with the customer's key, which erasure destroys (ADR 0007). */
export async function sealedCheckoutRequest(keys: PersonalDataKeys, input: CheckoutInput, context: CommandContext): Promise<CheckoutRequest> {
  const buyer = await keys.seal(input.buyer).catch((error: unknown) => {
    // Erased while this checkout was under way: the account is gone, and nothing is sealed for it again.
    throw error instanceof CustomerErasedError ? new ApiError(401, 'unauthorized', messages.checkout.mustSignIn) : error;
  });
  return checkoutRequest({ ...input, buyer }, context);
}

function checkoutRequest(input: SealedCheckoutInput, context: CommandContext): CheckoutRequest {
  const lines = cardLines(input.items);
  if (lines.length === 0) throw toApiError(DomainError.of('order_without_items'));
  const claim = { key: input.idempotencyKey, userId: input.buyer.userId, requestHash: requestHash(input) };
  const orderId = checkoutOrderId(claim.userId, claim.key);
  return { input, lines, claim, orderId, context: { ...context, causationId: orderId } };
}

/** The order a shopper's submit under `key` places: the same id on every retry, and per shopper. */
export function checkoutOrderId(userId: string, key: string): string {
  return deterministicUuid(`order:${userId}:${key}`);
}
