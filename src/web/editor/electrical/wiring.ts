// Manual wiring (spec 000 §2 "assign step", spec 001 §4 wiring mode): pure actions on the
// 'inverter-config' document (src/model/electrical-design.ts) — a string built module by module in the
// order the user clicks them, modules added to or taken out of a string, moved between strings, a
// string's inverter and MPPT input, the wiring mode, inverters added or taken away, equipment moved on
// the plan. Each action returns the next document, or the same object when nothing changes (so the
// wiring editor records no history step). Invariants kept by every action: a module is in at most
// one string or in `unassigned`; a string is never empty (an emptied string goes away; the others
// keep their numbers and their order); a string's MPPT belongs to its inverter.
import type { InverterConfigDocument, PvString } from '../../../model/electrical-design.ts';

type Doc = InverterConfigDocument;
type XY = readonly [number, number];

/** Something of the plan the user can move: an inverter, a combiner box, the grid point. */
export type EquipmentRef = { readonly kind: 'inverter' | 'combiner'; readonly id: string } | { readonly kind: 'grid' };

/** Module reference → the id of the string holding it. */
export function stringOfModule(doc: Pick<Doc, 'strings'>): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of doc.strings) for (const r of s.moduleRefs) out.set(r, s.id);
  return out;
}

/** The next free string number (numbers are kept when strings go away: labels stay put while editing). */
export function nextStringNumber(doc: Pick<Doc, 'strings'>): number {
  return doc.strings.reduce((m, s) => Math.max(m, s.number), 0) + 1;
}

/** The document with `refs` taken out of every string and of `unassigned` (emptied strings dropped). */
function without(doc: Doc, refs: ReadonlySet<string>): Doc {
  const strings: PvString[] = [];
  for (const s of doc.strings) {
    const kept = s.moduleRefs.filter((r) => !refs.has(r));
    if (kept.length === s.moduleRefs.length) strings.push(s);
    else if (kept.length > 0) strings.push({ ...s, moduleRefs: kept });
  }
  return { ...doc, strings, unassigned: doc.unassigned.filter((r) => !refs.has(r)) };
}

/** A new string of `refs` in that order (taken from wherever they were), not connected yet. */
export function createString(doc: Doc, refs: readonly string[], id: string): Doc {
  const unique = [...new Set(refs)];
  if (unique.length === 0 || doc.strings.some((s) => s.id === id)) return doc;
  const number = nextStringNumber(doc);
  const rest = without(doc, new Set(unique));
  return { ...rest, strings: [...rest.strings, { id, number, moduleRefs: unique, inverterId: null, mppt: null, combinerId: null }] };
}

/** Appends a module to a string (moving it from another string or from `unassigned`). */
export function addModule(doc: Doc, stringId: string, ref: string): Doc {
  const target = doc.strings.find((s) => s.id === stringId);
  if (!target || target.moduleRefs.includes(ref)) return doc;
  const rest = without(doc, new Set([ref]));
  // The target itself cannot have been emptied: it did not hold the module.
  return { ...rest, strings: rest.strings.map((s) => (s.id === stringId ? { ...s, moduleRefs: [...s.moduleRefs, ref] } : s)) };
}

/** Takes a module out of its string into `unassigned` (an emptied string goes away). */
export function removeModule(doc: Doc, ref: string): Doc {
  if (!doc.strings.some((s) => s.moduleRefs.includes(ref))) return doc;
  const rest = without(doc, new Set([ref]));
  return { ...rest, unassigned: [...rest.unassigned, ref] };
}

/** Moves a module into another string, at its end (the same as addModule; named for the gesture). */
export const moveModule = addModule;

/** A click on a module while `stringId` is selected: out of it when it is in it, else into it. */
export function toggleModule(doc: Doc, stringId: string, ref: string): Doc {
  const s = doc.strings.find((x) => x.id === stringId);
  if (!s) return doc;
  return s.moduleRefs.includes(ref) ? removeModule(doc, ref) : addModule(doc, stringId, ref);
}

/** Deletes a string: its modules become unassigned. */
export function deleteString(doc: Doc, stringId: string): Doc {
  const s = doc.strings.find((x) => x.id === stringId);
  if (!s) return doc;
  return { ...doc, strings: doc.strings.filter((x) => x !== s), unassigned: [...doc.unassigned, ...s.moduleRefs] };
}

/** MPPT inputs of an inverter (0 when the inverter or its model is unknown). */
export function mpptCountOf(doc: Pick<Doc, 'inverters' | 'inverterModels'>, inverterId: string): number {
  const inv = doc.inverters.find((i) => i.id === inverterId);
  const model = inv && doc.inverterModels.find((m) => m.key === inv.modelKey);
  return model?.data.mpptCount ?? 0;
}

