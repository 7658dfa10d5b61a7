import type { Database, Sql } from '@tcg/projections';

/** A linked chat-community account as the storefront shows it (spec §3). */
export interface DiscordUser {
  id: string;
  avatar: string | null;
  username: string;
  global_name: string | null;
}

interface LinkRow {
  discord_id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

export async function findDiscordLink(db: Sql, userId: string): Promise<DiscordUser | null> {
  const { rows } = await db.query<LinkRow>(
    'SELECT discord_id, username, global_name, avatar FROM discord_links WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { id: row.discord_id, avatar: row.avatar, username: row.username, global_name: row.global_name } : null;
}

/**
 * Links the Discord identity to the shop user, replacing any earlier link of theirs. Whoever just proved
 * they control a Discord account owns its link, so a link of that account to another shop user moves here.
 */
export async function saveDiscordLink(db: Database, userId: string, discord: DiscordUser): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM discord_links WHERE discord_id = $1 AND user_id <> $2', [discord.id, userId]);
    await tx.query(
      `INSERT INTO discord_links (user_id, discord_id, username, global_name, avatar, linked_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (user_id) DO UPDATE SET discord_id = EXCLUDED.discord_id, username = EXCLUDED.username,
         global_name = EXCLUDED.global_name, avatar = EXCLUDED.avatar, linked_at = EXCLUDED.linked_at`,
      [userId, discord.id, discord.username, discord.global_name, discord.avatar],
    );
  });
}

export async function deleteDiscordLink(db: Sql, userId: string): Promise<void> {
  await db.query('DELETE FROM discord_links WHERE user_id = $1', [userId]);
}
