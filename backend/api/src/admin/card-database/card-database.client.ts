import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { CardDatabaseCard, CardDatabaseSet } from './card-database.types';

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
const tooLarge = () => new CardDatabaseError(`image is larger than ${MAX_CARD_IMAGE_BYTES} bytes`);

/**
 * YGOProDeck's API v7 (CARD_DATABASE_URL). `cardinfo.php` answers 400 when nothing matches, which is
 * "no card" here, not a failure.
 */
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
    const body = await this.getJson('cardsets.php');
    if (!Array.isArray(body)) throw new CardDatabaseError('cardsets.php did not answer a list');
    return body as CardDatabaseSet[];
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
    const response = await this.fetch(url, signal, 'error');
    if (!response.ok) throw new CardDatabaseError(`image answered HTTP ${response.status}`, response.status);
    if (Number(response.headers.get('content-length') ?? 0) > MAX_CARD_IMAGE_BYTES) throw tooLarge();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      // Leaving the loop cancels the body, which closes the connection.
      if (size > MAX_CARD_IMAGE_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }

  private async cardInfo(query: Record<string, string>): Promise<CardDatabaseCard[]> {
    const response = await this.fetch(`${this.config.cardDatabaseUrl}/cardinfo.php?${new URLSearchParams(query)}`);
    if (response.status === 400) return [];
    const body = await this.readJson(response, 'cardinfo.php');
    const data = (body as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw new CardDatabaseError('cardinfo.php answered without data[]');
    return data as CardDatabaseCard[];
  }

  private async getJson(path: string): Promise<unknown> {
    return this.readJson(await this.fetch(`${this.config.cardDatabaseUrl}/${path}`), path);
  }

  private async readJson(response: Response, what: string): Promise<unknown> {
    if (!response.ok) throw new CardDatabaseError(`${what} answered HTTP ${response.status}`, response.status);
    try {
      return await response.json();
    } catch {
      throw new CardDatabaseError(`${what} answered something other than JSON`);
    }
  }

  private async fetch(url: string, signal?: AbortSignal, redirect: RequestInit['redirect'] = 'follow'): Promise<Response> {
    const timeout = AbortSignal.timeout(TIMEOUT_MS);
    try {
      return await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new CardDatabaseError(`the card database could not be reached: ${(error as Error).message}`);
    }
  }
}
