import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { LOGGER, type Logger } from '../../logging/logger';
import { HttpTranslator, noTranslator } from './http-translator';
import { TRANSLATOR, type Translator } from './translation.port';

@Module({
  providers: [
    {
      provide: TRANSLATOR,
      inject: [APP_CONFIG, LOGGER],
      useFactory: (config: AppConfig, logger: Logger): Translator =>
        config.translateUrl ? new HttpTranslator(config.translateUrl, logger.child({ component: 'translation' })) : noTranslator,
    },
  ],
  exports: [TRANSLATOR],
})
export class TranslationModule {}
