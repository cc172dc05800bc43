// Hand-made layouts for the stringing tests: rectangular grids of modules, optionally rotated, with
// ids `<prefix>r<row>c<col>`; and the checks the tests share (partition, neighbour steps).
import type { StringingOutput } from '../../../src/model/stringing.ts';

export interface GridModule {
  id: string;
  x: number;
  y: number;
  faceId: string;
}

export interface GridOptions {
  /** Centre-to-centre distance along a row [m] (portrait 1.134 m modules with a 20 mm gap). */
  pitchAlong?: number;
  /** Centre-to-centre distance between rows [m] (2.278 m modules with a 20 mm gap). */
  pitchAcross?: number;
  /** Direction of the rows [° counter-clockwise from +x]. */
  angleDeg?: number;
  origin?: [number, number];
  faceId?: string;
  prefix?: string;
}

/** PORTRAIT spacing of a 2278 × 1134 mm module with 20 mm gaps. */
export const ALONG = 1.154;
export const ACROSS = 2.298;

/** rows × cols modules, row r at distance r·pitchAcross, column c at c·pitchAlong, rows in order. */
export function grid(rows: number, cols: number, o: GridOptions = {}): GridModule[] {
  const along = o.pitchAlong ?? ALONG;
  const across = o.pitchAcross ?? ACROSS;
  const a = ((o.angleDeg ?? 0) * Math.PI) / 180;
  const [x0, y0] = o.origin ?? [0, 0];
  const out: GridModule[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const u = c * along;
      const v = r * across;
      out.push({ id: `${o.prefix ?? ''}r${r}c${c}`, x: x0 + u * Math.cos(a) - v * Math.sin(a), y: y0 + u * Math.sin(a) + v * Math.cos(a), faceId: o.faceId ?? 'f1' });
    }
  }
  return out;
}

/** The ids of row r, columns from → to (inclusive, either direction). */
export function rowIds(r: number, from: number, to: number, prefix = ''): string[] {
  const ids: string[] = [];
  const step = to >= from ? 1 : -1;
  for (let c = from; c !== to + step; c += step) ids.push(`${prefix}r${r}c${c}`);
  return ids;
}

/** Every module id exactly once, in a string or in `unassigned`. */
export function partitionIds(out: StringingOutput): string[] {
  return [...out.strings.flatMap((s) => s.moduleIds), ...out.unassigned].sort();
}

/** The longest step between consecutive modules of any string [m]. */
export function longestStep(out: StringingOutput, modules: readonly GridModule[]): number {
  const at = new Map(modules.map((m) => [m.id, m]));
  let longest = 0;
  for (const s of out.strings) {
    for (let t = 1; t < s.moduleIds.length; t++) {
      const a = at.get(s.moduleIds[t - 1])!;
      const b = at.get(s.moduleIds[t])!;
      longest = Math.max(longest, Math.hypot(b.x - a.x, b.y - a.y));
    }
  }
  return longest;
}

/** A fixed permutation of the items (a linear congruential shuffle): input order must not matter. */
export function shuffled<T>(items: readonly T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
