import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type CardCommand, type CardState, type Cents, DomainError } from '@tcg/domain';
import { requestHash, StreamDecider } from '../streams';
import type { CardCommandResult } from './card-command-result';
import { decideOnCard } from './decide-on-card';
import { ReceiveCardCommand } from './receive-card.command';

@CommandHandler(ReceiveCardCommand)
export class ReceiveCardHandler implements ICommandHandler<ReceiveCardCommand> {
  constructor(private readonly decider: StreamDecider) {}

  execute({ cardId, details, salePrice, offerPrice, quantity, unitCost, context, requestId }: ReceiveCardCommand): Promise<CardCommandResult> {
    const at = new Date();
    const steps = (state: CardState): CardCommand[] => {
      const price = uploadPrice(state, salePrice, offerPrice);
      return [
        ...(state.status === 'unlisted' ? [{ type: 'ListCard', data: { ...details, at } } as const] : []),
        ...(state.status === 'listed' && renames(state.details.spanishName, details.spanishName)
          ? [{ type: 'ChangeCardDetails', data: { changes: { name: details.name, spanishName: details.spanishName }, at } } as const]
          : []),
        ...(price ? [{ type: 'SetPrice', data: { ...price, at } } as const] : []),
        ...(quantity > 0 ? [{ type: 'AddStock', data: { quantity, unitCost, at } } as const] : []),
      ];
    };
    const idempotencyKey = requestId === undefined ? undefined : `receive-card:${cardId}:${requestId}`;
    const hash = requestHash({ details, salePrice, offerPrice, quantity, unitCost });
    return decideOnCard(this.decider, cardId, steps, context, { idempotencyKey, requestHash: hash });
  }
}

/**
 * The price an upload sets, or null to keep the card's own: a sale price of 0 (the form's default) keeps
 * the one it has, and an offer typed with it applies to that price. A card without a price needs one. The
 * domain refuses an offer that is not below the sale price.
 */
function uploadPrice(state: CardState, salePrice: Cents, offerPrice: Cents): { salePrice: Cents; offerPrice: Cents | null } | null {
  const offer = offerPrice > 0 ? offerPrice : null;
  if (salePrice > 0) return { salePrice, offerPrice: offer };
  const kept = state.status === 'listed' ? (state.prices?.salePrice ?? 0) : 0;
  if (kept === 0) throw DomainError.of('sale_price_required');
  return offer === null ? null : { salePrice: kept, offerPrice: offer };
}

/**
 * Whether a Spanish name typed on a later upload names the card from now on: one that the card lacks, or
 * another spelling (a typo corrected). It was dropped, and a print listed without one could never be
 * found in Spanish (upload QA). A blank one, or the same in other capitals and blanks, keeps the card's.
 */
function renames(listed: string | null, typed: string | null): typed is string {
  const comparable = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('es');
  return !!typed?.trim() && (listed === null || comparable(listed) !== comparable(typed));
}
