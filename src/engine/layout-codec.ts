// The layout kernel's host codec (engine/abi.ts, section layout): a parsed layout input → the footprint
// grid and polygons as flat arrays, and the kernel's placed columns → modules in 3D.
//
// The array frame: A = the array azimuth (flush: the face's; tilted: the racks'), d = (sin A, cos A)
// the direction the modules look (plan, x east, y north). u = (−cos A, sin A) runs along a row from
// its left end seen from the front, v = −d up the array; (u, v) is right-handed like (x, y), so
// rings keep their orientation. All kernel lengths are plan lengths: on a face of tilt β a flush
// module of slope length h covers h·cos β up the frame, and flush rows repeat every (h + gap y)·cos β.
// A tilted rack of n stacked modules has slope length L = n·h + (n − 1)·gap y, plan depth L·cos t and
// top-edge height L·sin t; its rows repeat every L·cos t + spacing (src/design-rules/row-spacing.ts when null).
import { LayoutIn, LayoutOutI32, LayoutStride, PolygonKind, Status, Align } from '../../engine/abi.ts';
import { TOO_MANY_MESSAGE } from '../model/constants.ts';
import { LAYOUT, type Alignment, type LayoutInputParsed, type LayoutModuleOut, type LayoutOutput } from '../model/layout.ts';
import { planeOf, vertexMean, type PlanePlan } from '../model/plan-geometry.ts';
import { InputError } from './errors.ts';
import { growKeepout, insetFace, type Ring } from './layout-regions.ts';
import { winterRowSpacing } from '../design-rules/row-spacing.ts';
import type { KernelResult } from './wasm.ts';

const D2R = Math.PI / 180;

/** cos and sin of an angle [°], exact at multiples of 90° (azimuth 180 gives axes without 1e-16 noise). */
function cosSinDeg(deg: number): [number, number] {
  const q = deg / 90;
  if (Number.isInteger(q)) {
    const k = ((q % 4) + 4) % 4;
    return [[1, 0, -1, 0][k], [0, 1, 0, -1][k]];
  }
  return [Math.cos(deg * D2R), Math.sin(deg * D2R)];
}

const ALIGN: Record<Alignment, Align> = { start: Align.START, center: Align.CENTER, end: Align.END };

/** Everything decoding needs: the arrays sent and the geometry to rebuild modules in 3D. */
export interface LayoutPlan {
  f64: Float64Array;
  i32: Int32Array;
  /** Frame axes (plan unit vectors): u along a row, v up the array. */
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  /** Module side along a row, module side up the slope / rack [m]. */
  along: number;
  up: number;
  /** Footprint depth (plan) of one flush module or one rack [m]. */
  depth: number;
  pitchU: number;
  pitchV: number;
  /** Gap between stacked modules (slope) [m]. */
  gapY: number;
  perColumn: number;
  /** Modules' tilt and azimuth [°]; tilted: stacked on racks rising from the face plane. */
  tilt: number;
  azimuth: number;
  tilted: boolean;
  /** The face plane: z = z0 + gx·(x − x0) + gy·(y − y0). */
  x0: number;
  y0: number;
  z0: number;
  gx: number;
  gy: number;
  powerW: number;
  /** The polygons sent (plan): the inset face and the grown keep-outs. */
  regions: Ring[];
  keepouts: Ring[];
}

/** The face plane from its vertices: Newell's normal through the vertices' mean; level through it for a vertical face. */
function facePlane(vertices: readonly (readonly number[])[]): PlanePlan {
  const plane = planeOf(vertices);
  if (plane) return plane;
  const [x0, y0, z0] = vertexMean(vertices);
  return { x0, y0, z0, gx: 0, gy: 0 };
}

