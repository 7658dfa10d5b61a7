import { Command } from '@nestjs/cqrs';
import type { Cents } from '@tcg/domain';
import type { CommandContext } from '../streams';
import type { CardCommandResult } from './card-command-result';

/** A price entry: sale price and optional offer (null or 0 = no offer), both in céntimos. */
export class SetPriceCommand extends Command<CardCommandResult> {
  constructor(
    readonly cardId: string,
    readonly salePrice: Cents,
    readonly offerPrice: Cents | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}
