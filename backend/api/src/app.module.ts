import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AdminModule } from './admin/admin.module';
import { AdminMostWantedModule } from './admin/most-wanted/most-wanted.module';
import { AdminSetsModule } from './admin/sets/sets.module';
import { AdminSlidesModule } from './admin/slides/slides.module';
import { AdminUploadCardModule } from './admin/upload-card/upload-card.module';
import { AuthModule } from './auth';
import { CatalogModule } from './catalog/catalog.module';
import { CheckoutModule } from './checkout';
import { CheckoutHttpModule } from './checkout/checkout-http.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { TableMaintenanceModule } from './database/table-maintenance.service';
import { DiscordModule } from './discord';
import { EventStoreModule } from './event-store/event-store.module';
import { FilesModule } from './files/files.module';
import { HealthModule } from './health/health.module';
import { InventoryModule } from './inventory';
import { JobsModule } from './jobs/jobs.module';
import type { Logger } from './logging/logger';
import { OrdersModule } from './orders';
import { OrdersHttpModule } from './orders/orders-http.module';
import { ProofsModule } from './proofs';
import { ProjectorModule } from './projector/projector.module';
import { SearchModule } from './search/search.module';
import { SeedModule } from './seed/seed.module';
import { RejectUnstorableTextGuard } from './web/reject-unstorable-text.guard';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config, logger),
        HealthModule,
        DatabaseModule,
        EventStoreModule,
        FilesModule,
        CqrsModule.forRoot(),
        AuthModule,
        DiscordModule,
        JobsModule,
        TableMaintenanceModule,
        InventoryModule,
        OrdersModule,
        CheckoutModule,
        ProofsModule,
        CheckoutHttpModule,
        OrdersHttpModule,
        CatalogModule,
        SeedModule,
        SearchModule,
        ProjectorModule,
        AdminModule,
        AdminSetsModule,
        AdminSlidesModule,
        AdminMostWantedModule,
        AdminUploadCardModule,
      ],
      providers: [{ provide: APP_GUARD, useClass: RejectUnstorableTextGuard }],
    };
  }
}
