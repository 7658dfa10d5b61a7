import { PROOF_MAX_BYTES } from '@tcg/domain';
import { createHash } from 'node:crypto';
import sharp from 'sharp';

// A 5 MB file can still declare an enormous canvas; refuse it before decoding (a decompression bomb).
const MAX_PIXELS = 50_000_000;

/**
 * The longest side a proof is kept at: a phone's screenshot (about 1080 × 2400) and a 12-megapixel photo
 * of a screen (4032 × 3024) keep every pixel; a larger photo is scaled down, and its text stays legible.
 */
const MAX_SIDE = 4096;

/**
 * JPEG qualities tried in turn until the proof fits in `PROOF_MAX_BYTES`, as the upload does: a noisy
 * photo saved at a low quality grew past it when re-encoded at 90 (security review: 3.3 MB in, 7.3 MB
 * kept). A photo of a screen fits at 70; two tries bound what a crafted upload costs.
 */
const JPEG_QUALITIES = [90, 70];

const FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
} as const;

export type ProofFormat = keyof typeof FORMATS;

export interface CleanProof {
  bytes: Buffer;
  extension: (typeof FORMATS)[ProofFormat]['extension'];
  contentType: (typeof FORMATS)[ProofFormat]['contentType'];
  /** SHA-256 (hex) of the re-encoded bytes: the same picture uploaded twice hashes the same. */
  hash: string;
}

/** The bytes are not a JPEG or PNG image that can be decoded, whatever the file was called. */
export class NotAProofImageError extends Error {
  override readonly name = 'NotAProofImageError';
}

/** A JPEG or PNG whose canvas is larger than `MAX_PIXELS`: refused from its header, never decoded. */
export class ProofTooManyPixelsError extends Error {
  override readonly name = 'ProofTooManyPixelsError';
}

/** An image that stays over `PROOF_MAX_BYTES` however it is re-encoded (noise, say): nothing is kept. */
export class ProofTooLargeError extends Error {
  override readonly name = 'ProofTooLargeError';
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Judges the file by its content, never by its name or declared type, then re-encodes it in the same
 * format: turned upright by its EXIF orientation first, because re-encoding drops EXIF (GPS position,
 * camera, owner) along with every other piece of metadata; 8 bits a channel, at most `MAX_SIDE` pixels
 * a side, and at most `PROOF_MAX_BYTES`: a JPEG at a lower quality when it does not fit, a PNG that does
 * not fit as a JPEG (on white, where it was transparent). Refused when nothing fits (`ProofTooLargeError`).
 */
export async function cleanProofImage(input: Buffer): Promise<CleanProof> {
  const format = await detectFormat(input);
  const encodings: { format: ProofFormat; quality?: number }[] = [
    ...(format === 'png' ? [{ format: 'png' as const }] : []),
    ...JPEG_QUALITIES.map((quality) => ({ format: 'jpeg' as const, quality })),
  ];
  for (const encoding of encodings) {
    const bytes = await encode(input, encoding.format, encoding.quality);
    if (bytes.length <= PROOF_MAX_BYTES) return { bytes, ...FORMATS[encoding.format], hash: sha256(bytes) };
  }
  throw new ProofTooLargeError(`over ${PROOF_MAX_BYTES} bytes however it is re-encoded`);
}

async function encode(input: Buffer, format: ProofFormat, quality = 90): Promise<Buffer> {
  try {
    const clean = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    return await (format === 'jpeg' ? clean.flatten({ background: '#ffffff' }).jpeg({ quality }) : clean.png()).toBuffer();
  } catch {
    throw new NotAProofImageError('the image cannot be decoded');
  }
}

/** Reads the header only (no pixel is decoded), so the canvas size can be judged before any decoding. */
async function detectFormat(input: Buffer): Promise<ProofFormat> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new NotAProofImageError('not an image');
  }
  const { format, width = 0, height = 0 } = metadata;
  if (format !== 'jpeg' && format !== 'png') throw new NotAProofImageError(`format ${format}`);
  if (width * height > MAX_PIXELS) throw new ProofTooManyPixelsError(`${width} × ${height}`);
  return format;
}
