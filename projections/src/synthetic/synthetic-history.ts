import { cardId, cardKeywords, cardStreamName, type CardListedData, type Edition, orderStreamName, type TcgEvent } from '@tcg/domain';
import { cardName, NAME_COUNT, RARITIES } from './synthetic-names';
import { sealContact } from '../personal-data/personal-data-keys';

/**
 * Every synthetic order's buyer, sealed as a checkout seals one (docs/decisions/0007) under a key no
 * customer has: the bench replays events of a real order's size, and the shop shows them as erased.
 */
const SYNTHETIC_SEALED_BUYER = sealContact(Buffer.alloc(32, 7), { name: 'Cliente Sintético', email: 'cliente@example.pe', phone: '987654321' });

export interface SyntheticStep {
  streamId: string;
  events: TcgEvent[];
  /** The stream's first events (a card's listing, an order's placing): the stream must not exist yet. */
  opens?: true;
}

/** The seed of `seed:synthetic` without `--seed`. */
export const SYNTHETIC_DEFAULT_SEED = 7;

/** The seed is in the id: histories of two seeds never write to the same order stream. */
export const syntheticOrderId = (seed: number, n: number) => `synthetic-${seed}-${n}`;

interface CardState {
  id: string;
  name: string;
  stock: number;
  price: number;
}

/** mulberry32: a seeded generator, so the same arguments give the same catalogue and history. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class HistoryGenerator {
  readonly rnd: () => number;
  private clock = Date.UTC(2024, 0, 1);
  readonly cards: CardState[] = [];
  private orders = 0;

  constructor(private readonly seed: number) {
    this.rnd = random(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.rnd() * (max - min + 1));
  }

  at(): string {
    this.clock += this.int(1, 90) * 1000;
    return new Date(this.clock).toISOString();
  }

  rarity(): string {
    let roll = this.rnd() * 100;
    for (const [rarity, weight] of RARITIES) {
      roll -= weight;
      if (roll < 0) return rarity;
    }
    return RARITIES[0][0];
  }

  listing(index: number, setIds: string[], used: Set<string>): SyntheticStep {
    for (;;) {
      const [english, spanish] = cardName(this.int(0, NAME_COUNT - 1));
      const setId = setIds[this.int(0, setIds.length - 1)];
      const language = this.rnd() < 0.7 ? 'en' : 'es';
      const setCode = `${setId}-${language === 'es' ? 'SP' : 'EN'}${String(this.int(1, 120)).padStart(3, '0')}`;
      const edition: Edition = this.rnd() < 0.4 ? '1st Edition' : 'Unlimited';
      const rarity = this.rarity();
      const id = cardId({ name: english, setCode, rarity, edition, language });
      if (used.has(id)) continue;
      used.add(id);
      const name = language === 'es' ? spanish : english;
      const at = this.at();
      const price = this.int(1, 400) * 50;
      const data: CardListedData = {
        cardId: id, name, defaultName: english, spanishName: spanish, rarity, edition, set: `Set ${setId}`, setCode, setId, language,
        imageUrl: `https://images.example/cards/${index}.webp`, imageSmallUrl: `https://images.example/cards/${index}-small.webp`,
        keywords: cardKeywords(english, spanish), at,
      };
      const stock = this.int(0, 12);
      this.cards.push({ id, name, stock, price });
      const events: TcgEvent[] = [
        { type: 'CardListed', version: 1, data },
        { type: 'PriceSet', version: 1, data: { cardId: id, salePrice: price, offerPrice: null, at } },
      ];
      if (stock > 0) events.push({ type: 'StockAdded', version: 1, data: { cardId: id, quantity: stock, unitCost: Math.floor(price / 2), at } });
      return { streamId: cardStreamName(id), opens: true, events };
    }
  }

  /** Popular cards sell more: a skewed pick. */
  pick(): CardState {
    return this.cards[Math.floor(this.rnd() ** 2 * this.cards.length)];
  }

  restock(card: CardState): SyntheticStep {
    const quantity = this.int(1, 10);
    card.stock += quantity;
    return { streamId: cardStreamName(card.id), events: [{ type: 'StockAdded', version: 1, data: { cardId: card.id, quantity, unitCost: Math.floor(card.price / 2), at: this.at() } }] };
  }

  reprice(card: CardState): SyntheticStep {
    card.price = Math.max(50, card.price + this.int(-10, 10) * 50);
    const offerPrice = this.rnd() < 0.3 ? Math.max(50, card.price - this.int(1, 5) * 50) : null;
    return { streamId: cardStreamName(card.id), events: [{ type: 'PriceSet', version: 1, data: { cardId: card.id, salePrice: card.price, offerPrice, at: this.at() } }] };
  }

  /** Reserve each line, place the order, then confirm (a sale per line) or cancel (a release per line). */
  order(): SyntheticStep[] {
    const orderId = syntheticOrderId(this.seed, ++this.orders);
    const lines = [...new Set(Array.from({ length: this.int(1, 3) }, () => this.pick()))];
    const steps: SyntheticStep[] = [];
    const items = lines.map((card, line) => {
      if (card.stock === 0) steps.push(this.restock(card));
      const quantity = Math.min(card.stock, this.int(1, 2));
      card.stock -= quantity;
      const reservationId = `${orderId}-${line}`;
      steps.push({ streamId: cardStreamName(card.id), events: [{ type: 'StockReserved', version: 1, data: { cardId: card.id, reservationId, orderId, quantity, at: this.at() } }] });
      return { cardId: card.id, name: card.name, quantity, unitPrice: card.price, reservationId };
    });
    const total = items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
    const buyer = { userId: `user-${this.int(1, 5000)}`, sealed: SYNTHETIC_SEALED_BUYER };
    steps.push({ streamId: orderStreamName(orderId), opens: true, events: [{ type: 'OrderPlaced', version: 2, data: { orderId, buyer, items, total, proofKey: `proofs/${orderId}.webp`, proofHash: `${orderId}-hash`, at: this.at() } }] });
    const confirm = this.rnd() < 0.75;
    items.forEach((item, line) => {
      const at = this.at();
      if (!confirm) lines[line].stock += item.quantity;
      steps.push({
        streamId: cardStreamName(item.cardId),
        events: [confirm
          ? { type: 'StockSold', version: 1, data: { cardId: item.cardId, source: item.reservationId, orderId, quantity: item.quantity, at } }
          : { type: 'StockReleased', version: 1, data: { cardId: item.cardId, reservationId: item.reservationId, orderId, quantity: item.quantity, at } }],
      });
    });
    const at = this.at();
    steps.push({ streamId: orderStreamName(orderId), events: [confirm ? { type: 'OrderConfirmed', version: 1, data: { orderId, at } } : { type: 'OrderCancelled', version: 1, data: { orderId, at } }] });
    return steps;
  }
}

