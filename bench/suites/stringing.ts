// Stringing and cable routing on a big commercial & industrial site: 16 factory halls with gable roofs
// (two faces each, flush portrait rows, skylight gaps) and 8 flat roofs with tilted racks two modules
// high (rack rows 5 m apart, gaps for roof plant), the buildings turned to the streets (0°–35°):
// about 100,000 modules on 40 faces. The stringing kernel (wasm) against the pure-TypeScript
// reference (brute-force nearest neighbours per face: O(m²)); then the ~6,000 strings routed to
// combiner boxes at the ends of their faces' rows, and their combiners to inverters and a grid point.
// The --ci pass checks the answers: every module in exactly one string or unassigned, strings on one
// face, every step of a string to the next module of its row or a turn to the next row, the
// reference's strings;
// routes as long as their Manhattan path; never the timing.
import { createEngine, loadKernels, referenceRunner } from '../../src/engine/api.ts';
import { stringingRef } from '../../src/engine/reference/stringing.ts';
import { stringing } from '../../src/engine/stringing.ts';
import { decodeStringing, planStringing } from '../../src/engine/stringing-codec.ts';
import type { KernelResult } from '../../src/engine/wasm.ts';
import { stringingInputSchema, type CableRouteInput, type CableRouteOutput, type StringingInput, type StringingOutput } from '../../src/model/stringing.ts';
import type { BenchCase, Suite } from '../framework.ts';

interface Module {
  id: string;
  x: number;
  y: number;
  faceId: string;
}

/** Portrait 2278 × 1134 mm modules, 20 mm gaps. */
const ALONG = 1.154;
const FLUSH_ROW = 2.298;
/** Tilted racks two modules high at 20°: plan distance between the rack's two module rows [m]; rack rows 5 m apart. */
const STACK = 2.298 * Math.cos((20 * Math.PI) / 180);
const RACK_PITCH = 5;

/** A seeded generator (Park–Miller). */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** The site: every module with its face, rows turned by each building's angle. */
export function industrialSite(): Module[] {
  const rnd = random(20250611);
  const modules: Module[] = [];
  const put = (faceId: string, ox: number, oy: number, angle: number, rows: number[], cols: number, gap: (r: number, c: number) => boolean) => {
    const ca = Math.cos(angle);
    const sa = Math.sin(angle);
    rows.forEach((v, r) => {
      for (let c = 0; c < cols; c++) {
        if (gap(r, c)) continue;
        const u = c * ALONG;
        modules.push({ id: `${faceId}/r${r}c${c}`, x: ox + u * ca - v * sa, y: oy + u * sa + v * ca, faceId });
      }
    });
  };
  // 16 halls, 4 × 4 blocks 150 m apart: a south and a north face of 20 rows × 100 modules each, a
  // skylight strip every 25 columns.
  for (let b = 0; b < 16; b++) {
    const angle = (((b * 7) % 36) * Math.PI) / 180;
    const ox = (b % 4) * 150;
    const oy = Math.floor(b / 4) * 150;
    const rows = Array.from({ length: 20 }, (_, r) => r * FLUSH_ROW);
    const skylight = (r: number, c: number) => c % 25 === 24 && r % 5 !== 0;
    put(`hall${b}-S`, ox, oy, angle, rows, 100, skylight);
    put(`hall${b}-N`, ox, oy, angle, rows.map((v) => v + 20 * FLUSH_ROW + 1), 100, skylight);
  }
  // 8 flat roofs east of the halls: 25 rack rows two modules high × 100 columns, plant areas left free.
  for (let k = 0; k < 8; k++) {
    const angle = (((k * 5) % 30) * Math.PI) / 180;
    const ox = 700 + (k % 2) * 160;
    const oy = Math.floor(k / 2) * 150;
    const rows = Array.from({ length: 50 }, (_, r) => Math.floor(r / 2) * RACK_PITCH + (r % 2) * STACK);
    const plantR = Math.floor(rnd() * 40);
    const plantC = Math.floor(rnd() * 80);
    put(`flat${k}`, ox, oy, angle, rows, 100, (r, c) => r >= plantR && r < plantR + 8 && c >= plantC && c < plantC + 12);
  }
  return modules;
}

