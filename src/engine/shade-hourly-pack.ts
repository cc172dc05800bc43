// The shade analysis's hourly record packed for the 'shade-analysis' document and unpacked again: the
// modules' byte records (src/model/shade-hourly.ts, which describes the whole format) one after
// another, compressed with raw DEFLATE (RFC 1951) by fflate, in base64 chunks. Packed by the web editor
// when it saves a finished analysis, unpacked by the server for the project's yield. The unpacking
// inflates a few kilobytes at a time and stops at SHADE_HOURLY.maxRawBytes, so a hostile document
// cannot make it allocate more.
import { deflateSync, Inflate } from 'fflate';
import { base64Chunks, base64ToBytes, bytesToBase64, readModuleHourly, SHADE_HOURLY, type ModuleHourly } from '../model/shade-hourly.ts';

/** Compressed bytes pushed into the inflater at once (its output per push is at most ~1032× this). */
const INFLATE_SLICE = 4096;

/** The packed record, or null when its records exceed SHADE_HOURLY.maxRawBytes before compression. */
export function packHourly(records: readonly Uint8Array[]): { chunks: string[]; rawBytes: number } | null {
  let raw = 0;
  for (const r of records) raw += r.length;
  if (raw > SHADE_HOURLY.maxRawBytes) return null;
  const all = new Uint8Array(raw);
  let o = 0;
  for (const r of records) {
    all.set(r, o);
    o += r.length;
  }
  return { chunks: base64Chunks(bytesToBase64(deflateSync(all, { level: 6 }))), rawBytes: raw };
}

/** Total characters of a packed record's chunks. */
export function packedChars(chunks: readonly string[]): number {
  let n = 0;
  for (const c of chunks) n += c.length;
  return n;
}

/** The raw records of a packed record. @throws RangeError when not base64, not DEFLATE, or too large */
export function inflateHourly(chunks: readonly string[]): Uint8Array {
  const packed = base64ToBytes(chunks.join(''));
  const parts: Uint8Array[] = [];
  let size = 0;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > SHADE_HOURLY.maxRawBytes) throw new RangeError(`hourly shading record: more than ${SHADE_HOURLY.maxRawBytes} bytes inflated`);
    parts.push(chunk);
  });
  try {
    for (let i = 0; i < packed.length; i += INFLATE_SLICE) inflater.push(packed.subarray(i, i + INFLATE_SLICE), i + INFLATE_SLICE >= packed.length);
    if (packed.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (e) {
    if (e instanceof RangeError) throw e;
    throw new RangeError(`hourly shading record: not DEFLATE data (${e instanceof Error ? e.message : String(e)})`, { cause: e });
  }
  const out = new Uint8Array(size);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * Every module's record from a packed record.
 * @param chunks the document's `hourly.chunks`
 * @param counts modules per array, in the document's order
 * @param steps steps of the analysis year
 * @returns per array, per module, its shaded steps and levels
 * @throws RangeError when the record is malformed, too large, or holds another number of modules
 */
export function unpackHourly(chunks: readonly string[], counts: readonly number[], steps: number): ModuleHourly[][] {
  const raw = inflateHourly(chunks);
  let o = 0;
  const out = counts.map((n) =>
    Array.from({ length: n }, () => {
      const { record, next } = readModuleHourly(raw, o, steps);
      o = next;
      return record;
    }),
  );
  if (o !== raw.length) throw new RangeError(`hourly shading record: ${raw.length - o} bytes after the last module`);
  return out;
}
