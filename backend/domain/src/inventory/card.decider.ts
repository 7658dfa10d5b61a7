import type { Decider } from '../shared';
import type { CardCommand } from './card.commands';
import { decideCard } from './card.decide';
import type { CardEvent } from './card.events';
import { type CardState, evolveCard, initialCardState } from './card.evolve';

/** The card stream's decider (`card-{cardId}`), for command handlers and tests. */
export const cardDecider: Decider<CardCommand, CardEvent, CardState> = {
  decide: decideCard,
  evolve: evolveCard,
  initialState: initialCardState,
};
