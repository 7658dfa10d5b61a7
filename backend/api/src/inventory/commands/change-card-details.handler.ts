import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamDecider } from '../streams';
import type { CardCommandResult } from './card-command-result';
import { ChangeCardDetailsCommand } from './change-card-details.command';
import { decideOnCard } from './decide-on-card';

@CommandHandler(ChangeCardDetailsCommand)
export class ChangeCardDetailsHandler implements ICommandHandler<ChangeCardDetailsCommand> {
  constructor(private readonly decider: StreamDecider) {}

  execute({ cardId, changes, context }: ChangeCardDetailsCommand): Promise<CardCommandResult> {
    const command = { type: 'ChangeCardDetails', data: { changes, at: new Date() } } as const;
    return decideOnCard(this.decider, cardId, command, context);
  }
}
