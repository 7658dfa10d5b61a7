import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The linked chat-community account (spec §3). */
export interface DiscordUser {
  id: string;
  avatar: string | null;
  username: string;
  global_name: string | null;
}

/** GET /api/auth/discord/user: the signed-in shopper's link, and whether the shop can make new ones. */
export interface DiscordLinkResponse {
  user: DiscordUser | null;
  available: boolean;
}

export const discordLinkQueryKey = ['auth', 'discord'] as const;

export const getDiscordLinkQueryOptions = () =>
  queryOptions({
    queryKey: discordLinkQueryKey,
    queryFn: ({ signal }) => api.get<DiscordLinkResponse>('/api/auth/discord/user', { signal }),
    // The page is opened fresh on the way back from Discord, so a cached "not linked" must not win.
    staleTime: 0,
  });

export const useDiscordLink = () => useQuery(getDiscordLinkQueryOptions());
