import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { requestHash, StreamDecider } from '../streams';
import { AddStockCommand } from './add-stock.command';
import type { CardCommandResult } from './card-command-result';
import { decideOnCard } from './decide-on-card';

@CommandHandler(AddStockCommand)
export class AddStockHandler implements ICommandHandler<AddStockCommand> {
  constructor(private readonly decider: StreamDecider) {}

  execute({ cardId, quantity, unitCost, context, requestId }: AddStockCommand): Promise<CardCommandResult> {
    const command = { type: 'AddStock', data: { quantity, unitCost, at: new Date() } } as const;
    const idempotencyKey = requestId === undefined ? undefined : `add-stock:${cardId}:${requestId}`;
    return decideOnCard(this.decider, cardId, command, context, { idempotencyKey, requestHash: requestHash({ quantity, unitCost }) });
  }
}