/**
 * Connects a string to an inverter's MPPT input (0-based), or disconnects it (inverterId null). An
 * unknown inverter or an input the model does not have changes nothing. A combiner box of another
 * inverter no longer applies.
 */
export function setStringTarget(doc: Doc, stringId: string, inverterId: string | null, mppt: number | null): Doc {
  const s = doc.strings.find((x) => x.id === stringId);
  if (!s) return doc;
  let next: PvString;
  if (inverterId === null) {
    next = { ...s, inverterId: null, mppt: null, combinerId: null };
  } else {
    const inputs = mpptCountOf(doc, inverterId);
    if (inputs === 0) return doc;
    const m = mppt ?? 0;
    if (!Number.isInteger(m) || m < 0 || m >= inputs) return doc;
    const combiner = doc.combiners.find((c) => c.id === s.combinerId);
    next = { ...s, inverterId, mppt: m, combinerId: combiner && combiner.inverterId === inverterId ? combiner.id : null };
  }
  if (next.inverterId === s.inverterId && next.mppt === s.mppt && next.combinerId === s.combinerId) return doc;
  return { ...doc, strings: doc.strings.map((x) => (x === s ? next : x)) };
}

/** The wiring mode (spec 001 §4 invConfigModel). */
export function setMode(doc: Doc, mode: Doc['mode']): Doc {
  return doc.mode === mode ? doc : { ...doc, mode };
}

/** The next free "INV-n" name. */
export function nextInverterName(doc: Pick<Doc, 'inverters'>): string {
  const used = new Set(doc.inverters.map((i) => i.name));
  let n = doc.inverters.length + 1;
  while (used.has(`INV-${n}`)) n++;
  return `INV-${n}`;
}

/** Adds one more inverter of a model the configuration holds, at `position` [m] (or not placed). */
export function addInverter(doc: Doc, modelKey: string, id: string, position: XY | null): Doc {
  if (!doc.inverterModels.some((m) => m.key === modelKey) || doc.inverters.some((i) => i.id === id)) return doc;
  const inverter = { id, name: nextInverterName(doc), modelKey, position: position ? ([position[0], position[1]] as [number, number]) : null };
  return { ...doc, inverters: [...doc.inverters, inverter] };
}

/** Takes an inverter away: its combiner boxes go, its strings are no longer connected. */
export function removeInverter(doc: Doc, inverterId: string): Doc {
  if (!doc.inverters.some((i) => i.id === inverterId)) return doc;
  return {
    ...doc,
    inverters: doc.inverters.filter((i) => i.id !== inverterId),
    combiners: doc.combiners.filter((c) => c.inverterId !== inverterId),
    strings: doc.strings.map((s) => (s.inverterId === inverterId ? { ...s, inverterId: null, mppt: null, combinerId: null } : s)),
  };
}

/** Where a piece of equipment stands [m], or null when it is not placed (or not there). */
export function equipmentPosition(doc: Doc, ref: EquipmentRef): XY | null {
  if (ref.kind === 'grid') return doc.gridPoint;
  const list = ref.kind === 'inverter' ? doc.inverters : doc.combiners;
  return list.find((e) => e.id === ref.id)?.position ?? null;
}

/** Moves an inverter, a combiner box or the grid point to `to` [m]. */
export function moveEquipment(doc: Doc, ref: EquipmentRef, to: XY): Doc {
  const at: [number, number] = [to[0], to[1]];
  const from = equipmentPosition(doc, ref);
  if (from && from[0] === at[0] && from[1] === at[1]) return doc;
  switch (ref.kind) {
    case 'grid':
      return { ...doc, gridPoint: at };
    case 'inverter':
      if (!doc.inverters.some((i) => i.id === ref.id)) return doc;
      return { ...doc, inverters: doc.inverters.map((i) => (i.id === ref.id ? { ...i, position: at } : i)) };
    case 'combiner':
      if (!doc.combiners.some((c) => c.id === ref.id)) return doc;
      return { ...doc, combiners: doc.combiners.map((c) => (c.id === ref.id ? { ...c, position: at } : c)) };
  }
}

/** Same equipment? */
export function sameEquipment(a: EquipmentRef | null, b: EquipmentRef | null): boolean {
  if (!a || !b || a.kind !== b.kind) return false;
  return a.kind === 'grid' || a.id === (b as { id: string }).id;
}
