import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cardId, deriveSetId, messages } from '@tcg/domain';
import { CARDS_PROJECTION, type Database, ProjectionWaiter } from '@tcg/projections';
import { DATABASE } from '../../database/database.module';
import { LOGGER, type Logger } from '../../logging/logger';
import { ApiError } from '../../web/api-exception.filter';
import { type CardCommandResult, type CommandContext, type ListCardDetails, ReceiveCardCommand } from '../../inventory';
import { CardDatabaseClient, CardDatabaseError } from '../card-database/card-database.client';
import type { CardDatabaseCard } from '../card-database/card-database.types';
import { TRANSLATOR, type Translator } from '../translation/translation.port';
import { CardImagesJobHandler } from './card-images.job';
import { cardLookup, type CardLookup, setCodeForLanguage } from './card-versions';
import type { ListedPrint, ListedPrintQuery, UploadCardBody, UploadCardResult } from './upload-card.schema';

/** Advisory lock space of an upload's print (every space: docs/operations-cli.md). */
export const UPLOAD_PRINT_LOCK_SPACE = 3006;
/** How long an upload waits for another upload of the same print (each takes well under a second). */
const PRINT_LOCK_WAIT_MS = 10_000;
const PRINT_LOCK_RETRY_MS = 100;

@Injectable()
export class UploadCardService {
  constructor(
    private readonly cardDatabase: CardDatabaseClient,
    @Inject(TRANSLATOR) private readonly translator: Translator,
    private readonly commands: CommandBus,
    private readonly images: CardImagesJobHandler,
    private readonly waiter: ProjectionWaiter,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The card with this exact English name, its prints, and a Spanish name when the translation port has one. */
  async lookup(name: string): Promise<CardLookup> {
    const card = name.trim() ? await this.cardNamed(name.trim(), messages.admin.upload.searchFailed) : null;
    if (!card) throw new ApiError(404, 'card_not_found', messages.admin.upload.notFound);
    return cardLookup(card, await this.translator.translateToSpanish(card.name));
  }

  /**
   * Spec §4 and §7: a new card is listed first; the quantity is added to its stock and the typed prices
   * become its price (a price entry). A new card needs a sale price above 0. On an existing card a sale
   * price of 0, the form's default, keeps the price it has (adding stock must not make a card free), and
   * an offer typed with it applies to that price. The same print (set code, rarity, edition, language)
   * uploaded under another Spanish name, or none, is the card already listed. Its pictures are copied in
   * the background, and only while it lacks them.
   */
  async upload(body: UploadCardBody, context: CommandContext, requestId?: string): Promise<UploadCardResult> {
    // The picture is fetched by the server later: only from the card database's own hosts.
    if (body.imageUrl && !this.cardDatabase.isImageUrl(body.imageUrl)) {
      throw new ApiError(400, 'bad_request', messages.domain.cardImageNotFromDatabase);
    }
    const print = await this.printInDatabase(body);
    const details: ListCardDetails = {
      // The shop shows a Spanish print under its Spanish name when there is one.
      name: body.language === 'es' && body.spanishName ? body.spanishName : print.name,
      defaultName: print.name,
      spanishName: body.spanishName,
      imageUrl: null,
      imageSmallUrl: null,
      rarity: print.rarity,
      edition: body.edition,
      set: print.set,
      setCode: setCodeForLanguage(body.setCode, body.language),
      language: body.language,
    };
    const { id, created, added } = await this.samePrintAtATime(details, async () => {
      const id = (await this.listedPrint(details)) ?? cardId(details);
      const added = await this.commands.execute<ReceiveCardCommand, CardCommandResult>(
        new ReceiveCardCommand(id, details, body.salePrice, body.offerPrice, body.quantity, body.unitCost, context, requestId),
      );
      // Once the print is listed it is found by `listedPrint`, so the next upload of it waits for this one's projection.
      await this.waiter.waitFor(added.position, undefined, [CARDS_PROJECTION]);
      // A re-sent upload answers as the first send did: the card it listed is still "created".
      return { id, created: added.listed, added };
    });
    const listed = added.state.status === 'listed' ? added.state.details : null;
    const imagesWanted = !!body.imageUrl && !(listed?.imageUrl && listed.imageSmallUrl);
    const queuedAt = imagesWanted ? new Date().toISOString() : null;
    if (imagesWanted) {
      const job = { cardId: id, sourceUrl: body.imageUrl! };
      // The card and its stock are stored by now. A job queue that does not answer (Redis down) costs
      // neither the upload nor the pictures: this process copies them, once. Should the queue have taken
      // the job after all, the second copy finds the pictures there and stops.
      await this.images.enqueue(job).catch((error: unknown) => {
        this.logger.warn({ err: error, cardId: id }, 'card pictures not queued; copying them in this process');
        this.images.copyNow(job);
      });
    }
    const setId = deriveSetId(details.setCode);
    const setInShop = (await this.db.query('SELECT 1 FROM sets WHERE id = $1', [setId])).rows.length > 0;
    return { cardId: id, created, stock: added.stock, imagesQueued: imagesWanted, queuedAt, setId, setInShop, position: added.position };
  }

  /**
   * The print as the card database has it: an upload names a card, a set code and a rarity that the
   * database lists together, with a picture of that card, and is stored in the database's spelling (QA:
   * an invented card was listed for sale, a set code under another set's name, and 'dark magician' /
   * 'ultra rare' listed a print a second time). A Spanish print is the English one's code with -SP, or a
   * code the database lists as it is (LOB-S005).
   */
  private async printInDatabase(body: UploadCardBody): Promise<{ name: string; set: string; rarity: string }> {
    const card = await this.cardNamed(body.name, messages.admin.upload.uploadFailed);
    if (!card) throw new ApiError(400, 'card_not_in_database', messages.domain.cardNotInDatabase);
    const sameCode = (code: string) => [code, setCodeForLanguage(code, body.language)].some((listed) => listed.toUpperCase() === body.setCode);
    const entry = (card.card_sets ?? []).find((listed) => sameCode(listed.set_code) && listed.set_rarity.toLowerCase() === body.rarity.toLowerCase());
    if (!entry) throw new ApiError(400, 'print_not_in_database', messages.domain.printNotInDatabase);
    const pictures = (card.card_images ?? []).flatMap((image) => [image.image_url, image.image_url_small]);
    if (body.imageUrl && !pictures.includes(body.imageUrl)) throw new ApiError(400, 'bad_request', messages.domain.cardImageNotFromDatabase);
    return { name: card.name, set: entry.set_name, rarity: entry.set_rarity };
  }

  /** The card database's card with this exact English name; a database that fails is a 502 saying `failure`. */
  private async cardNamed(name: string, failure: string): Promise<CardDatabaseCard | null> {
    try {
      return await this.cardDatabase.cardByName(name);
    } catch (error) {
      if (error instanceof CardDatabaseError) throw new ApiError(502, 'card_database_failed', failure);
      throw error;
    }
  }

  /**
   * Two uploads of one print under different Spanish names would list it twice: each print is uploaded
   * by one request at a time, across processes (an advisory lock on the read-model database).
   */
  private async samePrintAtATime<T>(details: ListCardDetails, work: () => Promise<T>): Promise<T> {
    const print = [details.setCode, details.rarity, details.edition, details.language, details.defaultName].join('|');
    const deadline = Date.now() + PRINT_LOCK_WAIT_MS;
    let lock = await this.db.tryLock(UPLOAD_PRINT_LOCK_SPACE, print);
    while (!lock) {
      if (Date.now() > deadline) throw new ApiError(503, 'unavailable', messages.admin.upload.uploadFailed);
      // Each try opens a connection of its own (PostgreSQL), so the wait is in steps, not a spin.
      await new Promise((resolve) => setTimeout(resolve, PRINT_LOCK_RETRY_MS));
      lock = await this.db.tryLock(UPLOAD_PRINT_LOCK_SPACE, print);
    }
    try {
      return await work();
    } finally {
      await lock.release();
    }
  }

  /**
   * The shop's card of the print the upload form has chosen, with its stock and prices (admin QA: the form
   * started every card at sale 0 and offer 0, so an admin raising a listed card's price took its offer away
   * without a word). Read from the cards read model by the query an upload uses to find the card it adds to (`listedCard`).
   */
  async listed(query: ListedPrintQuery): Promise<ListedPrint> {
    const setCode = setCodeForLanguage(query.setCode, query.language);
    return { card: await this.listedCard({ ...query, setCode, defaultName: query.name }, cardId({ ...query, setCode })) };
  }

  /** The id of the card already listed for this print (the one under this name first), whatever Spanish name it was given. */
  private async listedPrint(details: ListCardDetails): Promise<string | null> {
    return (await this.listedCard(details, cardId(details)))?.id ?? null;
  }

  /** The card listed for a print, `preferredId` first when the print was listed more than once: the one an upload adds to. */
  private async listedCard(
    print: Pick<ListCardDetails, 'setCode' | 'rarity' | 'edition' | 'language' | 'defaultName'>,
    preferredId: string,
  ): Promise<ListedPrint['card']> {
    const { rows } = await this.db.query<NonNullable<ListedPrint['card']>>(
      `SELECT id, stock_final AS "stockFinal", last_sale_price AS "lastSalePrice", last_offer_price AS "lastOfferPrice" FROM cards
        WHERE set_code = $1 AND rarity = $2 AND edition = $3 AND language = $4 AND default_name = $5
        ORDER BY id = $6 DESC, id LIMIT 1`,
      [print.setCode, print.rarity, print.edition, print.language, print.defaultName, preferredId],
    );
    return rows[0] ?? null;
  }
}
