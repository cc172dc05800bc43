// Writes roofSolve's output buffers in the layout and canonical order of engine/abi.ts.
import { RoofError, RoofOutI32, Status, Stride } from '../abi';
import { setOutputF64, setOutputI32 } from '../buffers';
import { Faces } from './faces';
import { PlanGraph } from './pieces';
import { RoofState } from './state';

/** Output of a call that produced nothing but a status (and possibly one ref-less error). */
export function writeEmpty(status: Status, errorCode: i32): void {
  const out = new Array<i32>(0);
  for (let k: i32 = 0; k < <i32>RoofOutI32.HEADER; k++) out.push(0);
  out[RoofOutI32.STATUS] = <i32>status;
  if (errorCode > 0) {
    out[RoofOutI32.N_ERRORS] = 1;
    out.push(errorCode);
    out.push(0);
    out.push(0);
  }
  setOutputI32(out);
  setOutputF64(new Array<f64>(0));
}

/** TOO_MANY: status FAILED with that single error and nothing else. */
export function writeTooMany(): i32 {
  writeEmpty(Status.FAILED, <i32>RoofError.TOO_MANY);
  return <i32>Status.FAILED;
}

// Error order (module globals read by the comparator).
let eCode: Array<i32> = new Array<i32>(0);
let eStart: Array<i32> = new Array<i32>(0);
let eCount: Array<i32> = new Array<i32>(0);
let rKind: Array<i32> = new Array<i32>(0);
let rIndex: Array<i32> = new Array<i32>(0);

/** By code, then by refs (kind, index) lexicographically, then shorter first. */
function byCodeThenRefs(a: i32, b: i32): i32 {
  if (eCode[a] != eCode[b]) return eCode[a] - eCode[b];
  const na = eCount[a];
  const nb = eCount[b];
  const n = na < nb ? na : nb;
  for (let k: i32 = 0; k < n; k++) {
    const ra = eStart[a] + k;
    const rb = eStart[b] + k;
    if (rKind[ra] != rKind[rb]) return rKind[ra] - rKind[rb];
    if (rIndex[ra] != rIndex[rb]) return rIndex[ra] - rIndex[rb];
  }
  if (na != nb) return na - nb;
  return a - b;
}

/**
 * The full output. z: per vertex height (NaN unknown); solved: per face 1 when it is output, with its
 * properties (tilt, azimuth, area, planArea, nx, ny, nz) at props[f·FACE_F64 ..].
 */
