// The company images' rules checked in the browser before an upload (spec 001 §5 "Company logo: JPG
// or PNG, 170x40 pixels, at most 1 MB. Profile or cover image: one JPG or PNG, at most 2 MB"; §9;
// the limits are ENTERPRISE_LIMITS of src/model/api/enterprise.ts, which the server applies too).
// The format is read from the file's first bytes (PNG and JPEG signatures), not from its name.
import { ENTERPRISE_LIMITS, type CompanyImageKind } from '../../../model/api/enterprise.ts';

export type ImageFormat = 'png' | 'jpeg';
export type ImageProblem = 'type' | 'logoSize' | 'logoBytes' | 'templateBytes';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** PNG (8-byte signature) or JPEG (FF D8 FF) from a file's first bytes; null otherwise. */
export function imageFormat(head: Uint8Array): ImageFormat | null {
  if (head.length >= 8 && PNG_SIGNATURE.every((b, i) => head[i] === b)) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  return null;
}

/**
 * What is wrong with an image for `kind`, or null: not JPG/PNG, a logo not 170 × 40 px or over 1 MB,
 * a profile / cover image over 2 MB. `size` is in pixels (null when the picture could not be read).
 */
export function imageProblem(kind: CompanyImageKind, file: { format: ImageFormat | null; bytes: number; size: { width: number; height: number } | null }): ImageProblem | null {
  if (file.format === null) return 'type';
  if (kind === 'logo') {
    if (file.bytes > ENTERPRISE_LIMITS.logo.maxBytes) return 'logoBytes';
    if (!file.size || file.size.width !== ENTERPRISE_LIMITS.logo.width || file.size.height !== ENTERPRISE_LIMITS.logo.height) return 'logoSize';
    return null;
  }
  return file.bytes > ENTERPRISE_LIMITS.templateImage.maxBytes ? 'templateBytes' : null;
}
