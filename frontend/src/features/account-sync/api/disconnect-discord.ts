import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { discordLinkQueryKey, type DiscordLinkResponse } from './get-discord-link';

/** POST /api/auth/discord/disconnect; the answer is the unlinked state, written straight into the cache. */
export function useDisconnectDiscord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DiscordLinkResponse>('/api/auth/discord/disconnect', {}),
    onSuccess: (link) => queryClient.setQueryData(discordLinkQueryKey, link),
  });
}
