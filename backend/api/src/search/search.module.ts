import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Database, OpenedSearch, openSearch, SearchIndex } from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DATABASE } from '../database/database.module';
import { PortRegistry } from '../health/port-registry';
import { SearchController } from './search.controller';
import { OPENED_SEARCH, SEARCH_INDEX } from './search.tokens';

export { OPENED_SEARCH, SEARCH_INDEX } from './search.tokens';

@Module({
  controllers: [SearchController],
  providers: [
    {
      provide: OPENED_SEARCH,
      inject: [APP_CONFIG, DATABASE, PortRegistry],
      useFactory: (config: AppConfig, db: Database, ports: PortRegistry): OpenedSearch => {
        const opened = openSearch({ db, openSearchUrl: config.openSearchUrl });
        ports.register({ port: 'search', adapter: opened.index.name, check: () => opened.index.ping() });
        return opened;
      },
    },
    { provide: SEARCH_INDEX, inject: [OPENED_SEARCH], useFactory: (opened: OpenedSearch): SearchIndex => opened.index },
  ],
  exports: [SEARCH_INDEX, OPENED_SEARCH],
})
export class SearchModule implements OnApplicationShutdown {
  constructor(@Inject(OPENED_SEARCH) private readonly opened: OpenedSearch) {}

  async onApplicationShutdown(): Promise<void> {
    await this.opened.close();
  }
}
