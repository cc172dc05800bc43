// cableRoute: Manhattan cable routes in a row frame (docs/ENGINE-API.md "cable-route"; the rule and
// the arrays in engine/abi.ts, section cableRoute). Each route joins a string's terminal to a target
// (a combiner box, an inverter): along the row direction first, then across it — how a string cable
// follows its racking row to the aisle and then the aisle to the box. Runs between two points
// (combiner → inverter, inverter → grid) are routes with one terminal and the plan axes as frame.
// The pure-TypeScript reference is src/engine/reference/cable-route.ts.
import { CableRouteInI32, CableRouteStride, Status } from '../abi';
import { getInputF64, getInputI32, setOutputF64, setOutputI32 } from '../buffers';

/** A finite f64 (not NaN, not ±∞). */
// @ts-ignore: decorator
@inline
function finite(x: f64): bool {
  return x - x == 0.0;
}

function bad(): i32 {
  const out = new Array<i32>(1);
  out[0] = <i32>Status.BAD_INPUT;
  setOutputI32(out);
  setOutputF64(new Array<f64>(0));
  return <i32>Status.BAD_INPUT;
}

/** Length of the Manhattan route from (px, py) to (tx, ty) in the frame of the unit row axis (ax, ay) [m]. */
// @ts-ignore: decorator
@inline
function routeLength(px: f64, py: f64, tx: f64, ty: f64, ax: f64, ay: f64): f64 {
  const dx = tx - px;
  const dy = ty - py;
  return Math.abs(dx * ax + dy * ay) + Math.abs(dy * ax - dx * ay);
}

export function cableRoute(): i32 {
  const f = getInputF64();
  const ni = getInputI32();
  const HI = <i32>CableRouteInI32.HEADER;
  if (ni.length < HI) return bad();
  const nRoutes = ni[CableRouteInI32.N_ROUTES];
  const nTargets = ni[CableRouteInI32.N_TARGETS];
  const RF = <i32>CableRouteStride.ROUTE_F64;
  const TF = <i32>CableRouteStride.TARGET_F64;
  const nOpen = ni[CableRouteInI32.N_OPEN];
  if (nRoutes < 0 || nTargets < 0 || nOpen < 0 || nOpen > nTargets) return bad();
  if (<i64>ni.length != <i64>HI + <i64>nRoutes || <i64>f.length != <i64>RF * <i64>nRoutes + <i64>TF * <i64>nTargets) return bad();
  for (let k = 0; k < f.length; k++) if (!finite(unchecked(f[k]))) return bad();
  const T0 = RF * nRoutes;
  const OF = <i32>CableRouteStride.ROUTE_OUT_F64;
  const OI = <i32>CableRouteStride.ROUTE_OUT_I32;
  const outF = new Array<f64>(OF * nRoutes);
  const outI = new Array<i32>(1 + OI * nRoutes);
  outI[0] = <i32>Status.OK;
  for (let q = 0; q < nRoutes; q++) {
    const o = RF * q;
    const fx = unchecked(f[o]);
    const fy = unchecked(f[o + 1]);
    const lx = unchecked(f[o + 2]);
    const ly = unchecked(f[o + 3]);
    const ax = unchecked(f[o + 4]);
    const ay = unchecked(f[o + 5]);
    let t = unchecked(ni[HI + q]);
    if (t < -1 || t >= nTargets || (t == -1 && nOpen == 0)) return bad();
    if (t == -1) {
      // The target with the shortest route from either terminal; ties: the lowest index.
      let best = Infinity;
      for (let c = 0; c < nOpen; c++) {
        const tx = unchecked(f[T0 + TF * c]);
        const ty = unchecked(f[T0 + TF * c + 1]);
        const a = routeLength(fx, fy, tx, ty, ax, ay);
        const b = routeLength(lx, ly, tx, ty, ax, ay);
        const len = b <= a ? b : a;
        if (len < best) {
          best = len;
          t = c;
        }
      }
    }
    const tx = unchecked(f[T0 + TF * t]);
    const ty = unchecked(f[T0 + TF * t + 1]);
    const lenFirst = routeLength(fx, fy, tx, ty, ax, ay);
    const lenLast = routeLength(lx, ly, tx, ty, ax, ay);
    const last = lenLast <= lenFirst;
    const px = last ? lx : fx;
    const py = last ? ly : fy;
    let cx: f64;
    let cy: f64;
    if (ay == 0.0) {
      cx = tx;
      cy = py;
    } else if (ax == 0.0) {
      cx = px;
      cy = ty;
    } else {
      const da = (tx - px) * ax + (ty - py) * ay;
      cx = px + da * ax;
      cy = py + da * ay;
    }
    const w = OF * q;
    unchecked((outF[w] = px));
    unchecked((outF[w + 1] = py));
    unchecked((outF[w + 2] = cx));
    unchecked((outF[w + 3] = cy));
    unchecked((outF[w + 4] = last ? lenLast : lenFirst));
    unchecked((outF[w + 5] = routeLength(fx, fy, lx, ly, ax, ay)));
    unchecked((outI[1 + OI * q] = t));
    unchecked((outI[2 + OI * q] = last ? 1 : 0));
  }
  setOutputI32(outI);
  setOutputF64(outF);
  return <i32>Status.OK;
}
