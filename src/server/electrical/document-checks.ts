// The checks a saved Electrical-step document must pass beyond its schema (src/model/electrical-design.ts):
// an 'inverter-config' must name only modules of the current layout ('component-layout', moduleRef =
// arrayId#index into the array's centres), put no module in two strings (nor in a string and in
// `unassigned`), and wire strings only to inverters it holds and to MPPT inputs those inverters' models
// have (mppt < mpptCount), through combiner boxes of the same inverter; a 'cable' document may only join
// strings, combiners, inverters and the grid point of the current inverter configuration. Each check
// answers the first fault as { field: 'data.…', message } (the route answers 400 naming the field).
import type { LayoutDocument } from '../../model/design.ts';
import { parseModuleRef, type CableDocument, type InverterConfigDocument } from '../../model/electrical-design.ts';

export interface DocumentIssue {
  field: string;
  message: string;
}

/** Module count of every array of a layout, by array id. */
export function layoutModuleCounts(layout: Pick<LayoutDocument, 'arrays'> | null): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of layout?.arrays ?? []) out.set(a.id, a.centers.length / 3);
  return out;
}

/** Whether a module reference names a module of the layout. */
export function moduleExists(counts: ReadonlyMap<string, number>, ref: string): boolean {
  const m = parseModuleRef(ref);
  if (m === null) return false;
  const n = counts.get(m.arrayId);
  return n !== undefined && m.index < n;
}

/** The first id used twice in a list, with its index. */
function duplicate(ids: readonly string[]): number {
  const seen = new Set<string>();
  for (let i = 0; i < ids.length; i++) {
    if (seen.has(ids[i])) return i;
    seen.add(ids[i]);
  }
  return -1;
}

/** The first fault of an inverter configuration against the layout it wires, or null. */
export function inverterConfigIssue(doc: InverterConfigDocument, layout: Pick<LayoutDocument, 'arrays'> | null): DocumentIssue | null {
  const issue = (path: (string | number)[], message: string): DocumentIssue => ({ field: ['data', ...path].join('.'), message });
  if (doc.modulesPerString.min > doc.modulesPerString.max) return issue(['modulesPerString', 'max'], 'must not be below min');

  let d = duplicate(doc.inverterModels.map((m) => m.key));
  if (d >= 0) return issue(['inverterModels', d, 'key'], 'is used by another inverter model');
  const models = new Map(doc.inverterModels.map((m) => [m.key, m]));

  d = duplicate(doc.inverters.map((v) => v.id));
  if (d >= 0) return issue(['inverters', d, 'id'], 'is used by another inverter');
  const mppts = new Map<string, number>();
  for (const [i, v] of doc.inverters.entries()) {
    const model = models.get(v.modelKey);
    if (!model) return issue(['inverters', i, 'modelKey'], 'names no inverter model of the configuration');
    mppts.set(v.id, model.data.mpptCount);
  }

  d = duplicate(doc.combiners.map((c) => c.id));
  if (d >= 0) return issue(['combiners', d, 'id'], 'is used by another combiner box');
  const combiners = new Map(doc.combiners.map((c) => [c.id, c]));
  for (const [i, c] of doc.combiners.entries()) {
    if (!mppts.has(c.inverterId)) return issue(['combiners', i, 'inverterId'], 'names no inverter of the configuration');
  }

  d = duplicate(doc.strings.map((s) => s.id));
  if (d >= 0) return issue(['strings', d, 'id'], 'is used by another string');
  const counts = layoutModuleCounts(layout);
  const used = new Map<string, string>();
  for (const [i, s] of doc.strings.entries()) {
    for (const [j, ref] of s.moduleRefs.entries()) {
      if (!moduleExists(counts, ref)) return issue(['strings', i, 'moduleRefs', j], `module ${ref} is not in the current layout`);
      const other = used.get(ref);
      if (other !== undefined) return issue(['strings', i, 'moduleRefs', j], `module ${ref} is already in string ${other}`);
      used.set(ref, s.id);
    }
    if (s.inverterId === null) {
      if (s.mppt !== null) return issue(['strings', i, 'mppt'], 'needs an inverter');
      if (s.combinerId !== null) return issue(['strings', i, 'combinerId'], 'needs an inverter');
      continue;
    }
    const count = mppts.get(s.inverterId);
    if (count === undefined) return issue(['strings', i, 'inverterId'], 'names no inverter of the configuration');
    if (s.mppt !== null && s.mppt >= count) return issue(['strings', i, 'mppt'], `the inverter has ${count} MPPT inputs (0 to ${count - 1})`);
    if (s.combinerId !== null) {
      const c = combiners.get(s.combinerId);
      if (!c) return issue(['strings', i, 'combinerId'], 'names no combiner box of the configuration');
      if (c.inverterId !== s.inverterId) return issue(['strings', i, 'combinerId'], 'the combiner box feeds another inverter');
    }
  }
  for (const [j, ref] of doc.unassigned.entries()) {
    if (!moduleExists(counts, ref)) return issue(['unassigned', j], `module ${ref} is not in the current layout`);
    const other = used.get(ref);
    if (other !== undefined) return issue(['unassigned', j], `module ${ref} is in string ${other}`);
    used.set(ref, '');
  }
  return null;
}

/** Where each cable kind must start and end. */
const CABLE_ENDS: Record<CableDocument['cables'][number]['kind'], { from: string; to: readonly string[] }> = {
  string: { from: 'string', to: ['combiner', 'inverter'] },
  combiner: { from: 'combiner', to: ['inverter'] },
  ac: { from: 'inverter', to: ['grid'] },
};

/** The first fault of a cable document against the inverter configuration it belongs to, or null. */
export function cableDocumentIssue(doc: CableDocument, config: InverterConfigDocument | null): DocumentIssue | null {
  const issue = (path: (string | number)[], message: string): DocumentIssue => ({ field: ['data', ...path].join('.'), message });
  if (doc.cables.length === 0) return null;
  if (config === null) return issue(['cables'], 'configure the inverters before routing cables');
  const d = duplicate(doc.cables.map((c) => c.id));
  if (d >= 0) return issue(['cables', d, 'id'], 'is used by another cable');
  const ids: Record<string, Set<string>> = {
    string: new Set(config.strings.map((s) => s.id)),
    combiner: new Set(config.combiners.map((c) => c.id)),
    inverter: new Set(config.inverters.map((v) => v.id)),
  };
  for (const [i, c] of doc.cables.entries()) {
    const ends = CABLE_ENDS[c.kind];
    if (c.from.kind !== ends.from) return issue(['cables', i, 'from', 'kind'], `a ${c.kind} cable starts at a ${ends.from}`);
    if (!ends.to.includes(c.to.kind)) return issue(['cables', i, 'to', 'kind'], `a ${c.kind} cable ends at a ${ends.to.join(' or ')}`);
    for (const end of ['from', 'to'] as const) {
      const e = c[end];
      if (e.kind === 'grid') {
        if (config.gridPoint === null) return issue(['cables', i, end, 'id'], 'the configuration has no grid point');
      } else if (!ids[e.kind].has(e.id)) {
        return issue(['cables', i, end, 'id'], `names no ${e.kind} of the inverter configuration`);
      }
    }
  }
  return null;
}
