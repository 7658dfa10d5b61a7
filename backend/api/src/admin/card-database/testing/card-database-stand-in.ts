import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { CardDatabaseCard, CardDatabaseSet, CardDatabaseSetEntry } from '../card-database.types';

export interface StandInCard {
  name: string;
  sets: CardDatabaseSetEntry[];
}

export interface StandInOptions {
  cards?: StandInCard[];
  sets?: CardDatabaseSet[];
  /** English → Spanish answers of `POST /translate`; other names get a 500. */
  translations?: Record<string, string>;
}

export interface CardDatabaseStandIn {
  /** Use as CARD_DATABASE_URL. */
  url: string;
  /** Use as TRANSLATE_URL. */
  translateUrl: string;
  /** Every path asked, in order, with the time it arrived. */
  requests: Array<{ path: string; at: number }>;
  /** Answer this HTTP status to every request whose path starts with `prefix` (null stops it). */
  failWith(prefix: string | null, status?: number): void;
  close(): Promise<void>;
}

/** Names `cardinfo.php` answers wrongly: a print of another shape, and a body past any real answer. */
export const MALFORMED_CARD = 'Malformed Card';
export const OVERSIZED_ANSWER = 'Oversized Answer';
/** A name the stand-in answers with a redirect to another address of its own, as a compromised database could to an internal one. */
export const REDIRECTED_ANSWER = 'Redirected Answer';

/** A few real prints, enough for every rule the admin tools apply (edition, es codes, set matching). */
export const standInCards: StandInCard[] = [
  {
    name: 'Dark Magician',
    sets: [
      { set_code: 'LOB-EN005', set_name: 'Legend of Blue Eyes White Dragon', set_rarity: 'Ultra Rare', set_rarity_code: '(UR)' },
      { set_code: 'SDMY-EN010', set_name: 'Structure Deck: Mystic Spellcasters', set_rarity: 'Common', set_rarity_code: 'EN-C' },
    ],
  },
  {
    name: 'Ash Blossom & Joyous Spring',
    sets: [{ set_code: 'MACR-EN036', set_name: 'Maximum Crisis', set_rarity: 'Secret Rare', set_rarity_code: '(ScR)' }],
  },
  {
    name: 'Pot of Prosperity',
    sets: [{ set_code: 'BLVO-EN065', set_name: 'Blazing Vortex', set_rarity: 'Secret Rare', set_rarity_code: '(ScR)' }],
  },
];

export const standInSets: CardDatabaseSet[] = [
  { set_name: 'Legend of Blue Eyes White Dragon', set_code: 'LOB', num_of_cards: 126, tcg_date: '2002-03-08' },
  { set_name: 'Maximum Crisis', set_code: 'MACR', num_of_cards: 104, tcg_date: '2016-05-05' },
  { set_name: 'Blazing Vortex', set_code: 'BLVO', num_of_cards: 100, tcg_date: '2021-02-05' },
  { set_name: 'Empty Promises', set_code: 'EMPT', num_of_cards: 0, tcg_date: '2024-01-01' },
];

const imageId = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): void {
  res.writeHead(status, { 'Content-Type': type });
  res.end(Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

/** Whichever comes first; both listeners go, or each full buffer left a `close` one behind (MaxListenersExceededWarning). */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

/** 8 MB in 64 KB chunks, stopping early when the client hangs up. */
async function sendOversized(res: ServerResponse, bytes = 8 * 1024 * 1024, contentType = 'image/jpeg'): Promise<void> {
  res.writeHead(200, { 'content-type': contentType });
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  for (let sent = 0; sent < bytes && !res.destroyed; sent += chunk.length) {
    if (!res.write(chunk)) await drainedOrClosed(res);
  }
  res.end();
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A local HTTP server with the shapes of YGOProDeck's API v7 (cardinfo.php, cardsets.php, images) and
 * of the translation service, so tests never call the real ones.
 */
export async function startCardDatabaseStandIn(options: StandInOptions = {}): Promise<CardDatabaseStandIn> {
  const cards = options.cards ?? standInCards;
  const sets = options.sets ?? standInSets;
  const translations = options.translations ?? { 'Dark Magician': 'Mago Oscuro' };
  const picture = await sharp({ create: { width: 590, height: 860, channels: 3, background: '#7b3fa0' } }).jpeg().toBuffer();
  const requests: CardDatabaseStandIn['requests'] = [];
  let failure: { prefix: string; status: number } | null = null;
  let base = '';

  const toApiCard = (card: StandInCard): CardDatabaseCard => ({
    name: card.name,
    card_sets: card.sets,
    card_images: [{ image_url: `${base}/images/cards/${imageId(card.name)}.jpg`, image_url_small: `${base}/images/cards_small/${imageId(card.name)}.jpg` }],
  });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ path: `${url.pathname}${url.search}`, at: Date.now() });
    if (failure && url.pathname.startsWith(failure.prefix)) return send(res, failure.status, { error: 'stand-in failure' });
    if (url.pathname === '/cardinfo.php') {
      const name = url.searchParams.get('name');
      // A database misbehaving: a print that is not an object, and an answer of 40 MB, past any real one.
      if (name === MALFORMED_CARD) return send(res, 200, { data: [{ name, card_sets: [null] }] });
      if (name === OVERSIZED_ANSWER) return void sendOversized(res, 40 * 1024 * 1024, 'application/json');
      if (name === REDIRECTED_ANSWER) return void res.writeHead(302, { location: `${base}/internal/metadata` }).end();
      const setName = url.searchParams.get('cardset');
      const found = cards.filter((card) =>
        name !== null ? card.name === name : card.sets.some((entry) => entry.set_name.toLowerCase() === setName?.toLowerCase()),
      );
      if (found.length === 0) return send(res, 400, { error: 'No card matching your query was found in the database.' });
      return send(res, 200, { data: found.map(toApiCard) });
    }
    if (url.pathname === '/cardsets.php') return send(res, 200, sets);
    // Misbehaving image hosts: a body past any sane picture size (chunked, no length), and a redirect.
    if (url.pathname === '/images/oversized.jpg') return void sendOversized(res);
    if (url.pathname === '/images/moved.jpg') return void res.writeHead(302, { location: `${base}/images/cards/moved.jpg` }).end();
    if (url.pathname === '/images/cards/vector.svg') return send(res, 200, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="590" height="860"><rect width="590" height="860" fill="#7b3fa0"/></svg>'), 'image/svg+xml');
    if (url.pathname.startsWith('/images/')) return send(res, 200, picture, 'image/jpeg');
    // A translation service that moved, as a compromised one could to an internal address.
    if (url.pathname === '/translate-moved') return void res.writeHead(307, { location: `${base}/translate` }).end();
    if (url.pathname === '/translate' && req.method === 'POST') {
      return void readBody(req).then((body) => {
        const translated = translations[(body as { name?: string } | undefined)?.name ?? ''];
        send(res, translated ? 200 : 500, translated ? { translated } : { error: 'no translation' });
      });
    }
    send(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    translateUrl: `${base}/translate`,
    requests,
    failWith(prefix, status = 500) {
      failure = prefix === null ? null : { prefix, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
