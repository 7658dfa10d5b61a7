import {
  type CardEvent,
  type CardState,
  cardDecider,
  type OrderEvent,
  type OrderState,
  orderDecider,
  parseCardEvent,
  parseOrderEvent,
} from '@tcg/domain';
import type { StreamType } from './stream-decider.service';

export const cardStream: StreamType<CardEvent, CardState> = {
  evolve: cardDecider.evolve,
  initialState: cardDecider.initialState,
  parse: parseCardEvent,
};

export const orderStream: StreamType<OrderEvent, OrderState> = {
  evolve: orderDecider.evolve,
  initialState: orderDecider.initialState,
  parse: parseOrderEvent,
};
