// The per-module shading the Electrical step uses, from the project's saved shade analysis
// ('shade-analysis', src/model/design.ts ShadeDocument): each module's annual beam loss
// Σ fₜ·cosθₜ / Σ cosθₜ and its blocked share of the sky, by module reference (arrayId#index). Only a
// current analysis counts — run on the stored layout and building versions, with the layout's arrays
// and module counts (the same rule as the editor's `isShadeStale`, web/editor/shade/shade-input.ts).
// When the document keeps its hourly record (model/shade-hourly.ts), every module's shaded steps and
// fractions are decoded too — the project's yield turns them into per-module hourly shading; when it
// does not, or the record cannot be read, why not (the yield then uses the annual factors and says so).
import { shadeDocumentSchema, type LayoutDocument, type ShadeDocument } from '../../model/design.ts';
import { moduleRef } from '../../model/electrical-design.ts';
import { unpackHourly } from '../../engine/shade-hourly-pack.ts';
import type { ModuleHourly, ShadeHourlyTime } from '../../model/shade-hourly.ts';

/** The analysis's hourly beam shading: its time steps and each shaded module's record by reference. */
export interface HourlyModuleShading {
  time: ShadeHourlyTime;
  /** Module reference → its shaded steps and levels (modules never shaded are left out). */
  records: Map<string, ModuleHourly>;
}

/** Why a current analysis has no hourly record: none kept (older analysis), left out for size, unreadable. */
export type HourlyMissing = 'absent' | 'size' | 'unreadable';

/** The shading of every module of the layout, when the stored analysis is current. */
export interface ModuleShading {
  /** The shade document's version. */
  version: number;
  /** Annual beam shading loss per module reference [0–1]. */
  beam: Map<string, number>;
  /** Blocked sky share per module reference [0–1]. */
  diffuse: Map<string, number>;
  /** The hourly record, when the document keeps a readable one (absent or null: none). */
  hourly?: HourlyModuleShading | null;
  /** Why there is no hourly record. */
  hourlyMissing?: HourlyMissing | null;
}

/** The decoded hourly record of a document, or why there is none. */
export function hourlyShading(doc: ShadeDocument): { hourly: HourlyModuleShading; missing: null } | { hourly: null; missing: HourlyMissing } {
  const h = doc.hourly;
  if (!h) return { hourly: null, missing: doc.hourlyOmitted === 'size' ? 'size' : 'absent' };
  const time: ShadeHourlyTime = { year: h.year, stepMinutes: h.stepMinutes, timezone: h.timezone, steps: h.steps };
  let unpacked: ModuleHourly[][];
  try {
    unpacked = unpackHourly(h.chunks, doc.arrays.map((a) => a.beam.length), h.steps);
  } catch (e) {
    if (e instanceof RangeError) return { hourly: null, missing: 'unreadable' };
    throw e;
  }
  const records = new Map<string, ModuleHourly>();
  doc.arrays.forEach((a, k) =>
    unpacked[k].forEach((r, i) => {
      if (r.steps.length > 0) records.set(moduleRef(a.arrayId, i), r);
    }),
  );
  return { hourly: { time, records }, missing: null };
}

/** Whether a shade analysis describes the layout: same document versions, same arrays and counts. */
export function shadeIsCurrent(shade: ShadeDocument, layout: Pick<LayoutDocument, 'arrays'>, versions: { layoutVersion: number; buildingVersion: number }): boolean {
  if (shade.layoutVersion !== versions.layoutVersion || shade.buildingVersion !== versions.buildingVersion) return false;
  if (shade.arrays.length !== layout.arrays.length) return false;
  return layout.arrays.every((a, k) => {
    const s = shade.arrays[k];
    const n = a.centers.length / 3;
    return s.arrayId === a.id && s.beam.length === n && s.diffuse.length === n;
  });
}

/**
 * The modules' shading from a stored shade document (its data and version), or null when there is
 * none, it is not in the contract's shape, or it is not current for the layout.
 */
export function moduleShading(
  stored: { version: number; data: unknown },
  layout: Pick<LayoutDocument, 'arrays'>,
  versions: { layoutVersion: number; buildingVersion: number },
): ModuleShading | null {
  const parsed = shadeDocumentSchema.safeParse(stored.data);
  if (!parsed.success || !shadeIsCurrent(parsed.data, layout, versions)) return null;
  const beam = new Map<string, number>();
  const diffuse = new Map<string, number>();
  for (const a of parsed.data.arrays) {
    a.beam.forEach((v, i) => beam.set(moduleRef(a.arrayId, i), v));
    a.diffuse.forEach((v, i) => diffuse.set(moduleRef(a.arrayId, i), v));
  }
  const { hourly, missing } = hourlyShading(parsed.data);
  return { version: stored.version, beam, diffuse, hourly, hourlyMissing: missing };
}