/** Row and column of a module id `<face>/r<row>c<col>`. */
function rowCol(id: string): [number, number] {
  const m = /\/r(\d+)c(\d+)$/.exec(id)!;
  return [Number(m[1]), Number(m[2])];
}

/**
 * Partition, faces and contiguity of a stringing answer; null when right. A step of a string either
 * joins two modules of one row with no module of that row between them, or turns to the next row.
 */
function checkStrings(out: StringingOutput, modules: readonly Module[], expected: StringingOutput | null): string | null {
  const at = new Map(modules.map((m) => [m.id, m]));
  const present = new Set(modules.map((m) => m.id));
  const seen = new Set<string>();
  for (const s of out.strings) {
    for (let t = 0; t < s.moduleIds.length; t++) {
      const m = at.get(s.moduleIds[t]);
      if (!m || m.faceId !== s.faceId) return `${s.id} holds ${s.moduleIds[t]} of another face`;
      if (seen.has(m.id)) return `${m.id} is in two strings`;
      seen.add(m.id);
      if (t === 0) continue;
      const [r0, c0] = rowCol(s.moduleIds[t - 1]);
      const [r1, c1] = rowCol(m.id);
      if (Math.abs(r1 - r0) > 1) return `${s.id} jumps from row ${r0} to row ${r1}`;
      if (r1 === r0) {
        for (let c = Math.min(c0, c1) + 1; c < Math.max(c0, c1); c++) {
          if (present.has(`${m.faceId}/r${r0}c${c}`)) return `${s.id} skips ${m.faceId}/r${r0}c${c}`;
        }
      }
    }
  }
  for (const id of out.unassigned) {
    if (seen.has(id)) return `${id} is both strung and unassigned`;
    seen.add(id);
  }
  if (seen.size !== modules.length) return `${seen.size} modules accounted for, ${modules.length} laid out`;
  if (expected && JSON.stringify(out) !== JSON.stringify(expected)) return 'differs from the reference';
  return null;
}

/** The routing input: each string to a combiner at the west end of its face's rows (one per 16 strings). */
function routingInput(out: StringingOutput, modules: readonly Module[]): CableRouteInput {
  const at = new Map(modules.map((m) => [m.id, m]));
  const targets: CableRouteInput['targets'] = [];
  const assignment: Record<string, string> = {};
  const strings = out.strings.map((s, i) => {
    if (i % 16 === 0) {
      const first = at.get(s.moduleIds[0])!;
      targets!.push({ id: `CB${i / 16 + 1}`, position: [first.x - 3, first.y] });
    }
    assignment[s.id] = targets![targets!.length - 1].id;
    return { id: s.id, modulePositions: s.moduleIds.map((id): [number, number] => [at.get(id)!.x, at.get(id)!.y]) };
  });
  const runs = targets!.map((t, k) => ({ id: `${t.id}→INV${Math.floor(k / 4) + 1}`, from: t.position, to: [t.position[0] - 10, t.position[1] + 5] as [number, number] }));
  runs.push({ id: 'INV1→grid', from: [0, 0], to: [-50, -80] });
  return { strings, targets, assignment, runs, rowAzimuth: 90 };
}

function checkRoutes(r: CableRouteOutput, input: CableRouteInput): string | null {
  if (r.strings.length !== input.strings?.length || r.runs.length !== input.runs?.length) return 'route count';
  for (const s of r.strings) {
    let len = 0;
    for (let k = 1; k < s.path.length; k++) len += Math.abs(s.path[k][0] - s.path[k - 1][0]) + Math.abs(s.path[k][1] - s.path[k - 1][1]);
    if (Math.abs(len - s.length) > 1e-6 * (1 + len)) return `${s.id}: length ${s.length}, path ${len}`;
    if (s.targetId !== input.assignment?.[s.id]) return `${s.id} routed to ${s.targetId}`;
  }
  return null;
}

