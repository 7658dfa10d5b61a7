import { Module } from '@nestjs/common';
import { CardDatabaseClient } from './card-database.client';

@Module({ providers: [CardDatabaseClient], exports: [CardDatabaseClient] })
export class CardDatabaseModule {}
