import type { DiscordUser } from './api/get-discord-link';

/** The server-side start of the link; a full page load, since it answers with a redirect to Discord. */
export const DISCORD_START_URL = '/api/auth/discord/start';

export function discordDisplayName(user: DiscordUser): string {
  return user.global_name || user.username;
}

/**
 * The account's avatar, or Discord's own default for accounts without one (the same picture Discord
 * shows them: one of six, chosen from the id's timestamp bits).
 */
export function discordAvatarUrl(user: DiscordUser): string {
  if (user.avatar) return `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png`;
  const index = /^\d+$/.test(user.id) ? Number((BigInt(user.id) >> 22n) % 6n) : 0;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}
