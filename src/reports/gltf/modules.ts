// The modules of the glTF scene: each a thin box (its 4 corners and the same raised by the module's
// thickness along the face normal: 8 vertices, 12 triangles; flat normals are left to the viewer as
// glTF allows), grouped by colour into one primitive per material — by string (the string palette,
// modules outside a string in the plain module colour) or by shading (5 % heat bins).
import type { ReportGeometry } from '../../model/report.ts';
import { SHADING_BIN, SHADING_BINS, shadingBin, shadingColour, STRING_PALETTE, SCENE_COLOURS } from './colours.ts';
import { MeshData } from './mesh-data.ts';

/** Frame and laminate thickness drawn [m] (a common 35 mm frame). */
export const MODULE_THICKNESS = 0.035;

export type ModuleColouring = 'string' | 'shading' | 'plain';

export interface ModuleGroup {
  name: string;
  colour: string;
  mesh: MeshData;
}

type Module = ReportGeometry['modules'][number];

/** The colouring a scene gets by default: by string when modules are strung, else by shading when analysed. */
export function defaultColouring(g: ReportGeometry): ModuleColouring {
  if (g.modules.some((m) => m.string !== null)) return 'string';
  if (g.modules.some((m) => m.shading !== null)) return 'shading';
  return 'plain';
}

function groupOf(m: Module, colouring: ModuleColouring): { key: string; name: string; colour: string } {
  if (colouring === 'string' && m.string !== null) {
    const i = (((m.string - 1) % STRING_PALETTE.length) + STRING_PALETTE.length) % STRING_PALETTE.length;
    return { key: `s${i}`, name: `strings colour ${i + 1}`, colour: STRING_PALETTE[i] };
  }
  if (colouring === 'shading' && m.shading !== null) {
    const b = shadingBin(m.shading);
    const lo = Math.round(b * SHADING_BIN * 100);
    return { key: `h${b}`, name: b === SHADING_BINS - 1 ? `shading ≥ ${lo} %` : `shading ${lo}–${lo + 5} %`, colour: shadingColour(b) };
  }
  return { key: 'plain', name: 'modules', colour: SCENE_COLOURS.module };
}

function addBox(mesh: MeshData, c: Module['corners']): void {
  // Face normal from the corners; corners ordered counter-clockwise seen from above so it points up.
  const ax = c[1][0] - c[0][0], ay = c[1][1] - c[0][1], az = c[1][2] - c[0][2];
  const bx = c[3][0] - c[0][0], by = c[3][1] - c[0][1], bz = c[3][2] - c[0][2];
  let nx = ay * bz - az * by;
  let ny = az * bx - ax * bz;
  let nz = ax * by - ay * bx;
  const ring = nz >= 0 ? c : [c[0], c[3], c[2], c[1]];
  const len = Math.hypot(nx, ny, nz) || 1;
  const s = (nz >= 0 ? 1 : -1) * (MODULE_THICKNESS / len);
  nx *= s;
  ny *= s;
  nz *= s;
  const base = mesh.vertexCount;
  for (const p of ring) mesh.vertex(p[0], p[1], p[2]);
  for (const p of ring) mesh.vertex(p[0] + nx, p[1] + ny, p[2] + nz);
  const t = base + 4;
  mesh.triangle(t, t + 1, t + 2);
  mesh.triangle(t, t + 2, t + 3);
  mesh.triangle(base, base + 2, base + 1);
  mesh.triangle(base, base + 3, base + 2);
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    mesh.triangle(base + i, base + j, t + j);
    mesh.triangle(base + i, t + j, t + i);
  }
}

/** The modules grouped by colour, in first-seen order. */
export function moduleGroups(g: ReportGeometry, colouring: ModuleColouring): ModuleGroup[] {
  const groups = new Map<string, ModuleGroup>();
  for (const m of g.modules) {
    const { key, name, colour } = groupOf(m, colouring);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { name, colour, mesh: new MeshData() }));
    addBox(group.mesh, m.corners);
  }
  return [...groups.values()];
}
