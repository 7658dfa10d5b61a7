import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cardId, cardStreamName, messages } from '@tcg/domain';
import { CARDS_PROJECTION, ProjectionWaiter } from '@tcg/projections';
import { LOGGER, type Logger } from '../../logging/logger';
import { ApiError } from '../../web/api-exception.filter';
import {
  AddStockCommand,
  type CardCommandResult,
  cardStream,
  type CommandContext,
  ListCardCommand,
  type ListCardDetails,
  SetPriceCommand,
  StreamDecider,
} from '../../inventory';
import { CardDatabaseClient, CardDatabaseError } from '../card-database/card-database.client';
import { TRANSLATOR, type Translator } from '../translation/translation.port';
import { CardImagesJobHandler } from './card-images.job';
import { cardLookup, type CardLookup, setCodeForLanguage } from './card-versions';
import type { UploadCardBody, UploadCardResult } from './upload-card.schema';

@Injectable()
export class UploadCardService {
  constructor(
    private readonly cardDatabase: CardDatabaseClient,
    @Inject(TRANSLATOR) private readonly translator: Translator,
    private readonly decider: StreamDecider,
    private readonly commands: CommandBus,
    private readonly images: CardImagesJobHandler,
    private readonly waiter: ProjectionWaiter,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The card with this exact English name, its prints, and a Spanish name when the translation port has one. */
  async lookup(name: string): Promise<CardLookup> {
    let card;
    try {
      card = name.trim() ? await this.cardDatabase.cardByName(name.trim()) : null;
    } catch (error) {
      if (error instanceof CardDatabaseError) throw new ApiError(502, 'card_database_failed', messages.admin.upload.searchFailed);
      throw error;
    }
    if (!card) throw new ApiError(404, 'card_not_found', messages.admin.upload.notFound);
    return cardLookup(card, await this.translator.translateToSpanish(card.name));
  }

  /**
   * Spec §4 and §7: a new card is listed first; the quantity is added to its stock and the typed prices
   * become its price (a price entry). On an existing card a sale price of 0, the form's default, keeps
   * the price it has: adding stock must not make a card free. Its pictures are copied in the background,
   * and only while it lacks them.
   */
  async upload(body: UploadCardBody, context: CommandContext, requestId?: string): Promise<UploadCardResult> {
    // The picture is fetched by the server later: only from the card database's own hosts.
    if (body.imageUrl && !this.cardDatabase.isImageUrl(body.imageUrl)) {
      throw new ApiError(400, 'bad_request', messages.domain.invalidCardDetails);
    }
    const details: ListCardDetails = {
      // The shop shows a Spanish print under its Spanish name when there is one.
      name: body.language === 'es' && body.spanishName ? body.spanishName : body.name,
      defaultName: body.name,
      spanishName: body.spanishName,
      imageUrl: null,
      imageSmallUrl: null,
      rarity: body.rarity,
      edition: body.edition,
      set: body.set,
      setCode: setCodeForLanguage(body.setCode, body.language),
      language: body.language,
    };
    const id = cardId(details);
    const { state } = await this.decider.load(cardStream, cardStreamName(id));
    const created = state.status === 'unlisted';
    if (created) await this.commands.execute<ListCardCommand, CardCommandResult>(new ListCardCommand(details, context));
    if (created || body.salePrice > 0) {
      const offer = body.offerPrice > 0 ? body.offerPrice : null;
      await this.commands.execute<SetPriceCommand, CardCommandResult>(new SetPriceCommand(id, body.salePrice, offer, context));
    }
    const added = await this.commands.execute<AddStockCommand, CardCommandResult>(
      new AddStockCommand(id, body.quantity, body.unitCost, context, requestId),
    );
    const listed = added.state.status === 'listed' ? added.state.details : null;
    const imagesWanted = !!body.imageUrl && !(listed?.imageUrl && listed.imageSmallUrl);
    // The card and its stock are stored by now: a job queue that does not answer costs the pictures only
    // (`imagesQueued: false`; uploading the card again queues them), never the upload.
    const imagesQueued =
      imagesWanted &&
      (await this.images.enqueue({ cardId: id, sourceUrl: body.imageUrl! }).then(
        () => true,
        (error: unknown) => {
          this.logger.error({ err: error, cardId: id }, 'card pictures not queued');
          return false;
        },
      ));
    await this.waiter.waitFor(added.position, undefined, [CARDS_PROJECTION]);
    return { cardId: id, created, stock: added.stock, imagesQueued, position: added.position };
  }
}
