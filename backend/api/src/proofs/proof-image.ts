import { createHash } from 'node:crypto';
import sharp from 'sharp';

// A 5 MB file can still declare an enormous canvas; refuse it before decoding (a decompression bomb).
const MAX_PIXELS = 50_000_000;

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

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Judges the file by its content, never by its name or declared type, then re-encodes it in the same
 * format: turned upright by its EXIF orientation first, because re-encoding drops EXIF (GPS position,
 * camera, owner) along with every other piece of metadata.
 */
export async function cleanProofImage(input: Buffer): Promise<CleanProof> {
  const format = await detectFormat(input);
  try {
    const upright = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const bytes = await (format === 'jpeg' ? upright.jpeg({ quality: 90 }) : upright.png()).toBuffer();
    return { bytes, ...FORMATS[format], hash: sha256(bytes) };
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
