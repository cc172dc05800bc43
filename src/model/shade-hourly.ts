// The shade analysis's hourly record: each module's beam shading fraction fₜ at every step of the
// analysis year where it is shaded, kept in the 'shade-analysis' document (design.ts `hourly`) so that
// the project's yield can turn shading within a string into electrical mismatch (simulate's
// `electrical.moduleShading`, model/simulate.ts). Pure functions shared by the web (encode at save),
// the server (decode) and the compute worker (align to the weather year).
//
// Encoding (`encoding: 'deflate-raw/gap-varint-u8-240'`): one byte record per module, all modules one
// after another — arrays in the document's order, each array's modules in centre order — compressed
// with raw DEFLATE (RFC 1951; src/engine/shade-hourly-pack.ts), in base64 (RFC 4648 §4, padded), split
// into `chunks` of at most SHADE_HOURLY.chunkChars characters (a multiple of 4) to stay within the
// design documents' bound on a string value. A module's record:
//   n                  the number of shaded steps, unsigned LEB128 varint (7 bits a byte, low first,
//                      high bit set on every byte but the last) — a module never shaded is one 0 byte;
//   g₀ … gₙ₋₁          the steps as gaps, varints: stepₖ = stepₖ₋₁ + 1 + gₖ with step₋₁ = −1
//                      (consecutive hours are gap 0: one byte each);
//   q₀ … qₙ₋₁          one byte per step: the fraction quantised to 1/240, q = round(f·240) in 1…240
//                      (a shaded step never rounds away). 240 = 2⁴·3·5 makes the fractions of every
//                      sample count dividing it exact — 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, … samples,
//                      the default 2 × 2 among them; otherwise the error is at most 1/480.
// Records cost about 2 bytes per shaded module-hour; neighbouring modules and successive days shade
// alike, so DEFLATE takes that down about 20× (a 200-module roof behind a parapet, a box and a pole in
// Shanghai: 240 kB of records, 12 kB deflated).
//
// Time alignment (docs/ENGINE-API.md "shade"; model/shade.ts shadeYearSchema): analysis step k covers
// [k·Δ, (k + 1)·Δ) from local standard midnight on 1 January of the analysis year (UTC + timezone), its
// sun at mid-step. Weather records (weather/record.ts) hold UTC interval starts and the chain takes the
// sun at mid-interval (physics/sky-series.ts). A weather step takes the analysis step of the same
// month, day and time of day, in the analysis's local standard time, that holds its mid-interval
// instant: for an hourly weather year on whole hours of that clock the two intervals are the same hour
// (the suns differ only by the change between the two calendar years). When the weather's hours are
// offset by half an hour from the analysis's clock (a UTC file at a UTC+5:30 site), its mid-interval
// falls on an analysis step's start and takes that step: the shading is then that of a sun 30 min
// later (always within half an analysis step). A leap analysis year against a 365-day weather year
// drops 29 February; a weather 29 February against a 365-day analysis year takes 28 February's steps.
import { z } from 'zod';

/** Constants of the hourly record. */
export const SHADE_HOURLY = {
  /** The encoding named in the document. */
  encoding: 'deflate-raw/gap-varint-u8-240',
  /** Quantisation levels of a fraction: f = q / levels. */
  levels: 240,
  /**
   * Most base64 characters of the compressed record: above it the record is left out of the document
   * (`hourlyOmitted: 'size'`), keeping the document well under DESIGN_DOCUMENT_MAX (8 MiB).
   */
  budgetChars: 6_000_000,
  /** Most characters of one chunk (the design documents' bound on a string value; a multiple of 4). */
  chunkChars: 1_000_000,
  /**
   * Most bytes of the records before compression (about 20 million shaded module-steps, twice what
   * one simulation takes: SIMULATE_ELECTRICAL_LIMITS.shadedModuleSteps): a larger record is not kept,
   * and a stored one that inflates beyond it is not read.
   */
  maxRawBytes: 40 * 1024 * 1024,
} as const;

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

