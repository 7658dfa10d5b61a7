import { messages } from '@tcg/domain';
import { z } from 'zod';
import { isPlainLine } from '../../web/plain-text';

/** Texts a slide shows (title, alt) and the addresses it holds: enough for any, bounded so none can break the layout or the table. */
const TEXT_MAX = 200;
const URL_MAX = 2000;

/**
 * A path of the shop: `/` then anything but a second slash or a backslash (browsers read `//host` and
 * `/\host` as another site), with no backslash or control character further on either (`s`: past line
 * separators too).
 */
const SHOP_PATH = String.raw`\/(?![\/\\])(?!.*[\\\p{Cc}])`;
/** A page of the shop (`/search?q=…`) or a web address: never `javascript:`, `data:` and the like. */
const WEB_ADDRESS = new RegExp(`^(?:${SHOP_PATH}|https?:\\/\\/)`, 'isu');
const isWebAddress = (value: string | null) => value === null || WEB_ADDRESS.test(value);
/** An image the shop's pages may show: its own, or over HTTPS (the content security policy blocks `http:` images). */
const IMAGE_ADDRESS = new RegExp(`^(?:${SHOP_PATH}|https:\\/\\/)`, 'isu');
const isImageAddress = (value: string | null) => value === null || IMAGE_ADDRESS.test(value);

/** Optional texts: blank counts as absent and is stored as null (spec §5). */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, messages.admin.slides.saveFailed)
    .refine(isPlainLine, messages.admin.slides.saveFailed)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

/** Spec §5: order is coerced to a number, 0 when it is not one. */
const order = z.preprocess((value) => {
  const number = value === null || value === undefined || value === '' ? 0 : Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}, z.number().int().min(-1_000_000).max(1_000_000));

export const createSlideSchema = z.object({
  title: optionalText(TEXT_MAX),
  desktopUrl: z
    .string({ message: messages.admin.slides.missingDesktopUrl })
    .trim()
    .min(1, messages.admin.slides.missingDesktopUrl)
    .max(URL_MAX, messages.admin.slides.saveFailed)
    .refine(isPlainLine, messages.admin.slides.saveFailed)
    .refine(isImageAddress, messages.admin.slides.saveFailed),
  mobileUrl: optionalText(URL_MAX).refine(isImageAddress, messages.admin.slides.saveFailed),
  alt: optionalText(TEXT_MAX),
  link: optionalText(URL_MAX).refine(isWebAddress, messages.admin.slides.saveFailed),
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