/** Validated input → the kernel's arrays and the geometry of the modules. Throws InputError. */
export function planLayout(input: LayoutInputParsed): LayoutPlan {
  const { face, module, mounting, gap } = input;
  const portrait = input.orientation === 'portrait';
  const along = portrait ? module.width : module.length;
  const up = portrait ? module.length : module.width;
  const tilted = mounting.type === 'tilted';
  const azimuth = tilted ? mounting.azimuth : face.azimuth;
  const tilt = tilted ? mounting.tilt : face.tilt;
  const cosT = Math.cos(tilt * D2R);
  const perColumn = tilted ? mounting.modulesPerColumn : 1;
  let depth: number;
  let pitchV: number;
  if (mounting.type === 'tilted') {
    const slope = perColumn * up + (perColumn - 1) * gap.y;
    depth = slope * cosT;
    let spacing = mounting.rowSpacing;
    if (spacing === null) {
      // The schema makes sure a site is given.
      const latitude = input.site?.latitude ?? 0;
      spacing = winterRowSpacing(slope * Math.sin(tilt * D2R), latitude, azimuth);
      if (!Number.isFinite(spacing)) {
        throw new InputError(
          ['site', 'latitude'],
          `at latitude ${latitude}° the sun is below the horizon during 09:00–15:00 on the winter solstice: give mounting.rowSpacing`,
        );
      }
    }
    pitchV = depth + spacing;
  } else {
    depth = up * cosT;
    pitchV = (up + gap.y) * cosT;
  }
  const eps = LAYOUT.containmentTolerance;
  if (!(depth > 1e3 * eps)) throw new InputError(['mounting', 'tilt'], 'the modules are too steep: their plan depth is below 1 mm');

  const [cosA, sinA] = cosSinDeg(azimuth);
  const ux = -cosA;
  const uy = sinA;
  const vx = -sinA;
  const vy = -cosA;
  const regions = insetFace(face.vertices, input.setback);
  const keepouts = input.keepouts.flatMap((k) => growKeepout(k.polygon, k.setback));
  const polygons: [PolygonKind, Ring][] = [...regions.map((r): [PolygonKind, Ring] => [PolygonKind.REGION, r]), ...keepouts.map((r): [PolygonKind, Ring] => [PolygonKind.KEEPOUT, r])];
  const nVertices = polygons.reduce((s, [, r]) => s + r.length, 0);
  const f64 = new Float64Array(LayoutIn.HEADER + 2 * nVertices);
  f64[LayoutIn.UX] = ux;
  f64[LayoutIn.UY] = uy;
  f64[LayoutIn.VX] = vx;
  f64[LayoutIn.VY] = vy;
  f64[LayoutIn.WIDTH] = along;
  f64[LayoutIn.DEPTH] = depth;
  f64[LayoutIn.PITCH_U] = along + gap.x;
  f64[LayoutIn.PITCH_V] = pitchV;
  f64[LayoutIn.EPS] = eps;
  f64[LayoutIn.ALIGN_X] = ALIGN[input.alignment.x];
  f64[LayoutIn.ALIGN_Y] = ALIGN[input.alignment.y];
  // The cap in whole modules (a hair of slack so that 0.55 kW of 550 W modules is one module).
  f64[LayoutIn.MAX_MODULES] = input.maxCapacityKw === null ? -1 : Math.floor((input.maxCapacityKw * 1000) / module.powerW + 1e-9);
  f64[LayoutIn.PER_COLUMN] = perColumn;
  f64[LayoutIn.MAX_CANDIDATES] = LAYOUT.maxCandidates;
  const i32 = new Int32Array(1 + 2 * polygons.length);
  i32[0] = polygons.length;
  let at = LayoutIn.HEADER;
  polygons.forEach(([kind, ring], p) => {
    i32[1 + 2 * p] = kind;
    i32[2 + 2 * p] = ring.length;
    for (const [x, y] of ring) {
      f64[at++] = x;
      f64[at++] = y;
    }
  });
  return {
    f64,
    i32,
    ux,
    uy,
    vx,
    vy,
    along,
    up,
    depth,
    pitchU: along + gap.x,
    pitchV,
    gapY: gap.y,
    perColumn,
    tilt,
    azimuth,
    tilted,
    ...facePlane(face.vertices),
    powerW: module.powerW,
    regions,
    keepouts,
  };
}

/**
 * A layout as flat arrays: what the editor draws (instanced quads) and what the shade command needs,
 * without one object per module. Modules run by row, then column.
 */
export interface LayoutPacked {
  count: number;
  capacityKw: number;
  rowPitch: number;
  limitReached: boolean;
  /** Per module: row and column (docs/ENGINE-API.md "layout" `row`, `col`). */
  rows: Int32Array;
  cols: Int32Array;
  /** Per module 12 values: corners front-left, front-right, back-right, back-left, each x, y, z [m]. */
  corners: Float64Array;
  /** The modules' tilt and azimuth [°]. */
  tilt: number;
  azimuth: number;
}

