import { Module } from '@nestjs/common';
import { FILE_STORAGE } from '../../files/files.module';
import { InventoryModule } from '../../inventory';
import { CardDatabaseModule } from '../card-database/card-database.module';
import { TranslationModule } from '../translation/translation.module';
import { CardImagesController } from './card-images.controller';
import { CardImagesJobHandler } from './card-images.job';
import { CARD_IMAGE_STORAGE } from './card-image-storage';
import { UploadCardController } from './upload-card.controller';
import { UploadCardService } from './upload-card.service';

/** /api/admin/card-lookup and /api/admin/cards/upload, the card image job, and the pictures' public route. */
@Module({
  imports: [CardDatabaseModule, TranslationModule, InventoryModule],
  controllers: [UploadCardController, CardImagesController],
  providers: [
    { provide: CARD_IMAGE_STORAGE, useExisting: FILE_STORAGE },
    CardImagesJobHandler,
    UploadCardService,
  ],
})
export class AdminUploadCardModule {}
