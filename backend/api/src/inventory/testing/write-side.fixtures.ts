import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  availableStock,
  type CardEvent,
  cardDecider,
  type CardState,
  cardStreamName,
  fold,
  parseCardEvent,
} from '@tcg/domain';
import type { EventStore } from '@tcg/projections';
import { EVENT_STORE } from '../../event-store/event-store.module';
import { AddStockCommand } from '../commands/add-stock.command';
import { ListCardCommand } from '../commands/list-card.command';
import { SetPriceCommand } from '../commands/set-price.command';
import { systemContext } from '../streams';

export const testContext = systemContext('test');

export interface TestCard {
  name: string;
  stock: number;
  price: number;
  /** 'TST-EN001' unless given. */
  setCode?: string;
  /** None unless given. */
  imageUrl?: string;
}

/** Lists, prices and stocks a card through the commands; returns its id. */
export async function createTestCard(app: INestApplication, card: TestCard): Promise<string> {
  const bus = app.get(CommandBus);
  const details = {
    name: card.name,
    defaultName: card.name,
    spanishName: null,
    imageUrl: card.imageUrl ?? null,
    imageSmallUrl: null,
    rarity: 'Ultra Rare',
    edition: 'Unlimited' as const,
    set: 'Test Set',
    setCode: card.setCode ?? 'TST-EN001',
    language: 'en' as const,
  };
  const { cardId } = await bus.execute(new ListCardCommand(details, testContext));
  await bus.execute(new SetPriceCommand(cardId, card.price, null, testContext));
  if (card.stock > 0) await bus.execute(new AddStockCommand(cardId, card.stock, 100, testContext));
  return cardId;
}

/** The card's events straight from the store, parsed; no cache involved. */
export async function cardEvents(app: INestApplication, cardId: string): Promise<CardEvent[]> {
  const recorded = await app.get<EventStore>(EVENT_STORE).readStream(cardStreamName(cardId));
  return recorded.map((event) => {
    const { version, ...data } = event.data as { version: number };
    return parseCardEvent(event.type, version, data);
  });
}

export async function cardStateFromEvents(app: INestApplication, cardId: string): Promise<CardState> {
  return fold(cardDecider, await cardEvents(app, cardId));
}

/** The computed stock, folded from the card's whole stream. */
export async function stockFromEvents(app: INestApplication, cardId: string): Promise<number> {
  return availableStock(await cardStateFromEvents(app, cardId));
}
