import type { AppConfig } from '../../config/app-config';
import { CardDatabaseClient, CardDatabaseError, MAX_CARD_IMAGE_BYTES } from './card-database.client';
import { type CardDatabaseStandIn, REDIRECTED_ANSWER, startCardDatabaseStandIn } from './testing/card-database-stand-in';

describe('CardDatabaseClient against a stand-in of the card database', () => {
  let standIn: CardDatabaseStandIn;
  let client: CardDatabaseClient;

  beforeAll(async () => {
    standIn = await startCardDatabaseStandIn();
    client = new CardDatabaseClient({ cardDatabaseUrl: standIn.url, cardImageOrigins: [standIn.url] } as AppConfig);
  });
  afterAll(() => standIn.close());
  afterEach(() => standIn.failWith(null));

  it('finds a card by its exact English name, with its prints and images', async () => {
    const card = await client.cardByName('Dark Magician');
    expect(card?.name).toBe('Dark Magician');
    expect(card?.card_sets?.map((entry) => entry.set_code)).toEqual(['LOB-EN005', 'SDMY-EN010']);
    expect(card?.card_images?.[0].image_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/cards\//);
    expect(standIn.requests.at(-1)?.path).toBe('/cardinfo.php?name=Dark+Magician');
  });

  it('takes the 400 of cardinfo as "no card"', async () => {
    expect(await client.cardByName('Dark magician of nowhere')).toBeNull();
    expect(await client.cardsOfSet('Empty Promises')).toEqual([]);
  });

  it('lists the cards of a set by the set name', async () => {
    const cards = await client.cardsOfSet('Maximum Crisis');
    expect(cards.map((card) => card.name)).toEqual(['Ash Blossom & Joyous Spring']);
  });

  it('lists the sets', async () => {
    const sets = await client.sets();
    expect(sets).toContainEqual({ set_name: 'Blazing Vortex', set_code: 'BLVO', num_of_cards: 100, tcg_date: '2021-02-05' });
  });

  it('reports other HTTP failures and unreachable hosts as CardDatabaseError', async () => {
    standIn.failWith('/cardsets.php', 503);
    await expect(client.sets()).rejects.toMatchObject({ name: 'CardDatabaseError', status: 503 });
    standIn.failWith('/cardinfo.php', 500);
    await expect(client.cardByName('Dark Magician')).rejects.toBeInstanceOf(CardDatabaseError);
    const offline = new CardDatabaseClient({ cardDatabaseUrl: 'http://127.0.0.1:9' } as AppConfig);
    await expect(offline.sets()).rejects.toBeInstanceOf(CardDatabaseError);
  });

  // Security review: the JSON requests followed redirects, so an answer could send the server to an internal address.
  it('never follows a redirect of the database itself', async () => {
    await expect(client.cardByName(REDIRECTED_ANSWER)).rejects.toBeInstanceOf(CardDatabaseError);
    expect(standIn.requests.map((request) => request.path)).not.toContain('/internal/metadata');
  });

  it('downloads image bytes and refuses an image that answers an error', async () => {
    const card = await client.cardByName('Dark Magician');
    expect((await client.image(card!.card_images![0].image_url)).length).toBeGreaterThan(100);
    standIn.failWith('/images/', 404);
    await expect(client.image(card!.card_images![0].image_url)).rejects.toMatchObject({ status: 404 });
  });

  it('fetches images only from the card database hosts, never following a redirect, and at most MAX_CARD_IMAGE_BYTES', async () => {
    const before = standIn.requests.length;
    await expect(client.image('http://127.0.0.1:9/images/cards/1.jpg')).rejects.toThrow("image URL is not on the card database's hosts");
    await expect(client.image('file:///etc/passwd')).rejects.toBeInstanceOf(CardDatabaseError);
    expect(standIn.requests.length).toBe(before);
    await expect(client.image(`${standIn.url}/images/moved.jpg`)).rejects.toBeInstanceOf(CardDatabaseError);
    expect(standIn.requests.map((request) => request.path)).not.toContain('/images/cards/moved.jpg');
    await expect(client.image(`${standIn.url}/images/oversized.jpg`)).rejects.toThrow(`image is larger than ${MAX_CARD_IMAGE_BYTES} bytes`);
  });
});