function setIds(count: number, rnd: () => number): string[] {
  const ids = new Set<string>();
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  while (ids.size < count) ids.add(Array.from({ length: 4 }, () => letters[Math.floor(rnd() * 26)]).join(''));
  return [...ids];
}

/** The largest catalogue: its sets (400 cards each) must find distinct four-letter codes, of which there are 26⁴. */
export const SYNTHETIC_MAX_CARDS = 10_000_000;

/**
 * A catalogue of `cards` listings, then shop activity (orders that are confirmed or cancelled,
 * restocks, price changes) until about `events` events in all. Stock never goes below zero.
 */
export function* syntheticHistory(options: { cards: number; events: number; seed?: number }): Generator<SyntheticStep> {
  if (options.cards > SYNTHETIC_MAX_CARDS) throw new RangeError(`at most ${SYNTHETIC_MAX_CARDS} cards`);
  const generator = new HistoryGenerator(options.seed ?? SYNTHETIC_DEFAULT_SEED);
  const sets = setIds(Math.max(1, Math.ceil(options.cards / 400)), generator.rnd);
  const used = new Set<string>();
  let produced = 0;
  for (let index = 0; index < options.cards; index++) {
    const step = generator.listing(index, sets, used);
    produced += step.events.length;
    yield step;
  }
  while (produced < options.events) {
    const roll = generator.rnd();
    const steps = roll < 0.1 ? [generator.restock(generator.pick())] : roll < 0.2 ? [generator.reprice(generator.pick())] : generator.order();
    for (const step of steps) {
      produced += step.events.length;
      yield step;
    }
  }
}
