import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { cardId } from '@tcg/domain';
import { StreamDecider } from '../streams';
import type { CardCommandResult } from './card-command-result';
import { decideOnCard } from './decide-on-card';
import { ListCardCommand } from './list-card.command';

@CommandHandler(ListCardCommand)
export class ListCardHandler implements ICommandHandler<ListCardCommand> {
  constructor(private readonly decider: StreamDecider) {}

  execute({ details, context }: ListCardCommand): Promise<CardCommandResult> {
    const id = cardId(details);
    const command = { type: 'ListCard', data: { ...details, at: new Date() } } as const;
    return decideOnCard(this.decider, id, command, context, { idempotencyKey: `list-card:${id}` });
  }
}