export function writeOutput(
  s: RoofState,
  g: PlanGraph,
  z: StaticArray<f64>,
  faces: Faces,
  solved: StaticArray<u8>,
  props: StaticArray<f64>,
): i32 {
  const nV = s.nV;
  const nIn = s.nIn;
  const nLines = g.lineBase.length;
  const nErr = s.errCode.length;
  const status = nErr > 0 ? Status.FAILED : Status.OK;

  // heightPercent = (z − eave) / (max z − eave) when the roof rises above the eave, else 0;
  // NaN where z is unknown (the host reports 0 there).
  let maxZ = -Infinity;
  assert(z.length >= nV && solved.length == faces.length);
  for (let v: i32 = 0; v < nV; v++) if (unchecked(z[v]) > maxZ) maxZ = unchecked(z[v]);
  const rise = maxZ - s.eave;

  let nFaces: i32 = 0;
  let nFaceIdx: i32 = 0;
  let nHoles: i32 = 0;
  let nHoleIdx: i32 = 0;
  // Face numbers f < faces.length index every per-face array (solved included).
  for (let f: i32 = 0, n = faces.length; f < n; f++) {
    if (unchecked(solved[f]) == 0) continue;
    nFaces++;
    nFaceIdx += unchecked(faces.count[f]);
    for (let h = faces.holeFirst[f], he = h + faces.holeNum[f]; h < he; h++) {
      nHoles++;
      nHoleIdx += faces.holeCount[h];
    }
  }
  const nRefs = s.refKind.length;
  // Exact sizes (engine/abi.ts strides): the arrays are filled through a cursor, checked at the end.
  const nI =
    <i32>RoofOutI32.HEADER +
    nV * <i32>Stride.POINT_I32 +
    nLines * <i32>Stride.LINE_I32 +
    nFaces * <i32>Stride.FACE_I32 +
    nFaceIdx +
    nErr * <i32>Stride.ERROR_I32 +
    nRefs * <i32>Stride.REF_I32 +
    nHoles * <i32>Stride.HOLE_I32 +
    nHoleIdx;
  const nF = nV * <i32>Stride.POINT_F64 + nFaces * <i32>Stride.FACE_F64;
  const oi = new Array<i32>(nI);
  const outF = new Array<f64>(nF);
  oi[RoofOutI32.STATUS] = <i32>status;
  oi[RoofOutI32.N_POINTS] = nV;
  oi[RoofOutI32.N_LINES] = nLines;
  oi[RoofOutI32.N_FACES] = nFaces;
  oi[RoofOutI32.N_FACE_INDICES] = nFaceIdx;
  oi[RoofOutI32.N_ERRORS] = nErr;
  oi[RoofOutI32.N_REFS] = nRefs;
  oi[RoofOutI32.N_HOLES] = nHoles;
  oi[RoofOutI32.N_HOLE_INDICES] = nHoleIdx;
  let ci = <i32>RoofOutI32.HEADER;
  let cf: i32 = 0;

  // Points. (Every write below stays within the sizes computed above; vertex, rep and piece indices
  // are in range by construction.)
  const rel = s.rel;
  const rep = s.rep;
  const vx = s.vx;
  const vy = s.vy;
  const eave = s.eave;
  for (let v: i32 = 0; v < nV; v++) {
    const r = v < nIn ? unchecked(rep[v]) : v;
    unchecked((oi[ci] = rel[v]));
    unchecked((oi[ci + 1] = r != v ? r : -1));
    unchecked((oi[ci + 2] = v < nIn ? v : -1));
    ci += 3;
    const zv = unchecked(z[r]);
    unchecked((outF[cf] = vx[v]));
    unchecked((outF[cf + 1] = vy[v]));
    unchecked((outF[cf + 2] = zv));
    unchecked((outF[cf + 3] = rise > 0.0 ? (zv - eave) / rise : isNaN(zv) ? NaN : 0.0));
    cf += 4;
  }
  // Lines (already by base line, then sub index).
  const lu = g.lineU;
  const lv = g.lineV;
  const lb = g.lineBase;
  const ls = g.lineSub;
  for (let k: i32 = 0; k < nLines; k++) {
    unchecked((oi[ci] = lu[k]));
    unchecked((oi[ci + 1] = lv[k]));
    unchecked((oi[ci + 2] = lb[k]));
    unchecked((oi[ci + 3] = ls[k]));
    ci += 4;
  }
  // Faces, then their index list.
  let offset: i32 = 0;
  for (let f: i32 = 0, n = faces.length; f < n; f++) {
    if (unchecked(solved[f]) == 0) continue;
    const count = unchecked(faces.count[f]);
    unchecked((oi[ci] = offset));
    unchecked((oi[ci + 1] = count));
    ci += 2;
    offset += count;
    const o = f * <i32>Stride.FACE_F64;
    for (let q: i32 = 0; q < <i32>Stride.FACE_F64; q++) unchecked((outF[cf + q] = props[o + q]));
    cf += <i32>Stride.FACE_F64;
  }
  const fv = faces.verts;
  for (let f: i32 = 0, n = faces.length; f < n; f++) {
    if (unchecked(solved[f]) == 0) continue;
    for (let q = unchecked(faces.start[f]), e = q + unchecked(faces.count[f]); q < e; q++) unchecked((oi[ci++] = fv[q]));
  }
  // Errors in canonical order, then their refs.
  const order = new Array<i32>(nErr);
  for (let k: i32 = 0; k < nErr; k++) order[k] = k;
  eCode = s.errCode;
  eStart = s.errRefStart;
  eCount = s.errRefCount;
  rKind = s.refKind;
  rIndex = s.refIndex;
  order.sort(byCodeThenRefs);
  let refAt: i32 = 0;
  for (let k: i32 = 0; k < nErr; k++) {
    const e = order[k];
    oi[ci++] = s.errCode[e];
    oi[ci++] = refAt;
    oi[ci++] = s.errRefCount[e];
    refAt += s.errRefCount[e];
  }
  for (let k: i32 = 0; k < nErr; k++) {
    const e = order[k];
    for (let q = s.errRefStart[e], qe = q + s.errRefCount[e]; q < qe; q++) {
      oi[ci++] = s.refKind[q];
      oi[ci++] = s.refIndex[q];
    }
  }
  // Holes of the output faces (already by face, then index list), then their index list.
  let outFace: i32 = 0;
  let holeAt: i32 = 0;
  for (let f: i32 = 0, n = faces.length; f < n; f++) {
    if (solved[f] == 0) continue;
    for (let h = faces.holeFirst[f], he = h + faces.holeNum[f]; h < he; h++) {
      oi[ci++] = outFace;
      oi[ci++] = holeAt;
      oi[ci++] = faces.holeCount[h];
      holeAt += faces.holeCount[h];
    }
    outFace++;
  }
  const hv = faces.holeVerts;
  for (let f: i32 = 0, n = faces.length; f < n; f++) {
    if (solved[f] == 0) continue;
    for (let h = faces.holeFirst[f], he = h + faces.holeNum[f]; h < he; h++) {
      for (let q = faces.holeStart[h], qe = q + faces.holeCount[h]; q < qe; q++) oi[ci++] = hv[q];
    }
  }
  // The layout adds up (engine/abi.ts strides); abort rather than hand the host a torn buffer.
  if (ci != nI || cf != nF) abort();
  setOutputI32(oi);
  setOutputF64(outF);
  return <i32>status;
}
