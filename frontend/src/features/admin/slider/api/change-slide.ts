import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@tcg/domain';
import { type AdminSlide, slidesQueryKey } from './get-slides';
import { api } from '@/lib/api-client';

/** PATCH /api/admin/slides/{id}/visibility; the answer replaces the row at once, before the refetch. */
export function useSlideVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, visible }: { id: string; visible: boolean }) =>
      api.patch<AdminSlide>(`/api/admin/slides/${encodeURIComponent(id)}/visibility`, { visible }, { fallback: messages.admin.slides.visibilityFailed }),
    onSuccess: (changed) => {
      queryClient.setQueryData<AdminSlide[]>(slidesQueryKey, (slides) => slides?.map((slide) => (slide.id === changed.id ? changed : slide)));
      void queryClient.invalidateQueries({ queryKey: slidesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}

/** DELETE /api/admin/slides/{id}. */
export function useDeleteSlide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/admin/slides/${encodeURIComponent(id)}`, undefined, { fallback: messages.admin.slides.deleteFailed }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: slidesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['home'] });
    },
  });
}
