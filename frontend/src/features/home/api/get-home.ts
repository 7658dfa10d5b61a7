import type { HomeResponse } from '@tcg/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec §9 limits, applied here as well so an over-generous response cannot stretch the page. */
const MOST_WANTED_LIMIT = 16;
const HOME_SET_LIMIT = 12;

export async function getHome({ signal }: { signal?: AbortSignal } = {}): Promise<HomeResponse> {
  const home = await api.get<HomeResponse>('/api/home', { signal });
  return {
    slides: home.slides,
    mostWanted: home.mostWanted.slice(0, MOST_WANTED_LIMIT),
    latestSets: home.latestSets.slice(0, HOME_SET_LIMIT),
  };
}

export const getHomeQueryOptions = () =>
  queryOptions({
    queryKey: ['home'],
    queryFn: ({ signal }) => getHome({ signal }),
  });

export const useHome = () => useQuery(getHomeQueryOptions());