let stringCount = NaN;

export const stringingSuite: Suite = {
  name: 'stringing',
  description: 'automatic strings over ~100k modules on 40 faces (wasm vs reference) and routing their cables',
  async cases() {
    const kernels = await loadKernels('release');
    const api = createEngine(kernels);
    const reference = createEngine(referenceRunner);
    const modules = industrialSite();
    const input: StringingInput = { modules, modulesPerString: { min: 16, max: 20 }, inverters: Array.from({ length: 60 }, (_, i) => ({ id: `INV${i + 1}`, mpptCount: 6, stringsPerMppt: 2 })) };
    const shading = Object.fromEntries(modules.map((m) => [m.id, /\/r[0-1]c/.test(m.id) ? 0.12 : 0.01]));
    const expected = stringing(referenceRunner, input);
    stringCount = expected.strings.length;
    const route = routingInput(expected, modules);
    // The kernels on the same encoded arrays: the engine's own speed-up (validation and coding, the same
    // code for both, are timed in the next case).
    const plan = planStringing(stringingInputSchema.parse(input));
    const kernelCheck = (r: unknown) => checkStrings(decodeStringing(plan, r as KernelResult), modules, expected);
    const cases: BenchCase[] = [
      {
        name: `stringing kernel: ${modules.length} modules on 40 faces`,
        params: { modules: modules.length, faces: 40, strings: stringCount, unassigned: expected.unassigned.length },
        variants: [
          { name: 'engine (wasm) kernel', kind: 'engine', fn: () => kernels.run('stringing', plan.f64, plan.i32), check: kernelCheck },
          { name: 'reference (TypeScript) kernel', kind: 'reference', fn: () => stringingRef(plan.f64, plan.i32), check: kernelCheck, single: true },
        ],
        targets: [{ variant: 'engine (wasm) kernel', minRatioOver: { variant: 'reference (TypeScript) kernel', ratio: 10 }, label: 'engine ≥ 10× the reference' }],
      },
      {
        name: `stringing command (JSON in → JSON out): ${modules.length} modules`,
        params: { modules: modules.length, faces: 40, inverters: 60 },
        variants: [
          { name: 'engine (wasm) → JSON', kind: 'engine', fn: () => api.stringing(input), check: (r) => checkStrings(r as StringingOutput, modules, expected) },
          { name: 'reference (TypeScript) → JSON', kind: 'reference', fn: () => stringing(referenceRunner, input), check: (r) => checkStrings(r as StringingOutput, modules, expected), single: true },
        ],
        targets: [{ variant: 'engine (wasm) → JSON', maxMs: 300, label: '100k modules < 300 ms' }],
      },
      {
        name: `stringing command with shading (the front rows of every face shaded)`,
        params: { modules: modules.length },
        variants: [{ name: 'engine (wasm) → JSON', kind: 'engine', fn: () => api.stringing({ ...input, shading }), check: (r) => checkStrings(r as StringingOutput, modules, null) }],
      },
      {
        name: `cable routing: ${route.strings?.length} strings to ${route.targets?.length} combiners, ${route.runs?.length} runs`,
        params: { strings: route.strings?.length ?? 0, targets: route.targets?.length ?? 0, runs: route.runs?.length ?? 0 },
        variants: [
          { name: 'engine (wasm) → JSON', kind: 'engine', fn: () => api.cableRoute(route), check: (r) => checkRoutes(r as CableRouteOutput, route) },
          { name: 'reference (TypeScript) → JSON', kind: 'reference', fn: () => reference.cableRoute(route), check: (r) => checkRoutes(r as CableRouteOutput, route) },
        ],
        targets: [{ variant: 'engine (wasm) → JSON', maxMs: 500, label: '5,000 strings < 500 ms' }],
      },
    ];
    return cases;
  },
};
