// The cableRoute kernel's host codec (engine/abi.ts, section cableRoute): a parsed cable-route input →
// flat arrays, and the kernel's routes → the command's JSON. Strings become routes from their first
// and last module (the terminals) in the frame of their row azimuth; runs become routes from `from`
// to an extra target at `to` in the plan frame (axis x), so one kernel routes both.
import { CableRouteInI32, CableRouteStride, Status } from '../../engine/abi.ts';
import type { CableRouteInputParsed, CableRouteOutput, RoutedRun, RoutedString } from '../model/stringing.ts';
import type { KernelResult } from './wasm.ts';

const D2R = Math.PI / 180;

/**
 * The unit vector along a row of compass azimuth `deg` [° clockwise from north]: (sin, cos) in the
 * plan (x east, y north), exact at multiples of 90° (azimuth 90 is exactly (1, 0)).
 */
export function rowAxis(deg: number): [number, number] {
  const q = deg / 90;
  if (Number.isInteger(q)) {
    const k = ((q % 4) + 4) % 4;
    return [[0, 1, 0, -1][k], [1, 0, -1, 0][k]];
  }
  return [Math.sin(deg * D2R), Math.cos(deg * D2R)];
}

export interface CableRoutePlan {
  f64: Float64Array;
  i32: Int32Array;
  input: CableRouteInputParsed;
}

/** Validated input → the kernel's arrays. */
export function planCableRoute(input: CableRouteInputParsed): CableRoutePlan {
  const { strings, targets, runs } = input;
  const nRoutes = strings.length + runs.length;
  const nTargets = targets.length + runs.length;
  const RF = CableRouteStride.ROUTE_F64;
  const TF = CableRouteStride.TARGET_F64;
  const f64 = new Float64Array(RF * nRoutes + TF * nTargets);
  const i32 = new Int32Array(CableRouteInI32.HEADER + nRoutes);
  i32[CableRouteInI32.N_ROUTES] = nRoutes;
  i32[CableRouteInI32.N_TARGETS] = nTargets;
  i32[CableRouteInI32.N_OPEN] = targets.length;
  const targetIndex = new Map(targets.map((t, i) => [t.id, i]));
  const assignment = new Map(Object.entries(input.assignment));
  strings.forEach((s, q) => {
    const first = s.modulePositions[0];
    const last = s.modulePositions[s.modulePositions.length - 1];
    f64.set([first[0], first[1], last[0], last[1], ...rowAxis(s.rowAzimuth ?? input.rowAzimuth)], RF * q);
    const target = assignment.get(s.id);
    i32[CableRouteInI32.HEADER + q] = target === undefined ? -1 : (targetIndex.get(target) ?? -1);
  });
  runs.forEach((r, k) => {
    const q = strings.length + k;
    f64.set([r.from[0], r.from[1], r.from[0], r.from[1], 1, 0], RF * q);
    i32[CableRouteInI32.HEADER + q] = targets.length + k;
  });
  const T0 = RF * nRoutes;
  targets.forEach((t, c) => f64.set(t.position, T0 + TF * c));
  runs.forEach((r, k) => f64.set(r.to, T0 + TF * (targets.length + k)));
  return { f64, i32, input };
}

/** start → corner → target, without repeated points (at least two points). */
function pathOf(sx: number, sy: number, cx: number, cy: number, tx: number, ty: number): [number, number][] {
  const path: [number, number][] = [[sx, sy]];
  if (cx !== sx || cy !== sy) path.push([cx, cy]);
  const [lx, ly] = path[path.length - 1];
  if (tx !== lx || ty !== ly || path.length === 1) path.push([tx, ty]);
  return path;
}

/** The kernel's routes → the command's output. */
export function decodeCableRoute(plan: CableRoutePlan, r: KernelResult): CableRouteOutput {
  const { strings, targets, runs } = plan.input;
  const nRoutes = strings.length + runs.length;
  const OF = CableRouteStride.ROUTE_OUT_F64;
  const OI = CableRouteStride.ROUTE_OUT_I32;
  if (r.status !== Status.OK || r.i32[0] !== Status.OK) throw new Error('cableRoute rejected its input arrays (BAD_INPUT): an encoding bug');
  if (r.f64.length !== OF * nRoutes || r.i32.length !== 1 + OI * nRoutes) throw new Error('cableRoute output does not match its input');
  const f = r.f64;
  // The targets from the input, not from plan.f64: a worker call moves that buffer away.
  const targetAt = (t: number): readonly number[] => (t < targets.length ? targets[t].position : runs[t - targets.length].to);
  const route = (q: number) => {
    const t = r.i32[1 + OI * q];
    const o = OF * q;
    const [tx, ty] = targetAt(t);
    const path = pathOf(f[o], f[o + 1], f[o + 2], f[o + 3], tx, ty);
    return { t, path, length: f[o + 4], returnLength: f[o + 5] };
  };
  const routedStrings: RoutedString[] = strings.map((s, q) => {
    const { t, path, length, returnLength } = route(q);
    return { id: s.id, targetId: targets[t].id, path, length, returnLength };
  });
  const routedRuns: RoutedRun[] = runs.map((run, k) => {
    const { path, length } = route(strings.length + k);
    return { id: run.id, path, length };
  });
  return { strings: routedStrings, runs: routedRuns };
}
