import { Command } from '@nestjs/cqrs';
import type { CardDetailChanges } from '@tcg/domain';
import type { CommandContext } from '../streams';
import type { CardCommandResult } from './card-command-result';

/** Changes a listed card's names, pictures or set; only fields that really differ are recorded. */
export class ChangeCardDetailsCommand extends Command<CardCommandResult> {
  constructor(
    readonly cardId: string,
    readonly changes: CardDetailChanges,
    readonly context: CommandContext,
  ) {
    super();
  }
}
