import { messages } from '@tcg/domain';
import { z } from 'zod';

/** Optional texts: blank counts as absent and is stored as null (spec §5). */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value.trim() : null));

/** Spec §5: order is coerced to a number, 0 when it is not one. */
const order = z.preprocess((value) => {
  const number = value === null || value === undefined || value === '' ? 0 : Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}, z.number().int().min(-1_000_000).max(1_000_000));

export const createSlideSchema = z.object({
  title: optionalText,
  desktopUrl: z
    .string({ message: messages.admin.slides.missingDesktopUrl })
    .trim()
    .min(1, messages.admin.slides.missingDesktopUrl),
  mobileUrl: optionalText,
  alt: optionalText,
  link: optionalText,
  order,
  visible: z.boolean().default(true),
});

export const visibilitySchema = z.object({ visible: z.boolean({ message: messages.admin.slides.visibilityFailed }) });

export type CreateSlideBody = z.output<typeof createSlideSchema>;

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