/** The kernel's placed columns → the modules as flat arrays. */
export function decodeLayoutPacked(plan: LayoutPlan, r: KernelResult): LayoutPacked {
  const h = r.i32;
  if (r.status === Status.BAD_INPUT || h[LayoutOutI32.STATUS] === Status.BAD_INPUT) {
    throw new Error('layout rejected its input arrays (BAD_INPUT): an encoding bug');
  }
  if (h[LayoutOutI32.STATUS] === Status.FAILED) {
    throw new InputError(['module'], `${TOO_MANY_MESSAGE}: the face holds more than ${LAYOUT.maxCandidates} module positions`);
  }
  const nOut = h[LayoutOutI32.N_PLACED];
  const count = h[LayoutOutI32.N_MODULES];
  const S = LayoutStride.COLUMN_I32;
  const H = LayoutOutI32.HEADER;
  if (h.length !== H + S * nOut || r.f64.length !== LayoutStride.OUT_F64) throw new Error('layout output does not match its header');
  const u0 = r.f64[0];
  const v0 = r.f64[1];
  let rMin = Infinity;
  let cMin = Infinity;
  for (let q = 0; q < nOut; q++) {
    rMin = Math.min(rMin, h[H + S * q]);
    cMin = Math.min(cMin, h[H + S * q + 1]);
  }
  const { ux, uy, vx, vy, along, depth, pitchU, pitchV, tilt, tilted, x0, y0, z0, gx, gy } = plan;
  const rows = new Int32Array(count);
  const cols = new Int32Array(count);
  const corners = new Float64Array(12 * count);
  const m = plan.perColumn;
  const cosT = Math.cos(tilt * D2R);
  const sinT = Math.sin(tilt * D2R);
  const rise = plan.up + plan.gapY;
  let n = 0;
  // Grid rows in order; within one, the stacked module rows bottom to top, each left to right.
  for (let q = 0; q < nOut; ) {
    const gridRow = h[H + S * q];
    let e = q;
    while (e < nOut && h[H + S * e] === gridRow) e++;
    const v = v0 + gridRow * pitchV;
    for (let j = 0; j < m; j++) {
      const row = (gridRow - rMin) * m + j;
      for (let k = q; k < e; k++) {
        if (h[H + S * k + 2] <= j) continue;
        const c = h[H + S * k + 1];
        const u = u0 + c * pitchU;
        const u1 = u + along;
        // Flush: the module lies on the face plane. Tilted: the rack stands on the face plane at the
        // middle of its front edge; module j covers slope distances [j·(h + gap), j·(h + gap) + h].
        const s0 = j * rise;
        const va = tilted ? v + s0 * cosT : v;
        const vb = tilted ? v + (s0 + plan.up) * cosT : v + depth;
        const o = 12 * n;
        corners[o] = u * ux + va * vx;
        corners[o + 1] = u * uy + va * vy;
        corners[o + 3] = u1 * ux + va * vx;
        corners[o + 4] = u1 * uy + va * vy;
        corners[o + 6] = u1 * ux + vb * vx;
        corners[o + 7] = u1 * uy + vb * vy;
        corners[o + 9] = u * ux + vb * vx;
        corners[o + 10] = u * uy + vb * vy;
        if (tilted) {
          const um = u + along / 2;
          const base = z0 + gx * (um * ux + v * vx - x0) + gy * (um * uy + v * vy - y0);
          corners[o + 2] = corners[o + 5] = base + s0 * sinT;
          corners[o + 8] = corners[o + 11] = base + (s0 + plan.up) * sinT;
        } else {
          for (let t = o; t < o + 12; t += 3) corners[t + 2] = z0 + gx * (corners[t] - x0) + gy * (corners[t + 1] - y0);
        }
        rows[n] = row;
        cols[n] = c - cMin;
        n++;
      }
    }
    q = e;
  }
  if (n !== count) throw new Error(`layout output holds ${n} modules, its header says ${count}`);
  return { count, capacityKw: (count * plan.powerW) / 1000, rowPitch: pitchV, limitReached: h[LayoutOutI32.LIMIT_REACHED] === 1, rows, cols, corners, tilt, azimuth: plan.azimuth };
}

/** Packed modules → the layout command's JSON output (ids `r<row>c<col>`). */
export function layoutOutputOf(p: LayoutPacked): LayoutOutput {
  const modules: LayoutModuleOut[] = new Array(p.count);
  const c = p.corners;
  let prefixRow = -1;
  let prefix = '';
  for (let n = 0; n < p.count; n++) {
    const row = p.rows[n];
    const col = p.cols[n];
    if (row !== prefixRow) {
      prefixRow = row;
      prefix = `r${row}c`;
    }
    const o = 12 * n;
    modules[n] = {
      id: prefix + col,
      row,
      col,
      center: [(c[o] + c[o + 3] + c[o + 6] + c[o + 9]) / 4, (c[o + 1] + c[o + 4] + c[o + 7] + c[o + 10]) / 4, (c[o + 2] + c[o + 5] + c[o + 8] + c[o + 11]) / 4],
      corners: [
        [c[o], c[o + 1], c[o + 2]],
        [c[o + 3], c[o + 4], c[o + 5]],
        [c[o + 6], c[o + 7], c[o + 8]],
        [c[o + 9], c[o + 10], c[o + 11]],
      ],
      tilt: p.tilt,
      azimuth: p.azimuth,
    };
  }
  return { modules, count: p.count, capacityKw: p.capacityKw, rowPitch: p.rowPitch, limitReached: p.limitReached };
}

/** The kernel's placed columns → the layout command's output. */
export function decodeLayout(plan: LayoutPlan, r: KernelResult): LayoutOutput {
  return layoutOutputOf(decodeLayoutPacked(plan, r));
}
