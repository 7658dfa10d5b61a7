import { Module } from '@nestjs/common';
import { SlidesController } from './slides.controller';

/** /api/admin/slides: the home slider's slides; the storefront reads the visible ones from /api/home. */
@Module({ controllers: [SlidesController] })
export class AdminSlidesModule {}
