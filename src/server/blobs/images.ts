// Image uploads are recognised by their first bytes, never by the name or the declared type:
// PNG (89 50 4E 47 0D 0A 1A 0A, ISO/IEC 15948 §5.2), JPEG (FF D8 FF, ITU T.81 SOI marker + the next
// marker's FF) and WebP (RIFF····WEBP, RFC 9649 §2).
export type ImageKind = 'png' | 'jpeg' | 'webp';

export const IMAGE_TYPES: Record<ImageKind, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The kind of image the bytes hold, or null when they are not PNG, JPEG or WebP. */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (
    b.length >= 12 &&
    b[0] === 0x52 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x46 &&
    b[8] === 0x57 && b[9] === 0x45 && b[10] === 0x42 && b[11] === 0x50
  ) return 'webp';
  return null;
}
