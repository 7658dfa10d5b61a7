import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamDecider } from '../streams';
import type { CardCommandResult } from './card-command-result';
import { decideOnCard } from './decide-on-card';
import { SetPriceCommand } from './set-price.command';

@CommandHandler(SetPriceCommand)
export class SetPriceHandler implements ICommandHandler<SetPriceCommand> {
  constructor(private readonly decider: StreamDecider) {}

  execute({ cardId, salePrice, offerPrice, context }: SetPriceCommand): Promise<CardCommandResult> {
    const command = { type: 'SetPrice', data: { salePrice, offerPrice, at: new Date() } } as const;
    return decideOnCard(this.decider, cardId, command, context);
  }
}
