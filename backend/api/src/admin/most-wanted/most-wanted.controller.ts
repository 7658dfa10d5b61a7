import { Body, Controller, Get, Inject, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messages } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { AdminOnly } from '../../auth';
import { ZodBodyPipe } from '../../catalog/zod-body.pipe';
import { DATABASE } from '../../database/database.module';
import { LOGGER, type Logger } from '../../logging/logger';
import { ApiError } from '../../web/api-exception.filter';
import { listEntries, replaceEntries, searchCandidates } from './most-wanted.repository';
import { type AdminMostWantedEntry, type MostWantedCandidate, saveMostWantedSchema } from './most-wanted.schema';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/most-wanted')
export class MostWantedController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  async list(): Promise<{ entries: AdminMostWantedEntry[] }> {
    return { entries: await this.failingWith(messages.admin.mostWanted.loadFailed, () => listEntries(this.db)) };
  }

  /** The card table to pick from, searched on the server: the catalogue is too big to send whole. */
  @Get('cards')
  async cards(@Query('q') q: unknown): Promise<{ cards: MostWantedCandidate[] }> {
    const query = typeof q === 'string' ? q.slice(0, 100) : '';
    return { cards: await this.failingWith(messages.admin.mostWanted.loadFailed, () => searchCandidates(this.db, query)) };
  }

  @Put()
  async save(@Body(new ZodBodyPipe(saveMostWantedSchema, messages.admin.mostWanted.saveFailed)) body: { cardIds: string[] }): Promise<{ entries: AdminMostWantedEntry[] }> {
    const failed = messages.admin.mostWanted.saveFailed;
    const missing = await this.failingWith(failed, () => replaceEntries(this.db, body.cardIds, Date.now()));
    if (missing.length > 0) throw new ApiError(400, 'unknown_cards', failed, { missing });
    return this.list();
  }

  private async failingWith<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.error({ err: error }, message);
      throw new ApiError(500, 'most_wanted_failed', message);
    }
  }
}
