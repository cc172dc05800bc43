// The server's own check of one drone photo (spec 001 §5 "Drone photos"), whatever the browser
// said: a JPEG by its first bytes (ITU T.81 SOI marker), with a GPS latitude and longitude in its
// EXIF (CIPA DC-008 "Exif 2.32" §4.6.6 GPS attributes, read by exifr). A position of exactly 0°, 0°
// is what cameras without a fix write: it counts as missing.
import { createHash } from 'node:crypto';
import exifr from 'exifr';
import { DRONE_LIMITS, type PhotoFailure } from '../../model/api/drone.ts';
import { imageKind } from '../blobs/images.ts';

export type PhotoVerdict =
  | { ok: true; lat: number; lng: number; sha256: string }
  | { ok: false; reason: PhotoFailure; lat: number | null; lng: number | null; sha256: string | null };

/** The GPS position in a JPEG's EXIF [°], or null when it has none (or it cannot be read). */
export async function gpsOf(bytes: Uint8Array): Promise<{ lat: number; lng: number } | null> {
  try {
    const gps = (await exifr.gps(bytes)) as { latitude?: unknown; longitude?: unknown } | undefined;
    const lat = gps?.latitude;
    const lng = gps?.longitude;
    if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || (lat === 0 && lng === 0)) return null;
    return { lat, lng };
  } catch {
    return null;
  }
}

/** Checks what one photo carries by itself (the session's count, total and credit come after). */
export async function checkPhoto(bytes: Uint8Array): Promise<PhotoVerdict> {
  if (imageKind(bytes) !== 'jpeg') return { ok: false, reason: 'not-jpeg', lat: null, lng: null, sha256: null };
  if (bytes.length > DRONE_LIMITS.maxPhotoBytes) return { ok: false, reason: 'too-large', lat: null, lng: null, sha256: null };
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const gps = await gpsOf(bytes);
  if (!gps) return { ok: false, reason: 'missing-gps', lat: null, lng: null, sha256 };
  return { ok: true, lat: gps.lat, lng: gps.lng, sha256 };
}
