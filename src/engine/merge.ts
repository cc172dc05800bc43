// merge — the inverse of split (docs/ENGINE-API.md "split / merge", docs/GEOMETRY.md §1). Pure TypeScript: no
// kernel is needed to glue sub-lines back together.
//
// - The sub-lines `<id>#1 … <id>#k` of one base id become the line `<id>` again: idp1 of the lowest
//   sub index, idp2 of the highest, `ifSplit: false`, x1..y2 from those two points. The merged line
//   takes the place of its first sub-line in the list.
// - A line with `ifSplit: false` is never taken apart, whatever its id looks like; a line without
//   `ifSplit` is a sub-line when its id ends in `#<n>`.
// - Points created by split (relation INTERPOINT1 / INTERPOINT2 / INTERPOINT3) are dropped unless a
//   merged line still ends on them (a line cut at the outline keeps its INTERPOINT3 end).
// - Output points carry only id, x, y and z (when given): the relation is split's annotation.
import type { MergeInput, MergeOutput } from '../model/index.ts';
import { InputError } from './errors.ts';

type LineOut = MergeOutput['lines'][number];
type PointOut = MergeOutput['points'][number];

/** Relations of the points that split creates at crossings. */
const CREATED = new Set(['INTERPOINT1', 'INTERPOINT2', 'INTERPOINT3']);
const SUB_ID = /^(.*)#([1-9]\d*)$/;

interface Group {
  /** Index of the first line of the group in the input: the merged line's place. */
  order: number;
  id: string;
  /** Sub-lines by sub index (a whole line has index 0). */
  parts: { k: number; line: MergeInput['lines'][number]; at: number }[];
}

/** Sub-lines of one base id become the original line again; crossing points are dropped. */
export function merge(input: MergeInput): MergeOutput {
  const byId = new Map<string, MergeInput['points'][number]>();
  input.points.forEach((p) => byId.set(p.id, p));

  const groups = new Map<string, Group>();
  input.lines.forEach((line, at) => {
    const m = line.ifSplit === false ? null : SUB_ID.exec(line.id);
    if (line.ifSplit === true && !m) {
      throw new InputError(`lines.${at}.id`, `a split line's id must end in #<n>: ${line.id}`);
    }
    const base = m ? m[1] : line.id;
    const k = m ? Number(m[2]) : 0;
    // A whole line and the sub-lines of another line may share a base id only if ids stay unique.
    const key = m ? `#${base}` : `=${base}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { order: at, id: base, parts: [] }));
    else if (k === 0) throw new InputError(`lines.${at}.id`, `duplicate line id ${line.id}`);
    g.parts.push({ k, line, at });
  });

  const sorted = [...groups.values()].sort((a, b) => a.order - b.order);
  const wholeIds = new Set(sorted.filter((g) => g.parts[0].k === 0).map((g) => g.id));
  const lines: LineOut[] = [];
  for (const g of sorted) {
    if (g.parts[0].k !== 0 && wholeIds.has(g.id)) {
      throw new InputError(`lines.${g.parts[0].at}.id`, `sub-line ${g.parts[0].line.id} of a line id that also exists whole`);
    }
    g.parts.sort((a, b) => a.k - b.k);
    for (let i = 1; i < g.parts.length; i++) {
      if (g.parts[i].k === g.parts[i - 1].k) {
        throw new InputError(`lines.${g.parts[i].at}.id`, `duplicate line id ${g.parts[i].line.id}`);
      }
    }
    const first = g.parts[0];
    const last = g.parts[g.parts.length - 1];
    const [x1, y1] = endpoint(byId, first.line.idp1, first.line.x1, first.line.y1, `lines.${first.at}.idp1`);
    const [x2, y2] = endpoint(byId, last.line.idp2, last.line.x2, last.line.y2, `lines.${last.at}.idp2`);
    lines.push({ id: g.id, idp1: first.line.idp1, idp2: last.line.idp2, x1, y1, x2, y2, ifSplit: false });
  }

  const used = new Set<string>();
  for (const l of lines) {
    used.add(l.idp1);
    used.add(l.idp2);
  }
  const points: PointOut[] = [];
  for (const p of input.points) {
    if (p.relation !== undefined && CREATED.has(p.relation) && !used.has(p.id)) continue;
    const out: PointOut = { id: p.id, x: p.x, y: p.y };
    if (typeof p.z === 'number') out.z = p.z;
    points.push(out);
  }
  return { points, lines };
}

/** A line end's plan coordinates: from its point, else from the line's own copy of them. */
function endpoint(
  byId: Map<string, MergeInput['points'][number]>,
  id: string,
  x: number | undefined,
  y: number | undefined,
  path: string,
): [number, number] {
  const p = byId.get(id);
  if (p) return [p.x, p.y];
  if (typeof x === 'number' && typeof y === 'number') return [x, y];
  throw new InputError(path, `unknown point ${id}`);
}
