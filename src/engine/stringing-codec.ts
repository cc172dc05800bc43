// The stringing kernel's host codec (engine/abi.ts, section stringing): a parsed stringing input →
// flat arrays (faces numbered in the order they first appear, the kernel's constants from
// src/model/stringing.ts STRINGING), and the kernel's strings → the command's JSON, with the strings
// placed on the inverters' MPPT inputs (stringing-inverters.ts).
import { Status, StringingIn, StringingInI32, StringingOutI32, StringingStride } from '../../engine/abi.ts';
import { STRINGING, type StringingInputParsed, type StringingOutput, type StringingString } from '../model/stringing.ts';
import { assignInverters } from './stringing-inverters.ts';
import type { KernelResult } from './wasm.ts';

/** What decoding needs besides the kernel's answer. */
export interface StringingPlan {
  f64: Float64Array;
  i32: Int32Array;
  moduleIds: string[];
  /** Face ids by face index (order of first appearance). */
  faceIds: string[];
  inverters: StringingInputParsed['inverters'];
}

/** A string length or range as [min, max]. */
export function lengthRange(n: StringingInputParsed['modulesPerString']): [number, number] {
  return typeof n === 'number' ? [n, n] : [n.min, n.max];
}

/** Validated input → the kernel's arrays. */
export function planStringing(input: StringingInputParsed): StringingPlan {
  const n = input.modules.length;
  const shading = input.shading !== undefined ? 1 : 0;
  const [min, max] = lengthRange(input.modulesPerString);
  const faceIndex = new Map<string, number>();
  const i32 = new Int32Array(StringingInI32.HEADER + n);
  const f64 = new Float64Array(StringingIn.HEADER + (2 + shading) * n);
  i32[StringingInI32.N_MODULES] = n;
  i32[StringingInI32.LENGTH_MIN] = min;
  i32[StringingInI32.LENGTH_MAX] = max;
  i32[StringingInI32.SHADING] = shading;
  f64[StringingIn.LINE_TOLERANCE] = STRINGING.lineTolerance;
  f64[StringingIn.HOP_FACTOR] = STRINGING.hopFactor;
  f64[StringingIn.CONE_COS] = Math.cos((4 * STRINGING.orientationConeDeg * Math.PI) / 180);
  const moduleIds = new Array<string>(n);
  const H = StringingIn.HEADER;
  input.modules.forEach((m, i) => {
    let face = faceIndex.get(m.faceId);
    if (face === undefined) {
      face = faceIndex.size;
      faceIndex.set(m.faceId, face);
    }
    i32[StringingInI32.HEADER + i] = face;
    f64[H + 2 * i] = m.x;
    f64[H + 2 * i + 1] = m.y;
    if (input.shading !== undefined) f64[H + 2 * n + i] = Object.hasOwn(input.shading, m.id) ? input.shading[m.id] : 0;
    moduleIds[i] = m.id;
  });
  i32[StringingInI32.N_FACES] = faceIndex.size;
  return { f64, i32, moduleIds, faceIds: [...faceIndex.keys()], inverters: input.inverters };
}

/** The kernel's strings → the command's output (ids S1, S2, … in order). */
export function decodeStringing(plan: StringingPlan, r: KernelResult): StringingOutput {
  const h = r.i32;
  if (r.status !== Status.OK || h[StringingOutI32.STATUS] !== Status.OK) throw new Error('stringing rejected its input arrays (BAD_INPUT): an encoding bug');
  const nStrings = h[StringingOutI32.N_STRINGS];
  const nOrdered = h[StringingOutI32.N_ORDERED];
  const nUnassigned = h[StringingOutI32.N_UNASSIGNED];
  const S = StringingStride.STRING_I32;
  const H = StringingOutI32.HEADER;
  const orderAt = H + S * nStrings;
  const unassignedAt = orderAt + nOrdered;
  if (h.length !== unassignedAt + nUnassigned) throw new Error('stringing output does not match its header');
  const slots = assignInverters(nStrings, plan.inverters);
  const ids = plan.moduleIds;
  const strings: StringingString[] = new Array(nStrings);
  for (let q = 0; q < nStrings; q++) {
    const face = h[H + S * q];
    const offset = h[H + S * q + 1];
    const length = h[H + S * q + 2];
    const moduleIds = new Array<string>(length);
    for (let t = 0; t < length; t++) moduleIds[t] = ids[h[orderAt + offset + t]];
    const string: StringingString = { id: `S${q + 1}`, moduleIds, faceId: plan.faceIds[face] };
    const slot = slots[q];
    if (slot) {
      string.inverterId = plan.inverters[slot.inverter].id;
      string.mppt = slot.mppt;
    }
    strings[q] = string;
  }
  const unassigned = new Array<string>(nUnassigned);
  for (let t = 0; t < nUnassigned; t++) unassigned[t] = ids[h[unassignedAt + t]];
  return { strings, unassigned };
}
