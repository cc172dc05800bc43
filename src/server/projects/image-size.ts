// The pixel size of a PNG, JPEG or WebP read from its header, without decoding the image:
//   PNG  — the IHDR chunk, which must come first: width and height as 4-byte big-endian integers
//          at bytes 16–23 (ISO/IEC 15948 (PNG) §5.3 chunk layout, §11.2.2 IHDR);
//   JPEG — the first start-of-frame segment (SOF0–SOF15 except DHT C4, JPG C8, DAC CC): after its
//          2-byte length and 1-byte sample precision come the number of lines Y and samples per line
//          X, 2 bytes each, big-endian (ITU-T T.81 §B.2.2 "Frame header syntax"). Segments before it
//          are skipped by their lengths; fill bytes 0xFF before a marker are allowed (§B.1.1.2);
//          markers without a length are SOI, EOI, RST0–7 and TEM (§B.1.1.3). Y = 0 (lines given
//          later by a DNL segment, §B.2.5) is treated as unreadable;
//   WebP   — the first chunk after RIFF····WEBP (RFC 9649 §2.5–2.7): VP8X holds the canvas width
//          and height minus one (24-bit little-endian at bytes 24 and 27); VP8 (lossy) the frame's
//          14-bit width and height after its start code 9D 01 2A (RFC 6386 §9.1); VP8L (lossless)
//          after its signature 0x2F, 14-bit width and height minus one (RFC 9649 §3.2.1).
import type { ImageKind } from '../blobs/images.ts';

export interface PixelSize {
  /** [px] */
  width: number;
  /** [px] */
  height: number;
}

const PNG_SIGNATURE_LENGTH = 8;

function pngSize(b: Uint8Array): PixelSize | null {
  // signature (8) · length (4) · "IHDR" (4) · width (4) · height (4)
  if (b.length < PNG_SIGNATURE_LENGTH + 8 + 8) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const tag = String.fromCharCode(b[12], b[13], b[14], b[15]);
  if (tag !== 'IHDR' || v.getUint32(8) !== 13) return null;
  const width = v.getUint32(16);
  const height = v.getUint32(20);
  // §11.2.2: 0 is invalid, and values are at most 2³¹ − 1.
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return null;
  return { width, height };
}

/** Start-of-frame markers (T.81 Table B.1): C0–CF except C4 (DHT), C8 (JPG) and CC (DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** Markers that stand alone, without a length (T.81 §B.1.1.3). */
function standsAlone(marker: number): boolean {
  return marker === 0x01 || marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7);
}

function jpegSize(b: Uint8Array): PixelSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i < b.length) {
    if (b[i] !== 0xff) return null;
    while (i < b.length && b[i] === 0xff) i++; // fill bytes
    if (i >= b.length) return null;
    const marker = b[i++];
    if (standsAlone(marker)) continue;
    // EOI or start of scan before any frame header: no size to read.
    if (marker === 0xd9 || marker === 0xda) return null;
    if (i + 2 > b.length) return null;
    const length = (b[i] << 8) | b[i + 1];
    if (length < 2 || i + length > b.length) return null;
    if (isStartOfFrame(marker)) {
      if (length < 8) return null;
      const height = (b[i + 3] << 8) | b[i + 4];
      const width = (b[i + 5] << 8) | b[i + 6];
      return width > 0 && height > 0 ? { width, height } : null;
    }
    i += length;
  }
  return null;
}

function webpSize(b: Uint8Array): PixelSize | null {
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(b[12], b[13], b[14], b[15]);
  const le24 = (i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16);
  if (chunk === 'VP8X') return { width: le24(24) + 1, height: le24(27) + 1 };
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    const width = (b[26] | (b[27] << 8)) & 0x3fff;
    const height = (b[28] | (b[29] << 8)) & 0x3fff;
    return width > 0 && height > 0 ? { width, height } : null;
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = (b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

/** The pixel size in a PNG's, JPEG's or WebP's header, or null when the header is missing or malformed. */
export function imagePixelSize(kind: ImageKind, bytes: Uint8Array): PixelSize | null {
  if (kind === 'png') return pngSize(bytes);
  if (kind === 'jpeg') return jpegSize(bytes);
  return webpSize(bytes);
}
