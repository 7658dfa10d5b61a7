import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AdminSlide {
  id: string;
  title: string | null;
  desktopUrl: string;
  mobileUrl: string | null;
  alt: string;
  link: string | null;
  order: number;
  visible: boolean;
  createdAt: string;
  createdAtMs: number;
}

export const slidesQueryKey = ['admin', 'slides'] as const;

/** Spec §7: the admin view is live; another admin's change shows within this time (while the tab is visible). */
export const SLIDES_LIVE_MS = 5000;

/** GET /api/admin/slides: every slide, newest first (spec §7). */
export const getSlidesQueryOptions = () =>
  queryOptions({
    queryKey: slidesQueryKey,
    refetchInterval: SLIDES_LIVE_MS,
    queryFn: ({ signal }) => api.get<{ slides: AdminSlide[] }>('/api/admin/slides', { signal }).then((body) => body.slides),
  });

export const useSlides = () => useQuery(getSlidesQueryOptions());
