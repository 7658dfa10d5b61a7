import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '@tcg/domain';
import { api } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/use-single-flight';
import { catalogueContentChanged } from '@/lib/own-writes';

export interface SetProducts {
  booster: boolean;
  display: boolean;
  cartaSuelta: boolean;
}

export interface AdminSet {
  id: string;
  name: string;
  releaseDate: string;
  preorderAvailable: boolean;
  products: SetProducts;
  cards: string[];
}

export interface SetAutocompletion {
  id: string;
  name: string;
  releaseDate: string;
  cards: string[];
  message: string;
}

export const setsQueryKey = ['admin', 'sets'] as const;

/** GET /api/admin/sets, newest release first. */
export const getSetsQueryOptions = () =>
  queryOptions({
    queryKey: setsQueryKey,
    queryFn: ({ signal }) => api.get<{ sets: AdminSet[] }>('/api/admin/sets', { signal }).then((body) => body.sets),
  });

export const useSets = () => useQuery(getSetsQueryOptions());

/** POST /api/admin/sets to create, PUT /api/admin/sets/{id} to edit (the code stays). */
export function useSaveSet() {
  const queryClient = useQueryClient();
  return useSingleFlight(
    useMutation({
      mutationFn: ({ set, editing }: { set: AdminSet; editing: boolean }) =>
        editing
          ? api.put<AdminSet>(`/api/admin/sets/${encodeURIComponent(set.id)}`, set, { fallback: messages.admin.sets.saveFailed })
          : api.post<AdminSet>('/api/admin/sets', set, { fallback: messages.admin.sets.saveFailed }),
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: setsQueryKey });
        catalogueContentChanged(queryClient);
      },
    }),
  );
}

/** POST /api/admin/sets/autocomplete: code, release date and cards from the card database. */
export const useAutocompleteSet = () =>
  useMutation({ mutationFn: (name: string) => api.post<SetAutocompletion>('/api/admin/sets/autocomplete', { name }) });
