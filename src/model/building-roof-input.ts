// One design building ('lite-re', src/model/design.ts) as the engine's roof input (src/model/roof.ts,
// docs/ENGINE-API.md "roof", docs/GEOMETRY.md): the editor solves each building's roof with it, and the
// reports work out the same faces from a project file. Plan frame: x east, y north, z up [m].
import type { DesignBuilding, DesignPoint } from './design.ts';
import type { RoofInput } from './roof.ts';

const pointIn = (p: DesignPoint) => (p.z === undefined ? { id: p.id, x: p.x, y: p.y } : { id: p.id, x: p.x, y: p.y, z: p.z });

/** The engine's roof input for one building, or null while its outline is not closed. Roof points
 * no line uses are left out (noise for the engine); an automatic roof sends no drawn points or lines. */
export function toRoofInput(b: DesignBuilding): RoofInput | null {
  if (!b.closed || b.outline.length < 3) return null;
  const used = new Set<string>();
  for (const l of b.lines) {
    used.add(l.idp1);
    used.add(l.idp2);
  }
  const building = {
    id: b.id,
    eaveHeight: b.eaveHeight,
    outerPoints: b.outline.map(pointIn),
    points: b.auto ? [] : b.points.filter((p) => used.has(p.id)).map(pointIn),
    lines: b.auto ? [] : b.lines.map((l) => ({ id: l.id, idp1: l.idp1, idp2: l.idp2 })),
  };
  if (!b.auto) return { building };
  const auto: NonNullable<RoofInput['auto']> = { type: b.auto.type, pitch: b.auto.pitch };
  if (b.auto.ridgeAzimuth !== undefined) auto.ridgeAzimuth = b.auto.ridgeAzimuth;
  return { building, auto };
}
