// The pure-TypeScript reference of the engine's cableRoute kernel (engine/abi.ts, section
// cableRoute): the same flat arrays in and out, the same expressions in the same order, so the
// answers agree to the bit with engine/electrical/routing.ts (tests/unit/engine/cable-route-differential.test.ts).
import { CableRouteInI32, CableRouteStride, Status } from '../../../engine/abi.ts';
import type { KernelResult } from '../wasm.ts';

function bad(): KernelResult {
  return { status: Status.BAD_INPUT, f64: new Float64Array(0), i32: Int32Array.of(Status.BAD_INPUT) };
}

/** Length of the Manhattan route from (px, py) to (tx, ty) in the frame of the unit row axis (ax, ay) [m]. */
export function routeLengthRef(px: number, py: number, tx: number, ty: number, ax: number, ay: number): number {
  const dx = tx - px;
  const dy = ty - py;
  return Math.abs(dx * ax + dy * ay) + Math.abs(dy * ax - dx * ay);
}

/** The cableRoute kernel's reference: engine/abi.ts "cableRoute". */
export function cableRouteRef(f: Float64Array, ni: Int32Array): KernelResult {
  const HI = CableRouteInI32.HEADER;
  if (ni.length < HI) return bad();
  const nRoutes = ni[CableRouteInI32.N_ROUTES];
  const nTargets = ni[CableRouteInI32.N_TARGETS];
  const RF = CableRouteStride.ROUTE_F64;
  const TF = CableRouteStride.TARGET_F64;
  const nOpen = ni[CableRouteInI32.N_OPEN];
  if (nRoutes < 0 || nTargets < 0 || nOpen < 0 || nOpen > nTargets) return bad();
  if (ni.length !== HI + nRoutes || f.length !== RF * nRoutes + TF * nTargets) return bad();
  for (let k = 0; k < f.length; k++) if (!Number.isFinite(f[k])) return bad();
  const T0 = RF * nRoutes;
  const OF = CableRouteStride.ROUTE_OUT_F64;
  const OI = CableRouteStride.ROUTE_OUT_I32;
  const outF = new Float64Array(OF * nRoutes);
  const outI = new Int32Array(1 + OI * nRoutes);
  outI[0] = Status.OK;
  for (let q = 0; q < nRoutes; q++) {
    const [fx, fy, lx, ly, ax, ay] = f.subarray(RF * q, RF * q + RF);
    let t = ni[HI + q];
    if (t < -1 || t >= nTargets || (t === -1 && nOpen === 0)) return bad();
    if (t === -1) {
      let best = Infinity;
      for (let c = 0; c < nOpen; c++) {
        const len = Math.min(routeLengthRef(fx, fy, f[T0 + TF * c], f[T0 + TF * c + 1], ax, ay), routeLengthRef(lx, ly, f[T0 + TF * c], f[T0 + TF * c + 1], ax, ay));
        if (len < best) {
          best = len;
          t = c;
        }
      }
    }
    const tx = f[T0 + TF * t];
    const ty = f[T0 + TF * t + 1];
    const lenFirst = routeLengthRef(fx, fy, tx, ty, ax, ay);
    const lenLast = routeLengthRef(lx, ly, tx, ty, ax, ay);
    const last = lenLast <= lenFirst;
    const px = last ? lx : fx;
    const py = last ? ly : fy;
    let cx: number;
    let cy: number;
    if (ay === 0) [cx, cy] = [tx, py];
    else if (ax === 0) [cx, cy] = [px, ty];
    else {
      const da = (tx - px) * ax + (ty - py) * ay;
      cx = px + da * ax;
      cy = py + da * ay;
    }
    outF.set([px, py, cx, cy, last ? lenLast : lenFirst, routeLengthRef(fx, fy, lx, ly, ax, ay)], OF * q);
    outI[1 + OI * q] = t;
    outI[2 + OI * q] = last ? 1 : 0;
  }
  return { status: Status.OK, f64: outF, i32: outI };
}
