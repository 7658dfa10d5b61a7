import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messages } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { AdminOnly } from '../../auth';
import { ZodBodyPipe } from '../../catalog/zod-body.pipe';
import { DATABASE } from '../../database/database.module';
import { LOGGER, type Logger } from '../../logging/logger';
import { ApiError } from '../../web/api-exception.filter';
import {
  type AdminSet,
  autocompleteSchema,
  type CreateSetBody,
  createSetSchema,
  type SetAutocompletion,
  type SetFields,
  updateSetSchema,
} from './admin-set.schema';
import { SetCodePipe } from '../../catalog/set-code.pipe';
import { SetAutocompleteService } from './set-autocomplete.service';
import { createSet, listSets, updateSet } from './sets.repository';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/sets')
export class SetsController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly autocompletion: SetAutocompleteService,
  ) {}

  @Get()
  async list(): Promise<{ sets: AdminSet[] }> {
    return { sets: await listSets(this.db) };
  }

  /** 409 when the code is taken: "Nuevo set" never overwrites a set (an edit is `PUT`). */
  @Post()
  async create(@Body(new ZodBodyPipe(createSetSchema, messages.admin.sets.saveFailed)) body: CreateSetBody): Promise<AdminSet> {
    const set = await this.saving(() => createSet(this.db, body));
    if (!set) throw new ApiError(409, 'set_exists', messages.admin.sets.codeTaken(body.id));
    return set;
  }

  /** The code is the set's id (and its shop URL), so an edit never changes it. */
  @Put(':id')
  async update(@Param('id', SetCodePipe) id: string, @Body(new ZodBodyPipe(updateSetSchema, messages.admin.sets.saveFailed)) body: SetFields): Promise<AdminSet> {
    const set = await this.saving(() => updateSet(this.db, id, body));
    if (!set) throw new ApiError(404, 'not_found', messages.catalog.setNotFound);
    return set;
  }

  @Post('autocomplete')
  @HttpCode(200)
  autocomplete(@Body(new ZodBodyPipe(autocompleteSchema, messages.admin.sets.nameFirst)) body: { name: string }): Promise<SetAutocompletion> {
    return this.autocompletion.autocomplete(body.name);
  }

  private async saving<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      this.logger.error({ err: error }, 'saving a set failed');
      throw new ApiError(500, 'set_save_failed', messages.admin.sets.saveFailed);
    }
  }
}
