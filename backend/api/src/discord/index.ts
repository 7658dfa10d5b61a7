export { DiscordModule } from './discord.module';
