import { Command } from '@nestjs/cqrs';
import type { ListCard } from '@tcg/domain';
import type { CommandContext } from '../streams';
import type { CardCommandResult } from './card-command-result';

export type ListCardDetails = Omit<ListCard['data'], 'at'>;

/** Lists a card version on its own stream; listing it again with the same details changes nothing. */
export class ListCardCommand extends Command<CardCommandResult> {
  constructor(
    readonly details: ListCardDetails,
    readonly context: CommandContext,
  ) {
    super();
  }
}
