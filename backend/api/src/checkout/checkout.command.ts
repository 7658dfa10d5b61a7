import { Command } from '@nestjs/cqrs';
import type { Cents, OrderItem, PlainBuyer, SealedBuyer } from '@tcg/domain';
import type { CommandContext } from '../inventory';
import type { CardLine } from './checkout-lines';
import type { IdempotencyClaim } from './idempotency-keys.store';

export interface CheckoutLine {
  cardId: string;
  quantity: number;
  /** The price the shopper saw, in céntimos; the order is refused when it is no longer current. */
  unitPrice: Cents;
}

export interface CheckoutInput {
  /** As the form gave it; sealed with the customer's key before anything is decided or written. */
  buyer: PlainBuyer;
  items: CheckoutLine[];
  /** Where the (already stored) payment proof is. */
  proofKey: string;
  /** SHA-256 of the proof image. */
  proofHash: string;
  /** From the browser's Idempotency-Key header: a retried submit answers with the first result. */
  idempotencyKey: string;
}

/** The input once its buyer is sealed (docs/decisions/0007): what is hashed, decided and written. */
export type SealedCheckoutInput = Omit<CheckoutInput, 'buyer'> & { buyer: SealedBuyer };

export interface CheckoutResult {
  orderId: string;
  /** Céntimos, exactly Σ unitPrice × quantity of the reserved lines. */
  total: Cents;
  /** One line per card (lines of the same card summed), at the server's price. */
  items: OrderItem[];
  /** Where `OrderPlaced` was written: wait for the read model to reach it before showing the order. */
  position: number;
  /** Another order that used the same proof image, for the admin to check; null when none did. */
  duplicateProofOf: string | null;
}

/**
 * Places an order all-or-nothing (DESIGN §3): reserves every card at the price the buyer saw, then
 * appends `OrderPlaced`. Refusals are ApiErrors: 409 insufficient_stock / price_changed, 404
 * card_not_listed, 400 invalid_*, 422 idempotency_key_reused, 409 checkout_in_progress.
 */
export class CheckoutCommand extends Command<CheckoutResult> {
  constructor(
    readonly input: CheckoutInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** A checkout as the handler hands it to the atomic or the sequential way of placing it. */
export interface CheckoutRequest {
  input: SealedCheckoutInput;
  /** `cardLines(input.items)`: one per card, in the global card order; never empty. */
  lines: CardLine[];
  claim: IdempotencyClaim;
  /** One order id per user and key: whichever attempt finishes the key places this order, and no other. */
  orderId: string;
  /** The request's context with the order id as causation. */
  context: CommandContext;
}
