import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CatalogModule } from './catalog/catalog.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { EventStoreModule } from './event-store/event-store.module';
import { HealthModule } from './health/health.module';
import type { Logger } from './logging/logger';
import { SeedModule } from './seed/seed.module';

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
        CqrsModule.forRoot(),
        CatalogModule,
        SeedModule,
      ],
    };
  }
}
