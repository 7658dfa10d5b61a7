import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messages } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { AdminOnly } from '../../auth';
import { ZodBodyPipe } from '../../catalog/zod-body.pipe';
import { DATABASE } from '../../database/database.module';
import { LOGGER, type Logger } from '../../logging/logger';
import { ApiError } from '../../web/api-exception.filter';
import { type AdminSlide, type CreateSlideBody, createSlideSchema, visibilitySchema } from './admin-slide.schema';
import { deleteSlide, insertSlide, listSlides, setSlideVisibility, updateSlide } from './slides.repository';

const slideId = (message: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => new ApiError(404, 'not_found', message) });

/** Each failure answers the spec's text for that action; the cause goes to the log. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/slides')
export class SlidesController {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  async list(): Promise<{ slides: AdminSlide[] }> {
    return { slides: await this.failingWith(messages.admin.slides.readFailed, () => listSlides(this.db)) };
  }

  @Post()
  create(@Body(new ZodBodyPipe(createSlideSchema, messages.admin.slides.saveFailed)) body: CreateSlideBody): Promise<AdminSlide> {
    return this.failingWith(messages.admin.slides.saveFailed, () => insertSlide(this.db, body));
  }

  /** Beyond spec §2 (add, toggle, delete): a mistyped link or a new order is edited, not deleted and added again (ADR 0005 §15). */
  @Put(':id')
  async update(
    @Param('id', slideId(messages.admin.slides.saveFailed)) id: string,
    @Body(new ZodBodyPipe(createSlideSchema, messages.admin.slides.saveFailed)) body: CreateSlideBody,
  ): Promise<AdminSlide> {
    const failed = messages.admin.slides.saveFailed;
    const slide = await this.failingWith(failed, () => updateSlide(this.db, id, body));
    if (!slide) throw new ApiError(404, 'not_found', failed);
    return slide;
  }

  @Patch(':id/visibility')
  async visibility(
    @Param('id', slideId(messages.admin.slides.visibilityFailed)) id: string,
    @Body(new ZodBodyPipe(visibilitySchema, messages.admin.slides.visibilityFailed)) body: { visible: boolean },
  ): Promise<AdminSlide> {
    const failed = messages.admin.slides.visibilityFailed;
    const slide = await this.failingWith(failed, () => setSlideVisibility(this.db, id, body.visible));
    if (!slide) throw new ApiError(404, 'not_found', failed);
    return slide;
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', slideId(messages.admin.slides.deleteFailed)) id: string): Promise<void> {
    const failed = messages.admin.slides.deleteFailed;
    if (!(await this.failingWith(failed, () => deleteSlide(this.db, id)))) throw new ApiError(404, 'not_found', failed);
  }

  private async failingWith<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.logger.error({ err: error }, message);
      throw new ApiError(500, 'slides_failed', message);
    }
  }
}
