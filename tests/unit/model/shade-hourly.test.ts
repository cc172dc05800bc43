// The shade analysis's hourly record (src/model/shade-hourly.ts, packed by src/engine/shade-hourly-pack.ts):
// the documented byte encoding worked by hand, its round trip (bounds, an unshaded module, a full year of
// one module, the packed document record), malformed and oversized records refused, the document
// schema's checks, and the alignment of analysis steps to weather steps worked by hand from the
// calendar (month/day/hour in the analysis's local standard time).
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateHourly, packHourly, unpackHourly } from '../../../src/engine/shade-hourly-pack.ts';
import { shadeDocumentSchema } from '../../../src/model/design.ts';
import {
  analysisStepOfWeather,
  base64Chunks,
  base64ToBytes,
  bytesToBase64,
  encodeModuleHourly,
  hourlyLevel,
  readModuleHourly,
  SHADE_HOURLY,
  weatherModuleShading,
  type ShadeHourlyTime,
} from '../../../src/model/shade-hourly.ts';

const H = 3_600_000;
const read = (bytes: Uint8Array, steps: number) => readModuleHourly(bytes, 0, steps).record;

describe('hourly record encoding', () => {
  it('quantises to 1/240: the 2 × 2 samples fractions exactly, a shaded step never rounds to 0', () => {
    expect([0.25, 0.5, 0.75, 1].map(hourlyLevel)).toEqual([60, 120, 180, 240]);
    expect(hourlyLevel(1 / 3)).toBe(80);
    expect(hourlyLevel(1e-9)).toBe(1);
    expect(hourlyLevel(1.5)).toBe(240);
    expect([0, -0.1, Number.NaN].map(hourlyLevel)).toEqual([0, 0, 0]);
  });

  it("writes a module's bytes as documented: count, gaps as LEB128 varints, then levels", () => {
    // Steps 0, 200 and 20000 of a 30,000-step year with fractions 1, 0.5 and 0.25:
    //   n = 3 → 0x03; gap₀ = 0 → 0x00; gap₁ = 200 − 0 − 1 = 199 = 1·128 + 71 → 0xC7 0x01;
    //   gap₂ = 20000 − 200 − 1 = 19799 = 1·16384 + 26·128 + 87 → 0xD7 0x9A 0x01; levels 240, 120, 60.
    const f = new Float64Array(30_000);
    f[0] = 1;
    f[200] = 0.5;
    f[20_000] = 0.25;
    const bytes = encodeModuleHourly(f);
    expect(Array.from(bytes)).toEqual([0x03, 0x00, 0xc7, 0x01, 0xd7, 0x9a, 0x01, 240, 120, 60]);
    const back = readModuleHourly(bytes, 0, 30_000);
    expect(Array.from(back.record.steps)).toEqual([0, 200, 20_000]);
    expect(Array.from(back.record.levels)).toEqual([240, 120, 60]);
    expect(back.next).toBe(10);
    // A row inside a larger table: the module's own steps only. A module never shaded: one 0 byte.
    const table = new Float64Array(10);
    table.set([0, 0.75, 0, 1], 5);
    expect(Array.from(encodeModuleHourly(table, 5, 4))).toEqual([2, 1, 1, 180, 240]);
    expect(Array.from(encodeModuleHourly(new Float64Array(8760)))).toEqual([0]);
  });

  it('a full year of one module: 2 + 8760 + 8760 bytes, every step and fraction back', () => {
    const f = Float64Array.from({ length: 8760 }, (_, t) => ((t % 4) + 1) / 4);
    const bytes = encodeModuleHourly(f);
    // n = 8760 = 68·128 + 56 → two bytes; 8760 gaps of 0; 8760 levels.
    expect(bytes.length).toBe(2 + 8760 + 8760);
    const back = read(bytes, 8760);
    expect(back.steps.length).toBe(8760);
    expect(back.steps[8759]).toBe(8759);
    for (let t = 0; t < 8760; t++) expect(back.levels[t] / SHADE_HOURLY.levels).toBe(f[t]);
  });

  it('refuses malformed records with a RangeError', () => {
    expect(() => read(Uint8Array.of(2, 0), 10)).toThrow(/truncated/);
    expect(() => read(Uint8Array.of(1, 9, 240), 5)).toThrow(/beyond/); // step 9 of 5
    expect(() => read(Uint8Array.of(1, 0, 0), 5)).toThrow(/level 0/);
    expect(() => read(Uint8Array.of(1, 0, 241), 5)).toThrow(/level 241/);
    expect(() => read(Uint8Array.of(9, 0), 5)).toThrow(/9 shaded steps/);
    expect(() => base64ToBytes('@@@@')).toThrow(RangeError);
  });

  it('base64 (RFC 4648 test vectors) and its chunks of at most 1,000,000 characters', () => {
    // RFC 4648 §10: "foob" → "Zm9vYg==", "fooba" → "Zm9vYmE=", "foobar" → "Zm9vYmFy".
    const ascii = (t: string) => Uint8Array.from(t, (c) => c.charCodeAt(0));
    expect(['foob', 'fooba', 'foobar'].map((t) => bytesToBase64(ascii(t)))).toEqual(['Zm9vYg==', 'Zm9vYmE=', 'Zm9vYmFy']);
    const big = Uint8Array.from({ length: 900_000 }, (_, i) => (i * 7919) & 255);
    const text = bytesToBase64(big);
    expect(text.length).toBe(1_200_000);
    const chunks = base64Chunks(text);
    expect(chunks.map((c) => c.length)).toEqual([1_000_000, 200_000]);
    expect(Buffer.compare(base64ToBytes(chunks.join('')), big)).toBe(0);
  });

  it('packs every module one after another, deflated: the round trip, the module counts checked, a bomb refused', () => {
    const year = encodeModuleHourly(Float64Array.from({ length: 8760 }, (_, t) => (t % 24 >= 8 && t % 24 < 11 ? 0.5 : 0)));
    const none = encodeModuleHourly(new Float64Array(8760));
    const packed = packHourly([year, none, year])!;
    expect(packed.rawBytes).toBe(2 * year.length + 1);
    // The standard raw DEFLATE (zlib's inflate reads it back) of the records in order.
    const raw = inflateHourly(packed.chunks);
    expect(Buffer.compare(raw, Uint8Array.from([...year, ...none, ...year]))).toBe(0);
    // 1095 shaded hours a module at 2 bytes each, the same every day: compressed ≥ 20×.
    expect(packed.chunks.join('').length).toBeLessThan((4 / 3) * (packed.rawBytes / 20));
    const [a, b] = unpackHourly(packed.chunks, [2, 1], 8760);
    expect(a.map((r) => r.steps.length)).toEqual([3 * 365, 0]);
    expect(Array.from(a[0].steps.slice(0, 4))).toEqual([8, 9, 10, 32]);
    expect(b[0].levels[0]).toBe(120);
    expect(() => unpackHourly(packed.chunks, [2, 2], 8760)).toThrow(/truncated/);
    expect(() => unpackHourly(packed.chunks, [2], 8760)).toThrow(/after the last module/);
    expect(() => unpackHourly(['AAAA'], [1], 8760)).toThrow(RangeError);
    // 41 MiB of zeros deflate to ~41 kB: inflating stops at SHADE_HOURLY.maxRawBytes (40 MiB).
    const bomb = bytesToBase64(deflateRawSync(new Uint8Array(41 * 1024 * 1024)));
    expect(() => inflateHourly(base64Chunks(bomb))).toThrow(/more than/);
  });

  it('the shade document takes the record additively; a record of the wrong shape is named', () => {
    const doc = {
      kind: 'shade',
      version: 1,
      layoutVersion: 1,
      buildingVersion: 1,
      year: 2025,
      stepMinutes: 60,
      samples: { x: 2, y: 2 },
      arrays: [{ arrayId: 'a1', beam: [0, 0.1], diffuse: [0, 0] }],
      finishedAt: '2025-01-01T00:00:00Z',
    };
    const hourly = { encoding: SHADE_HOURLY.encoding, year: 2025, stepMinutes: 60, timezone: 8, steps: 8760, chunks: packHourly([Uint8Array.of(0), Uint8Array.of(1, 5, 240)])!.chunks };
    expect(shadeDocumentSchema.safeParse(doc).success).toBe(true);
    expect(shadeDocumentSchema.safeParse({ ...doc, hourly }).success).toBe(true);
    expect(shadeDocumentSchema.safeParse({ ...doc, hourlyOmitted: 'size' }).success).toBe(true);
    const notBase64 = shadeDocumentSchema.safeParse({ ...doc, hourly: { ...hourly, chunks: ['a b'] } });
    expect(notBase64.error?.issues[0].path).toEqual(['hourly', 'chunks', 0]);
    const otherFormat = shadeDocumentSchema.safeParse({ ...doc, hourly: { ...hourly, encoding: 'gzip' } });
    expect(otherFormat.error?.issues[0].path).toEqual(['hourly', 'encoding']);
  });
});