/** The analysis's time steps (model/shade.ts shadeYearSchema) and their count. */
export const shadeHourlyTimeSchema = z.object({
  year: z.int().min(1900).max(2200),
  /** Step [min]. */
  stepMinutes: finite.min(1).max(1440),
  /** Local standard time offset from UTC [h]. */
  timezone: finite.min(-12).max(14),
  /** Steps of the analysis year. */
  steps: z.int().min(1).max(527_040),
});
export type ShadeHourlyTime = z.infer<typeof shadeHourlyTimeSchema>;

/** The document's hourly record: the time steps and the compressed records of every module (see above). */
export const shadeHourlySchema = shadeHourlyTimeSchema.extend({
  encoding: z.literal(SHADE_HOURLY.encoding),
  /** Base64 of the deflated records, in pieces: joined in order they are one base64 text. */
  chunks: z
    .array(
      z
        .string()
        .max(SHADE_HOURLY.chunkChars)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
    )
    .min(1)
    .max(Math.ceil(SHADE_HOURLY.budgetChars / SHADE_HOURLY.chunkChars) + 2),
});
export type ShadeHourly = z.infer<typeof shadeHourlySchema>;

/** One module's decoded record: shaded steps (ascending) and their levels (fraction = level / levels). */
export interface ModuleHourly {
  steps: Int32Array;
  levels: Uint8Array;
}

/** The quantised level of a fraction [0–1]: 0 when not shaded, else round(f·240) within 1…240. */
export function hourlyLevel(fraction: number): number {
  if (!(fraction > 0)) return 0;
  const q = Math.round(fraction * SHADE_HOURLY.levels);
  return q < 1 ? 1 : q > SHADE_HOURLY.levels ? SHADE_HOURLY.levels : q;
}

/** The fraction [0–1] of a level. */
export function levelFraction(level: number): number {
  return level / SHADE_HOURLY.levels;
}

function varintLength(v: number): number {
  let n = 1;
  while (v >= 0x80) {
    v = Math.floor(v / 0x80);
    n++;
  }
  return n;
}

function writeVarint(out: Uint8Array, o: number, v: number): number {
  while (v >= 0x80) {
    out[o++] = (v & 0x7f) | 0x80;
    v = Math.floor(v / 0x80);
  }
  out[o++] = v;
  return o;
}

/**
 * A module's record from its per-step fractions (the engine's per-step row).
 * @param fractions shaded fraction per step [0–1]; steps ≤ 0 (or NaN) are not shaded
 * @param start index of the module's first step in `fractions`
 * @param steps number of steps
 * @returns the record's bytes (1 byte, n = 0, for a module never shaded)
 */
export function encodeModuleHourly(fractions: ArrayLike<number>, start = 0, steps = fractions.length - start): Uint8Array {
  let n = 0;
  let bytes = 0;
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    if (fractions[start + t] > 0) {
      n++;
      bytes += varintLength(t - prev - 1);
      prev = t;
    }
  }
  const out = new Uint8Array(varintLength(n) + bytes + n);
  let o = writeVarint(out, 0, n);
  let q = o + bytes;
  prev = -1;
  for (let t = 0; t < steps; t++) {
    const f = fractions[start + t];
    if (f > 0) {
      o = writeVarint(out, o, t - prev - 1);
      out[q++] = hourlyLevel(f);
      prev = t;
    }
  }
  return out;
}

/**
 * Reads one module's record from `bytes` at `offset`.
 * @param steps steps of the analysis year (every step must be below)
 * @returns the record and the offset just after it
 * @throws RangeError when the bytes there are not a well-formed record of that year
 */
