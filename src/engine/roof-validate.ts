// A fast validation of the roof command's input (roof and roofPacked, roof.ts): the same
// rules as roofInputSchema (src/model/roof.ts), checked by hand in one pass over the input without
// copying it. It only ever accepts what the schema accepts; whatever it does not accept goes to the
// schema, so an invalid input fails with the schema's own path and message. (zod builds a new object
// per point: ~10 ms for a 10k-segment plan, a fifth of the solve.)
import { autoRoofTypes, roofInputSchema, type AutoRoofType, type LineIn, type PointIn, type RoofInputParsed } from '../model/roof.ts';
import { inputErrorFromZod } from './errors.ts';

type Obj = Record<string, unknown>;

function isObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isFiniteNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

function isId(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}

function isPoint(v: unknown): v is PointIn {
  if (!isObject(v)) return false;
  return isId(v.id) && isFiniteNumber(v.x) && isFiniteNumber(v.y) && (v.z === undefined || isFiniteNumber(v.z));
}

function isLine(v: unknown): v is LineIn {
  return isObject(v) && isId(v.id) && isId(v.idp1) && isId(v.idp2);
}

function allPoints(a: unknown): a is PointIn[] {
  if (!Array.isArray(a)) return false;
  for (let k = 0; k < a.length; k++) if (!isPoint(a[k])) return false;
  return true;
}

function allLines(a: unknown): a is LineIn[] {
  if (!Array.isArray(a)) return false;
  for (let k = 0; k < a.length; k++) if (!isLine(a[k])) return false;
  return true;
}

const AUTO_TYPES: ReadonlySet<unknown> = new Set(autoRoofTypes);

/**
 * The input as the schema would parse it (defaults filled in; the points and lines are the caller's
 * own objects, unknown keys left in place but never read), or null when some rule is not met.
 */
export function roofInputFast(input: unknown): RoofInputParsed | null {
  if (!isObject(input)) return null;
  const b = input.building;
  if (!isObject(b)) return null;
  if (!isId(b.id) || !isFiniteNumber(b.eaveHeight)) return null;
  if (!allPoints(b.outerPoints) || b.outerPoints.length < 3) return null;
  if (b.outerLines !== undefined && !allLines(b.outerLines)) return null;
  const points = b.points === undefined ? [] : b.points;
  if (!allPoints(points)) return null;
  const lines = b.lines === undefined ? [] : b.lines;
  if (!allLines(lines)) return null;
  const building: RoofInputParsed['building'] = { id: b.id, eaveHeight: b.eaveHeight, outerPoints: b.outerPoints, points, lines };
  if (b.outerLines !== undefined) building.outerLines = b.outerLines;
  const parsed: RoofInputParsed = { building };
  const a = input.auto;
  if (a !== undefined) {
    if (!isObject(a) || !AUTO_TYPES.has(a.type)) return null;
    const pitch = a.pitch === undefined ? 25 : a.pitch;
    if (!isFiniteNumber(pitch) || pitch < 0 || pitch > 75) return null;
    if (a.ridgeAzimuth !== undefined && !(isFiniteNumber(a.ridgeAzimuth) && a.ridgeAzimuth >= 0 && a.ridgeAzimuth <= 360)) return null;
    parsed.auto = { type: a.type as AutoRoofType, pitch };
    if (a.ridgeAzimuth !== undefined) parsed.auto.ridgeAzimuth = a.ridgeAzimuth;
  }
  return parsed;
}

/** The validated input: the fast check, else the schema (which throws InputError naming the path). */
export function parseRoofInputFast(input: unknown): RoofInputParsed {
  const fast = roofInputFast(input);
  if (fast !== null) return fast;
  const parsed = roofInputSchema.safeParse(input);
  if (!parsed.success) throw inputErrorFromZod(parsed.error);
  return parsed.data;
}