describe('analysis steps ↔ weather steps', () => {
  const leap2024: ShadeHourlyTime = { year: 2024, stepMinutes: 60, timezone: 8, steps: 8784 };
  const y2025: ShadeHourlyTime = { year: 2025, stepMinutes: 60, timezone: 8, steps: 8760 };
  /** An hourly year whose first interval starts at `start` [UTC ms]. */
  const hours = (start: number, n = 8760) => Float64Array.from({ length: n }, (_, i) => start + i * H);

  it('a station year on Beijing time (starts at local midnight): a winter morning takes the same hour of the analysis year', () => {
    // Weather 2019 from 1 January 00:00 UTC+8 = 31 December 2018 16:00 UTC.
    const stepOf = analysisStepOfWeather(hours(Date.UTC(2019, 0, 1) - 8 * H), 60, leap2024);
    // 15 January 09:00–10:00: day 14 → 14·24 + 9 = 345 in both years (before 29 February).
    expect(stepOf[345]).toBe(345);
    // 21 December 09:00–10:00: day 354 of 2019 (334 days to 1 December + 20) → 8505; day 355 of the
    // leap 2024 → 8529.
    expect(stepOf[354 * 24 + 9]).toBe(355 * 24 + 9);
    // 1 March 00:00: day 59 of 2019, day 60 of 2024 — the analysis's 29 February is dropped.
    expect(stepOf[59 * 24]).toBe(60 * 24);
    expect(stepOf[58 * 24 + 23]).toBe(58 * 24 + 23);
  });

  it('a PVGIS year in UTC: its first hour is 08:00 Beijing time, its last wraps to 1 January 07:00', () => {
    const stepOf = analysisStepOfWeather(hours(Date.UTC(2019, 0, 1)), 60, y2025);
    expect(stepOf[0]).toBe(8);
    // 15 January 09:00 Beijing = 01:00 UTC: weather step 14·24 + 1 = 337 → analysis 345.
    expect(stepOf[337]).toBe(345);
    // 31 December 23:00 UTC = 1 January 07:00 Beijing.
    expect(stepOf[8759]).toBe(7);
  });

  it('a half-hour zone: the weather mid-hour falls on an analysis step start and takes that step (30 min later)', () => {
    // UTC hourly weather at a UTC+5:30 site: 00:00–01:00 UTC has its sun at 00:30 UTC = 06:00 local
    // → analysis step 6 (06:00–07:00, its sun at 06:30).
    const stepOf = analysisStepOfWeather(hours(Date.UTC(2019, 0, 1), 24), 60, { year: 2025, stepMinutes: 60, timezone: 5.5, steps: 8760 });
    expect(stepOf[0]).toBe(6);
    expect(stepOf[10]).toBe(16);
  });

  it("a leap weather year against a 365-day analysis: 29 February takes 28 February's steps", () => {
    const stepOf = analysisStepOfWeather(hours(Date.UTC(2020, 0, 1) - 8 * H, 8784), 60, y2025);
    // 29 February 2020 10:00: weather (31 + 28)·24 + 10 = 1426 → analysis 28 February (31 + 27)·24 + 10.
    expect(stepOf[1426]).toBe(58 * 24 + 10);
    // 1 March 2020 10:00: weather 60·24 + 10 → analysis day 59.
    expect(stepOf[60 * 24 + 10]).toBe(59 * 24 + 10);
    expect(stepOf[8783]).toBe(8759);
  });

  it('half-hour weather: both halves of an hour take its analysis step; steps the analysis lacks are −1', () => {
    const half = Float64Array.from({ length: 4 }, (_, i) => Date.UTC(2019, 0, 1) - 8 * H + 10 * H + i * 30 * 60_000);
    expect(Array.from(analysisStepOfWeather(half, 30, y2025))).toEqual([10, 10, 11, 11]);
    expect(Array.from(analysisStepOfWeather(half, 30, { ...y2025, steps: 11 }))).toEqual([10, 10, -1, -1]);
  });

  it("a module's record on the weather's steps: ascending, fractions back from the levels", () => {
    const record = { steps: Int32Array.of(345, 346, 8000), levels: Uint8Array.of(240, 60, 120) };
    const scratch = new Uint8Array(8760);
    const pvgis = analysisStepOfWeather(hours(Date.UTC(2019, 0, 1)), 60, y2025);
    expect(weatherModuleShading(record, pvgis, scratch)).toEqual({ steps: [337, 338, 7992], beam: [1, 0.25, 0.5] });
    expect(scratch.every((v) => v === 0)).toBe(true);
    expect(weatherModuleShading({ steps: new Int32Array(0), levels: new Uint8Array(0) }, pvgis, scratch)).toBeNull();
  });
});
