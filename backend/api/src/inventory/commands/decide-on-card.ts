import { availableStock, type CardCommand, type CardEvent, type CardState, cardStreamName, decideCard } from '@tcg/domain';
import type { Durability } from '@tcg/projections';
import { answeringApiErrors, type CommandContext, deterministicUuid, StreamDecider, cardStream } from '../streams';
import type { CardCommandResult } from './card-command-result';

export interface DecideOnCardOptions {
  /** Makes the command's events idempotent: the same key always yields the same event ids. */
  idempotencyKey?: string;
  /** Runs before the card decider, on the same state, inside the same expected-revision check. */
  guard?(state: CardState): void;
  durability?: Durability;
}

/** The card handlers' shared path: one card command on `card-{cardId}`, refusals as API errors. */
export function decideOnCard(
  decider: StreamDecider,
  cardId: string,
  command: CardCommand,
  context: CommandContext,
  options: DecideOnCardOptions = {},
): Promise<CardCommandResult> {
  const { idempotencyKey, guard, durability } = options;
  return answeringApiErrors(async () => {
    const result = await decider.decide<CardEvent, CardState>(cardStream, {
      streamId: cardStreamName(cardId),
      context,
      decide: (state) => {
        guard?.(state);
        return decideCard(command, state);
      },
      eventId: idempotencyKey ? (event, index) => deterministicUuid(`${idempotencyKey}:${event.type}:${index}`) : undefined,
      durability,
    });
    return {
      cardId,
      position: result.position,
      changed: result.events.length > 0,
      stock: availableStock(result.state),
      state: result.state,
    };
  });
}
