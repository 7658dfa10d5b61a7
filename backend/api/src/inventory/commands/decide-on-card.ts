import { availableStock, type CardCommand, type CardEvent, type CardState, cardStreamName, decideCard } from '@tcg/domain';
import type { Durability } from '@tcg/projections';
import { answeringApiErrors, type CommandContext, deterministicUuid, StreamDecider, cardStream } from '../streams';
import type { CardCommandResult } from './card-command-result';

export interface DecideOnCardOptions {
  /** Makes the command's events idempotent: the same key always yields the same event ids. */
  idempotencyKey?: string;
  /** With a client's `Idempotency-Key`: the request's hash, so a re-send with other content is refused (`EventIdReusedError`). */
  requestHash?: string;
  /** Runs before the card decider, on the same state, inside the same expected-revision check. */
  guard?(state: CardState): void;
  durability?: Durability;
}

/** The id the command's `index`-th event of `type` is stored under, for an idempotency key. */
const idempotentEventId = (idempotencyKey: string, type: string, index: number) => deterministicUuid(`${idempotencyKey}:${type}:${index}`);

/**
 * The card handlers' shared path: one card command on `card-{cardId}`, or several decided one after the
 * other on the state each leaves (`steps`, from the current state) and appended together, all or none.
 * Refusals come back as API errors.
 */
export function decideOnCard(
  decider: StreamDecider,
  cardId: string,
  command: CardCommand | ((state: CardState) => CardCommand[]),
  context: CommandContext,
  options: DecideOnCardOptions = {},
): Promise<CardCommandResult> {
  const { idempotencyKey, guard, durability, requestHash } = options;
  return answeringApiErrors(async () => {
    const result = await decider.decide<CardEvent, CardState>(cardStream, {
      streamId: cardStreamName(cardId),
      context,
      decide: (state) => {
        guard?.(state);
        const events: CardEvent[] = [];
        let current = state;
        for (const step of typeof command === 'function' ? command(state) : [command]) {
          const decided = decideCard(step, current);
          events.push(...decided);
          current = decided.reduce(cardStream.evolve, current);
        }
        return events;
      },
      // Numbered per type, not per position: a re-sent decision that now leaves out an event (the card is
      // listed by then) still gives the others the ids they were first stored under.
      eventId: idempotencyKey
        ? (event, index, all) => idempotentEventId(idempotencyKey, event.type, all.slice(0, index).filter((earlier) => earlier.type === event.type).length)
        : undefined,
      durability,
      requestHash,
    });
    const listedNow = result.events.some((event) => event.type === 'CardListed');
    // Re-sent: answered as the first send was, which may have listed the card.
    const listedBefore =
      !listedNow && result.events.length === 0 && idempotencyKey !== undefined && (await decider.holds(cardStreamName(cardId), idempotentEventId(idempotencyKey, 'CardListed', 0)));
    return {
      cardId,
      position: result.position,
      changed: result.events.length > 0,
      listed: listedNow || listedBefore,
      stock: availableStock(result.state),
      state: result.state,
    };
  });
}
