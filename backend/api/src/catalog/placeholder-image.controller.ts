import { Controller, Get, Header, NotFoundException, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { isPlaceholderKind, placeholderSvg } from './placeholder-image';

@ApiExcludeController()
@Controller('images/placeholder')
export class PlaceholderImageController {
  @Get(':kind/:label')
  @Header('Content-Type', 'image/svg+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=31536000, immutable')
  image(@Param('kind') kind: string, @Param('label') label: string): string {
    if (!isPlaceholderKind(kind)) throw new NotFoundException();
    return placeholderSvg(kind, label.replace(/\.svg$/, '').slice(0, 120));
  }
}

/** The URL the demo data stores for a generated picture. */
export function placeholderUrl(kind: 'card' | 'set' | 'slide' | 'slide-mobile', label: string): string {
  return `/api/images/placeholder/${kind}/${encodeURIComponent(label)}.svg`;
}
