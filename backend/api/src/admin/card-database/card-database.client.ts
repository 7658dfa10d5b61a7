import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { readAtMost } from '../../infra/http/read-at-most';
import { z } from 'zod';
import { type CardDatabaseCard, cardDatabaseCardSchema, type CardDatabaseSet, cardDatabaseSetSchema } from './card-database.types';

/** The card database answered, but not with what was asked (an HTTP error, or not the API's shape). */
export class CardDatabaseError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CardDatabaseError';
  }
}

// A stuck upstream must not hold an admin's request (or a job's slot) forever.
const TIMEOUT_MS = 15_000;

/** A card picture is about 100 KB; anything past this is not one. */
export const MAX_CARD_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The largest JSON answer read: `cardsets.php` (every set) is about 300 KB and a set's `cardinfo.php` a few
 * MB. Past it the answer is not the API's, and reading it whole would fill the server's memory.
 */
export const MAX_CARD_JSON_BYTES = 32 * 1024 * 1024;

const tooLarge = (what: string, limit: number) => () => new CardDatabaseError(`${what} is larger than ${limit} bytes`);

/**
 * YGOProDeck's API v7 (CARD_DATABASE_URL). `cardinfo.php` answers 400 when nothing matches, which is
 * "no card" here, not a failure.
 */
/** `body` as the API's shape, or the card database failing (a field missing, or of another kind or size). */
function shaped<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new CardDatabaseError(`${what} answered in another shape: ${parsed.error.issues[0].path.join('.')}`);
  return parsed.data;
}

@Injectable()
export class CardDatabaseClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The card with this exact English name, or null. */
  async cardByName(name: string): Promise<CardDatabaseCard | null> {
    const cards = await this.cardInfo({ name });
    return cards[0] ?? null;
  }

  /** Every card printed in the set with this name; empty when the database knows none. */
  cardsOfSet(setName: string): Promise<CardDatabaseCard[]> {
    return this.cardInfo({ cardset: setName });
  }

  async sets(): Promise<CardDatabaseSet[]> {
    return shaped(z.array(cardDatabaseSetSchema), await this.getJson('cardsets.php'), 'cardsets.php');
  }

  /** Whether `url` is on one of the card database's hosts (CARD_IMAGES_URL, CARD_DATABASE_URL). */
  isImageUrl(url: string): boolean {
    try {
      return this.config.cardImageOrigins.includes(new URL(url).origin);
    } catch {
      return false;
    }
  }

  /**
   * The bytes of a card image; the database forbids hotlinking, so the shop keeps its own copy. Only
   * from the database's own hosts, without following redirects and at most MAX_CARD_IMAGE_BYTES, so an
   * admin's request cannot make the server fetch its neighbours or fill its memory.
   */
  async image(url: string, signal?: AbortSignal): Promise<Buffer> {
    if (!this.isImageUrl(url)) throw new CardDatabaseError(`image URL is not on the card database's hosts: ${url}`);
    const response = await this.fetch(url, signal);
    if (!response.ok) throw new CardDatabaseError(`image answered HTTP ${response.status}`, response.status);
    return readAtMost(response, MAX_CARD_IMAGE_BYTES, tooLarge('image', MAX_CARD_IMAGE_BYTES));
  }

  private async cardInfo(query: Record<string, string>): Promise<CardDatabaseCard[]> {
    const response = await this.fetch(`${this.config.cardDatabaseUrl}/cardinfo.php?${new URLSearchParams(query)}`);
    if (response.status === 400) return [];
    const body = await this.readJson(response, 'cardinfo.php');
    return shaped(z.object({ data: z.array(cardDatabaseCardSchema) }), body, 'cardinfo.php').data;
  }

  private async getJson(path: string): Promise<unknown> {
    return this.readJson(await this.fetch(`${this.config.cardDatabaseUrl}/${path}`), path);
  }

  private async readJson(response: Response, what: string): Promise<unknown> {
    if (!response.ok) throw new CardDatabaseError(`${what} answered HTTP ${response.status}`, response.status);
    const body = await readAtMost(response, MAX_CARD_JSON_BYTES, tooLarge(what, MAX_CARD_JSON_BYTES));
    try {
      return JSON.parse(body.toString('utf8'));
    } catch {
      throw new CardDatabaseError(`${what} answered something other than JSON`);
    }
  }

  /**
   * Never follows a redirect: only the addresses the shop builds or checked are fetched, so an answer
   * cannot send the server to another host (its neighbours, a metadata service). A redirect is a failure.
   */
  private async fetch(url: string, signal?: AbortSignal): Promise<Response> {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    try {
      return await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'error' });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new CardDatabaseError(`the card database could not be reached: ${(error as Error).message}`);
    }
  }
}
