import { DynamicModule, Global, Module } from '@nestjs/common';
import { LOGGER, Logger } from '../logging/logger';
import { APP_CONFIG, AppConfig } from './app-config';

/** The validated configuration and the root logger, made once in main.ts and shared by every module. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [APP_CONFIG, LOGGER],
    };
  }
}
