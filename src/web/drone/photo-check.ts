// The browser's first check of a drone photo (spec 001 §5 "Drone photos"), before anything is sent:
// a JPEG by its first bytes (FF D8 FF, ITU T.81 SOI marker), within the size cap, with a GPS
// latitude and longitude in its EXIF (APP1 is at most 64 KiB and comes first: only the file's first
// 128 KiB are read and given to exifr). The server checks again.
// A position of exactly 0°, 0° is what cameras without a fix write: it counts as missing.
import exifr from 'exifr';
import { DRONE_LIMITS, type PhotoFailure } from '../../model/api/drone.ts';

/** [bytes] read for the EXIF block. */
const EXIF_HEAD_BYTES = 128 * 1024;

export type LocalVerdict = { ok: true; lat: number; lng: number } | { ok: false; reason: PhotoFailure };

/** Checks one file (a File or Blob). */
export async function checkPhotoLocally(file: Blob): Promise<LocalVerdict> {
  const head = new Uint8Array(await file.slice(0, EXIF_HEAD_BYTES).arrayBuffer());
  if (head.length < 3 || head[0] !== 0xff || head[1] !== 0xd8 || head[2] !== 0xff) return { ok: false, reason: 'not-jpeg' };
  if (file.size > DRONE_LIMITS.maxPhotoBytes) return { ok: false, reason: 'too-large' };
  try {
    const gps = (await exifr.gps(head)) as { latitude?: unknown; longitude?: unknown } | undefined;
    const lat = gps?.latitude;
    const lng = gps?.longitude;
    if (typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && !(lat === 0 && lng === 0)) {
      return { ok: true, lat, lng };
    }
  } catch {
    // unreadable EXIF: no GPS
  }
  return { ok: false, reason: 'missing-gps' };
}
