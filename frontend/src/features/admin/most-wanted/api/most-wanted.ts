import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '@tcg/domain';
import { api } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/use-single-flight';

/** Spec §9: the home page shows up to 16. */
export const MOST_WANTED_MAX = 16;

export interface MostWantedEntry {
  id: string;
  cardId: string;
  defaultName: string;
  set: string;
  imageSmallUrl: string | null;
  price: number | null;
  inStock: boolean;
  link: string;
}

export interface MostWantedCandidate {
  id: string;
  name: string;
  defaultName: string;
  set: string;
  setCode: string;
  rarity: string;
  imageSmallUrl: string | null;
  stockFinal: number;
  price: number;
}

const entriesKey = ['admin', 'most-wanted'] as const;

const getEntriesQueryOptions = () =>
  queryOptions({
    queryKey: entriesKey,
    queryFn: ({ signal }) => api.get<{ entries: MostWantedEntry[] }>('/api/admin/most-wanted', { signal }).then((body) => body.entries),
  });

/** GET /api/admin/most-wanted: the entries the home page shows now. */
export const useMostWantedEntries = () => useQuery(getEntriesQueryOptions());

async function getCandidates(q: string, signal?: AbortSignal): Promise<MostWantedCandidate[]> {
  const body = await api.get<{ cards: MostWantedCandidate[] }>(`/api/admin/most-wanted/cards?q=${encodeURIComponent(q)}`, { signal });
  return body.cards;
}

const getCandidatesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...entriesKey, 'cards', q],
    queryFn: ({ signal }) => getCandidates(q, signal),
    // The table keeps the last results while the next search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/most-wanted/cards?q=: the cards to pick from, searched on the server. */
export const useMostWantedCandidates = (q: string) => useQuery(getCandidatesQueryOptions(q));

/** PUT /api/admin/most-wanted: replaces every entry at once. */
export function useSaveMostWanted() {
  const queryClient = useQueryClient();
  return useSingleFlight(
    useMutation({
      mutationFn: (cardIds: string[]) =>
        api.put<{ entries: MostWantedEntry[] }>('/api/admin/most-wanted', { cardIds }, { fallback: messages.admin.mostWanted.saveFailed }),
      onSuccess: (answer) => {
        queryClient.setQueryData(getEntriesQueryOptions().queryKey, answer.entries);
        void queryClient.invalidateQueries({ queryKey: ['home'] });
      },
    }),
  );
}
