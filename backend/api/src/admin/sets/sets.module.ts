import { Module } from '@nestjs/common';
import { CardDatabaseModule } from '../card-database/card-database.module';
import { SetAutocompleteService } from './set-autocomplete.service';
import { SetsController } from './sets.controller';

/** /api/admin/sets: the sets table, its dialog and the autocompletion from the card database. */
@Module({ imports: [CardDatabaseModule], controllers: [SetsController], providers: [SetAutocompleteService] })
export class AdminSetsModule {}
