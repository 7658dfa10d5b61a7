import { Command } from '@nestjs/cqrs';
import type { Cents } from '@tcg/domain';
import type { CommandContext } from '../streams';
import type { CardCommandResult } from './card-command-result';
import type { ListCardDetails } from './list-card.command';

/**
 * An admin's single-card upload (spec §4, §7) on one card stream: the card is listed if it is not yet, its
 * price is set as the upload reads it (docs/decisions/0005 §1), and `quantity` units come in (an
 * `ingreso`), all in one append or none of it. `cardId` is the card the print is listed under, which the
 * caller may have found under another Spanish name; `requestId` makes a re-sent upload count once.
 */
export class ReceiveCardCommand extends Command<CardCommandResult> {
  constructor(
    readonly cardId: string,
    readonly details: ListCardDetails,
    readonly salePrice: Cents,
    readonly offerPrice: Cents,
    readonly quantity: number,
    readonly unitCost: Cents,
    readonly context: CommandContext,
    readonly requestId?: string,
  ) {
    super();
  }
}
