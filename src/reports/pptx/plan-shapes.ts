// The layout slide's simplified plan drawn with native shapes: the geometry's plan bounds fitted into a
// box on the slide (north up), each group of polygons — buildings, roof faces, obstacles, the modules
// of one string colour — as one custom-geometry shape whose path holds every polygon of the group as
// a sub-path, so a plan of thousands of modules stays a handful of shapes.
import type PptxGenJS from 'pptxgenjs';
import type { ReportGeometry } from '../../model/report.ts';
import { STRING_PALETTE } from '../gltf/colours.ts';

/** pptxgenjs draws custom geometry (its SHAPE_TYPE.CUSTOM_GEOMETRY) but its type declarations leave the name out. */
export const CUSTOM_GEOMETRY = 'custGeom' as string as PptxGenJS.SHAPE_NAME;

type P = readonly [number, number] | readonly [number, number, number];

export interface PlanFrame {
  /** Slide position [in] of a plan point [m]. */
  at(p: P): [number, number];
  /** Inches per metre. */
  scale: number;
}

/** Fits the plan bounds into a slide box, keeping the aspect ratio, north up. */
export function planFrame(bounds: ReportGeometry['bounds'], box: { x: number; y: number; w: number; h: number }): PlanFrame {
  const dx = Math.max(bounds.maxX - bounds.minX, 1e-6);
  const dy = Math.max(bounds.maxY - bounds.minY, 1e-6);
  const scale = Math.min(box.w / dx, box.h / dy);
  const ox = box.x + (box.w - dx * scale) / 2;
  const oy = box.y + (box.h - dy * scale) / 2;
  return { scale, at: (p) => [ox + (p[0] - bounds.minX) * scale, oy + (bounds.maxY - p[1]) * scale] };
}

type Points = NonNullable<PptxGenJS.ShapeProps['points']>;

/** One custom-geometry shape of many closed (or open) polygons. */
export function polygonsShape(frame: PlanFrame, rings: readonly (readonly P[])[], style: { fill?: string; line: string; lineWidth: number; closed?: boolean }): PptxGenJS.ShapeProps | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const slideRings = rings.filter((r) => r.length >= 2).map((r) => r.map((p) => frame.at(p)));
  for (const r of slideRings) {
    for (const [x, y] of r) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  }
  if (!slideRings.length) return null;
  const points: Points = [];
  for (const r of slideRings) {
    r.forEach(([x, y], i) => points.push(i === 0 ? { x: x - minX, y: y - minY, moveTo: true } : { x: x - minX, y: y - minY }));
    if (style.closed !== false) points.push({ close: true });
  }
  return {
    x: minX,
    y: minY,
    w: Math.max(maxX - minX, 0.01),
    h: Math.max(maxY - minY, 0.01),
    points,
    fill: style.fill ? { color: style.fill } : { type: 'none' },
    line: { color: style.line, width: style.lineWidth },
  };
}

/** The plan's shapes, bottom to top. */
export function planShapes(g: ReportGeometry, frame: PlanFrame): PptxGenJS.ShapeProps[] {
  const out: (PptxGenJS.ShapeProps | null)[] = [
    polygonsShape(frame, g.buildings.map((b) => b.outline), { fill: 'ECEFF1', line: '90A4AE', lineWidth: 0.75 }),
    polygonsShape(frame, g.faces.map((f) => f.ring), { line: 'B0BEC5', lineWidth: 0.5 }),
    polygonsShape(frame, g.obstacles.map((o) => o.ring), { fill: '8D6E63', line: '5D4037', lineWidth: 0.5 }),
  ];
  const byColour = new Map<string, P[][]>();
  for (const m of g.modules) {
    const colour = m.string === null ? '1F3A5F' : STRING_PALETTE[(m.string - 1 + STRING_PALETTE.length * 1000) % STRING_PALETTE.length].slice(1).toUpperCase();
    let list = byColour.get(colour);
    if (!list) byColour.set(colour, (list = []));
    list.push(m.corners);
  }
  const moduleLine = frame.scale > 0.05 ? 0.25 : 0;
  for (const [colour, rings] of byColour) out.push(polygonsShape(frame, rings, { fill: colour, line: moduleLine ? 'FFFFFF' : colour, lineWidth: moduleLine || 0.1 }));
  out.push(polygonsShape(frame, g.cables.filter((c) => c.kind === 'ac').map((c) => c.path), { line: 'F9A825', lineWidth: 1, closed: false }));
  out.push(polygonsShape(frame, g.cables.filter((c) => c.kind !== 'ac').map((c) => c.path), { line: 'C62828', lineWidth: 0.5, closed: false }));
  return out.filter((s): s is PptxGenJS.ShapeProps => s !== null);
}
