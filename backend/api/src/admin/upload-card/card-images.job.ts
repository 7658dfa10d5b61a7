import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { cardStreamName, messages } from '@tcg/domain';
import sharp from 'sharp';
import type { FileStorage } from '../../infra/files';
import { FAILED_JOBS_KEPT, type JobContext, type JobOptions, type JobQueue, PermanentJobError } from '../../infra/jobs';
import { cardStream, ChangeCardDetailsCommand, StreamDecider, systemContext } from '../../inventory';
import { JOB_QUEUE } from '../../jobs/jobs.module';
import { LOGGER, type Logger } from '../../logging/logger';
import { CardDatabaseClient, CardDatabaseError } from '../card-database/card-database.client';
import { CARD_IMAGE_SIZES, CARD_IMAGE_STORAGE, type CardImageSize, cardImageKey, cardImageUrl } from './card-image-storage';

export const CARD_IMAGES_JOB = 'card-images';

/**
 * The card database allows 20 requests a second and bans hotlinking; 8 per fixed second keeps any
 * sliding second under 20. Retries back off from 2 s, for a database that is briefly down.
 */
export const CARD_IMAGES_JOB_OPTIONS: JobOptions = { rateLimit: { max: 8, durationMs: 1000 }, attempts: 5, backoffMs: 2000 };

export interface CardImagesJob {
  cardId: string;
  sourceUrl: string;
}

/** Where a card's pictures stand, for the admin who uploaded it; `message` says why a copy was given up. */
export type CardPictures = { state: 'copied' } | { state: 'pending' } | { state: 'failed'; message: string };

/** Spec §8's words for a picture the card database would not give. */
const HTTP_FAILURE = /^Error HTTP: \d{3}$/;

const sizes = Object.keys(CARD_IMAGE_SIZES) as CardImageSize[];

/** How long a copy outside the queue (`copyNow`) may take: the download is bounded on its own, this bounds the rest. */
const COPY_NOW_TIMEOUT_MS = 60_000;

/** A card picture is 590×860; a decompression bomb is refused before it is decoded. */
const MAX_CARD_IMAGE_PIXELS = 25_000_000;

/**
 * What a card database's picture may be: it serves JPEG; anything else (SVG, TIFF, HEIF, which sharp
 * would decode as readily) is refused before decoding, however trusted the source (security review).
 */
const COPIED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp']);

/** Copies a card's picture once from the card database, as WebP in two widths, and points the card at it. */
@Injectable()
export class CardImagesJobHandler implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(CARD_IMAGE_STORAGE) private readonly storage: FileStorage,
    private readonly cardDatabase: CardDatabaseClient,
    private readonly decider: StreamDecider,
    private readonly commands: CommandBus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onModuleInit(): void {
    this.queue.register<CardImagesJob>(CARD_IMAGES_JOB, (data, job) => this.run(data, job), CARD_IMAGES_JOB_OPTIONS);
  }

  /**
   * One job per card and picture: a second upload with the same picture joins the first, while one with a
   * corrected address is not dropped behind a job still retrying the wrong one.
   */
  enqueue(job: CardImagesJob): Promise<void> {
    const picture = createHash('sha256').update(job.sourceUrl).digest('hex').slice(0, 16);
    return this.queue.enqueue(CARD_IMAGES_JOB, job, { jobId: `${CARD_IMAGES_JOB}:${job.cardId}:${picture}` });
  }

  /** The job, run here in the background when the queue did not take it: one attempt, its failure logged. */
  copyNow(job: CardImagesJob): void {
    this.run(job, { signal: AbortSignal.timeout(COPY_NOW_TIMEOUT_MS) }).catch((error: unknown) =>
      this.logger.error({ err: error, cardId: job.cardId }, 'card pictures not copied'),
    );
  }

  /**
   * The pictures of `cardId` as the upload that queued them at `since` sees them: copied, on their way
   * (retries included), or a copy of this card given up since then with the reason (spec §8's
   * 'Error HTTP: {status}'; upload QA: a 404 showed only in the server's log). Null for a card not listed.
   */
  async pictures(cardId: string, since: Date): Promise<CardPictures | null> {
    const { state } = await this.decider.load(cardStream, cardStreamName(cardId));
    if (state.status !== 'listed') return null;
    if (state.details.imageUrl && state.details.imageSmallUrl) return { state: 'copied' };
    const failed = (await this.queue.failed(CARD_IMAGES_JOB, FAILED_JOBS_KEPT)).find(
      (job) => (job.data as Partial<CardImagesJob> | null)?.cardId === cardId && job.failedAt >= since,
    );
    if (!failed) return { state: 'pending' };
    return { state: 'failed', message: HTTP_FAILURE.test(failed.error) ? failed.error : messages.admin.upload.imageCopyFailed };
  }

  /** Idempotent: a card that has its pictures is left alone, and stored files are not fetched again. */
  async run({ cardId, sourceUrl }: CardImagesJob, job: Pick<JobContext, 'signal'>): Promise<void> {
    const { state } = await this.decider.load(cardStream, cardStreamName(cardId));
    // A job outlives its card only in a journal or a queue kept across versions: no attempt brings it back.
    if (state.status !== 'listed') throw new PermanentJobError(`card ${cardId} is not listed`);
    if (state.details.imageUrl && state.details.imageSmallUrl) return;
    const stored = await Promise.all(sizes.map((size) => this.storage.exists(cardImageKey(cardId, size))));
    if (!stored.every(Boolean)) await this.copy(cardId, await this.download(sourceUrl, job.signal));
    await this.commands.execute(
      new ChangeCardDetailsCommand(
        cardId,
        { imageUrl: cardImageUrl(cardId, 'large'), imageSmallUrl: cardImageUrl(cardId, 'small') },
        systemContext(CARD_IMAGES_JOB),
      ),
    );
  }

  private async download(url: string, signal: AbortSignal): Promise<Buffer> {
    try {
      return await this.cardDatabase.image(url, signal);
    } catch (error) {
      if (error instanceof CardDatabaseError && error.status) {
        const message = messages.admin.upload.imageHttpError(error.status);
        // The address is wrong (404, 410, …): trying again only costs the card database's rate limit.
        // A timeout (408), a rate limit (429) and server errors may pass.
        const permanent = error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
        throw permanent ? new PermanentJobError(message) : new Error(message);
      }
      throw error;
    }
  }

  private async copy(cardId: string, original: Buffer): Promise<void> {
    const format = await sharp(original, { limitInputPixels: MAX_CARD_IMAGE_PIXELS })
      .metadata()
      .then((metadata) => metadata.format as string, () => 'unreadable');
    if (!COPIED_FORMATS.has(format)) throw new PermanentJobError(`the card database's picture is ${format}, not JPEG, PNG or WebP`);
    for (const size of sizes) {
      const webp = await sharp(original, { limitInputPixels: MAX_CARD_IMAGE_PIXELS }).resize({ width: CARD_IMAGE_SIZES[size], withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
      await this.storage.put(cardImageKey(cardId, size), webp, 'image/webp');
    }
  }
}
