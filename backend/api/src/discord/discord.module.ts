import { Module } from '@nestjs/common';
import { DiscordController } from './discord.controller';
import { DiscordOAuthClient } from './discord-oauth.client';

/** The chat-community link of a signed-in shopper (spec: account sync). */
@Module({ controllers: [DiscordController], providers: [DiscordOAuthClient] })
export class DiscordModule {}
