import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messages } from '@tcg/domain';
import type { Response } from 'express';
import { assertValidKey, type FileStorage } from '../../infra/files';
import { ApiError } from '../../web/api-exception.filter';
import { CARD_IMAGE_STORAGE, CARD_IMAGES_ROUTE } from './card-image-storage';

/** The shop's own copies of card pictures, public and cached for a year: a card's picture never changes. */
@ApiTags('catalog')
@Controller(CARD_IMAGES_ROUTE)
export class CardImagesController {
  constructor(@Inject(CARD_IMAGE_STORAGE) private readonly storage: FileStorage) {}

  @Get(':folder/:file')
  async image(@Param('folder') folder: string, @Param('file') file: string, @Res() res: Response): Promise<void> {
    const key = `cards/${folder}/${file}`;
    let stored = null;
    try {
      assertValidKey(key);
      stored = await this.storage.get(key);
    } catch (error) {
      if (!(error instanceof Error && error.name === 'InvalidFileKeyError')) throw error;
    }
    if (!stored) throw new ApiError(404, 'not_found', messages.catalog.imageNotFound);
    res.setHeader('Content-Type', stored.contentType);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(stored.bytes);
  }
}
