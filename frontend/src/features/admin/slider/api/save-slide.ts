import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@tcg/domain';
import { api } from '@/lib/api-client';
import { useSingleFlight } from '@/lib/use-single-flight';
import { type AdminSlide, slidesQueryKey } from './get-slides';

export interface SlideForm {
  title: string;
  desktopUrl: string;
  mobileUrl: string;
  link: string;
  alt: string;
  order: string;
  visible: boolean;
}

export interface NewSlide {
  title: string | null;
  desktopUrl: string;
  mobileUrl: string | null;
  link: string | null;
  alt: string | null;
  order: number;
  visible: boolean;
}

const orNull = (text: string) => text.trim() || null;

/** Spec §5 Admin slide: desktop URL required (trimmed), blank optionals as null, order a number or 0. */
export function parseSlideForm(form: SlideForm): { ok: true; slide: NewSlide } | { ok: false; message: string } {
  const desktopUrl = form.desktopUrl.trim();
  if (!desktopUrl) return { ok: false, message: messages.admin.slides.missingDesktopUrl };
  const order = Number(form.order);
  return {
    ok: true,
    slide: {
      title: orNull(form.title),
      desktopUrl,
      mobileUrl: orNull(form.mobileUrl),
      link: orNull(form.link),
      alt: orNull(form.alt),
      order: form.order.trim() && Number.isFinite(order) ? Math.trunc(order) : 0,
      visible: form.visible,
    },
  };
}

/**
 * POST /api/admin/slides, or PUT /api/admin/slides/{id} for a slide being edited: the form sends every
 * field either way.
 */
export function useSaveSlide() {
  const queryClient = useQueryClient();
  return useSingleFlight(
    useMutation({
      mutationFn: ({ slide, id }: { slide: NewSlide; id?: string }) =>
        id === undefined
          ? api.post<AdminSlide>('/api/admin/slides', slide)
          : api.put<AdminSlide>(`/api/admin/slides/${encodeURIComponent(id)}`, slide),
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: slidesQueryKey });
        void queryClient.invalidateQueries({ queryKey: ['home'] });
      },
    }),
  );
}
