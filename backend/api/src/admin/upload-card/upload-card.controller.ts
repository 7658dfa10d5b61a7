import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messages } from '@tcg/domain';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { AdminOnly, type AuthUser, CurrentUser } from '../../auth';
import { INVALID_REQUEST, ZodBodyPipe } from '../../catalog/zod-body.pipe';
import { ApiError } from '../../web/api-exception.filter';
import { idempotencyKeyHeader } from '../../web/idempotency-key';
import { type CardPictures, CardImagesJobHandler } from './card-images.job';
import type { CardLookup } from './card-versions';
import { type ListedPrint, type ListedPrintQuery, listedPrintQuerySchema, type UploadCardBody, type UploadCardResult, uploadCardSchema } from './upload-card.schema';
import { UploadCardService } from './upload-card.service';

@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class UploadCardController {
  constructor(
    private readonly uploads: UploadCardService,
    private readonly images: CardImagesJobHandler,
  ) {}

  @Get('card-lookup')
  lookup(@Query('name') name: unknown): Promise<CardLookup> {
    return this.uploads.lookup(typeof name === 'string' ? name.slice(0, 200) : '');
  }

  /** The shop's card of a chosen print (its stock and prices), or `card: null` for a print not listed yet. */
  @Get('cards/listed')
  listed(@Query(new ZodBodyPipe(listedPrintQuerySchema)) query: ListedPrintQuery): Promise<ListedPrint> {
    return this.uploads.listed(query);
  }

  /** The browser's `Idempotency-Key` (optional) makes a re-sent upload add the quantity once; the key with another upload is refused (422). */
  @Post('cards/upload')
  @HttpCode(201)
  upload(
    @Body(new ZodBodyPipe(uploadCardSchema, messages.admin.upload.uploadFailed)) body: UploadCardBody,
    @Headers('idempotency-key') requestId: string | undefined,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
  ): Promise<UploadCardResult> {
    const key = idempotencyKeyHeader(requestId, messages.domain.invalidRequestKey);
    return this.uploads.upload(body, { correlationId: String(req.id ?? randomUUID()), actor: user.id }, key);
  }

  /** How the copy of a card's pictures queued at `since` (an upload's `queuedAt`) went: the upload form asks while it shows its result. */
  @Get('cards/:id/pictures')
  async pictures(@Param('id') cardId: string, @Query('since') since: unknown): Promise<CardPictures> {
    const from = typeof since === 'string' ? new Date(since) : new Date(Number.NaN);
    if (Number.isNaN(from.getTime())) throw new ApiError(400, 'bad_request', INVALID_REQUEST);
    const pictures = await this.images.pictures(cardId, from);
    if (!pictures) throw new ApiError(404, 'not_found', messages.catalog.cardNotFound);
    return pictures;
  }
}
