import { useState } from 'react';
import type { ImgHTMLAttributes } from 'react';

/** A neutral card back, so a missing or broken image never leaves a hole in a grid. */
const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 59 86"><rect width="59" height="86" rx="3" fill="#2b2f3a"/>' +
      '<rect x="4" y="4" width="51" height="78" rx="2" fill="none" stroke="#f2a900" stroke-width="1.5"/>' +
      '<circle cx="29.5" cy="43" r="11" fill="none" stroke="#f2a900" stroke-width="1.5"/></svg>',
  );

type SafeImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> & {
  src: string | null | undefined;
  width: number;
  height: number;
};

export function SafeImage({ src, alt = '', loading = 'lazy', ...props }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_IMAGE;
  return (
    <img
      {...props}
      src={usable}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src ?? null)}
    />
  );
}
