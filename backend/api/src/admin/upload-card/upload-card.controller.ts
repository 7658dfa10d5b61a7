import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messages } from '@tcg/domain';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { AdminOnly, type AuthUser, CurrentUser } from '../../auth';
import { ZodBodyPipe } from '../../catalog/zod-body.pipe';
import type { CardLookup } from './card-versions';
import { type UploadCardBody, type UploadCardResult, uploadCardSchema } from './upload-card.schema';
import { UploadCardService } from './upload-card.service';

@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class UploadCardController {
  constructor(private readonly uploads: UploadCardService) {}

  @Get('card-lookup')
  lookup(@Query('name') name: unknown): Promise<CardLookup> {
    return this.uploads.lookup(typeof name === 'string' ? name.slice(0, 200) : '');
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
    return this.uploads.upload(body, { correlationId: String(req.id ?? randomUUID()), actor: user.id }, requestId);
  }
}