export function readModuleHourly(bytes: Uint8Array, offset: number, steps: number): { record: ModuleHourly; next: number } {
  let o = offset;
  const read = (): number => {
    let v = 0;
    let scale = 1;
    for (;;) {
      if (o >= bytes.length) throw new RangeError('hourly shading record: truncated');
      const b = bytes[o++];
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 0x80;
      if (scale > 2 ** 35) throw new RangeError('hourly shading record: varint too long');
    }
  };
  const n = read();
  if (n > steps) throw new RangeError(`hourly shading record: ${n} shaded steps in a year of ${steps}`);
  const record: ModuleHourly = { steps: new Int32Array(n), levels: new Uint8Array(n) };
  let prev = -1;
  for (let k = 0; k < n; k++) {
    prev += 1 + read();
    if (prev >= steps) throw new RangeError(`hourly shading record: step ${prev} beyond the year's ${steps}`);
    record.steps[k] = prev;
  }
  if (o + n > bytes.length) throw new RangeError('hourly shading record: truncated');
  for (let k = 0; k < n; k++) {
    const q = bytes[o + k];
    if (q < 1 || q > SHADE_HOURLY.levels) throw new RangeError(`hourly shading record: level ${q} out of 1…${SHADE_HOURLY.levels}`);
    record.levels[k] = q;
  }
  return { record, next: o + n };
}

/** Base64 (RFC 4648 §4, padded) of bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  // 3·2¹³ bytes a piece: whole base64 groups, and few enough arguments for fromCharCode.
  for (let i = 0; i < bytes.length; i += 3 * 8192) parts.push(btoa(String.fromCharCode(...bytes.subarray(i, i + 3 * 8192))));
  return parts.join('');
}

/** The bytes of a base64 text. @throws RangeError when it is not base64 */
export function base64ToBytes(text: string): Uint8Array {
  let s: string;
  try {
    s = atob(text);
  } catch {
    throw new RangeError('hourly shading record: not base64');
  }
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** A base64 text in pieces of at most SHADE_HOURLY.chunkChars characters. */
export function base64Chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += SHADE_HOURLY.chunkChars) out.push(text.slice(i, i + SHADE_HOURLY.chunkChars));
  return out.length ? out : [''];
}

const MS_PER_MIN = 60_000;
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * The analysis step of each weather step (see the file's header for the rule and its offsets).
 * @param times weather interval starts [ms since 1970, UTC] (weather/record.ts)
 * @param intervalMinutes length of a weather interval [min]
 * @param time the analysis's year, step [min], timezone [h] and step count
 * @returns per weather step, the analysis step index, or −1 when the analysis has none there
 */
export function analysisStepOfWeather(times: ArrayLike<number>, intervalMinutes: number, time: ShadeHourlyTime): Int32Array {
  const out = new Int32Array(times.length);
  const half = (intervalMinutes * MS_PER_MIN) / 2;
  const zone = time.timezone * 60 * MS_PER_MIN;
  const yearStart = Date.UTC(time.year, 0, 1);
  const leap = isLeap(time.year);
  for (let i = 0; i < times.length; i++) {
    const local = new Date(times[i] + half + zone);
    const month = local.getUTCMonth();
    let day = local.getUTCDate();
    if (month === 1 && day === 29 && !leap) day = 28;
    const ofDay = local.getTime() - Date.UTC(local.getUTCFullYear(), month, local.getUTCDate());
    const minute = (Date.UTC(time.year, month, day) - yearStart + ofDay) / MS_PER_MIN;
    const k = Math.floor(minute / time.stepMinutes + 1e-9);
    out[i] = k >= 0 && k < time.steps ? k : -1;
  }
  return out;
}

/**
 * A module's shading on the weather's steps, in simulate's `moduleShading` shape: the weather steps
 * (ascending) whose analysis step is shaded, and the fraction there. Null when none is.
 * @param record the module's decoded record
 * @param stepOf analysisStepOfWeather's answer
 * @param scratch zeros, one per analysis step (left as zeros)
 */
export function weatherModuleShading(record: ModuleHourly, stepOf: Int32Array, scratch: Uint8Array): { steps: number[]; beam: number[] } | null {
  if (record.steps.length === 0) return null;
  for (let k = 0; k < record.steps.length; k++) scratch[record.steps[k]] = record.levels[k];
  const steps: number[] = [];
  const beam: number[] = [];
  for (let i = 0; i < stepOf.length; i++) {
    const a = stepOf[i];
    if (a >= 0 && scratch[a] > 0) {
      steps.push(i);
      beam.push(levelFraction(scratch[a]));
    }
  }
  for (let k = 0; k < record.steps.length; k++) scratch[record.steps[k]] = 0;
  return steps.length ? { steps, beam } : null;
}
