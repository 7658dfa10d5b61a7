import { Command } from '@nestjs/cqrs';
import type { Cents } from '@tcg/domain';
import type { CommandContext } from '../streams';
import type { CardCommandResult } from './card-command-result';

/**
 * Movement `ingreso`: `quantity` a whole number > 0, `unitCost` in céntimos ≥ 0 (the admin form's
 * decimal soles, converted at the edge). An ingreso is never a retry by itself, so a caller that may
 * re-send it (a timed-out request) passes `requestId`: the same id adds the stock once.
 */
export class AddStockCommand extends Command<CardCommandResult> {
  constructor(
    readonly cardId: string,
    readonly quantity: number,
    readonly unitCost: Cents,
    readonly context: CommandContext,
    readonly requestId?: string,
  ) {
    super();
  }
}
