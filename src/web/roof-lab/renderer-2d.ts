// The plan renderer (Canvas 2D). `drawPlan` paints one frame from a scene it never mutates;
// `PlanRenderer` throttles frames to requestAnimationFrame (many updates, one paint per frame).
import type { FaceOut, RoofOutput } from '../../model/index.ts';
import { faceCss } from './colours.ts';
import { findPoint, outlineEdges, type DocPoint, type RoofDocument } from './document.ts';
import { gridStep, toScreen, type PlanView } from './plan-view.ts';
import type { SnapTarget } from './snapping.ts';
import type { Selection, ToolState } from './tools.ts';

export interface PlanScene {
  readonly doc: RoofDocument;
  readonly tool: ToolState;
  readonly selection: Selection | null;
  readonly view: PlanView;
  readonly output: RoofOutput | null;
  /** The snapped pointer position, null when the pointer is off the canvas. */
  readonly cursor: SnapTarget | null;
  /** Ids named by the engine's errors (points, lines, faces). */
  readonly errorIds: ReadonlySet<string>;
  /** A face hovered in the faces table. */
  readonly hoverFaceId: string | null;
  /** Device pixel ratio of the canvas backing store. */
  readonly dpr: number;
  readonly northLabel: string;
}

const INK = '#1f2937';
const MUTED = '#64748b';
const ACCENT = '#436cf5';
const ERROR = '#e5484d';
const FONT = '12px system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif';

function polygonPath(ctx: CanvasRenderingContext2D, view: PlanView, pts: readonly (readonly [number, number])[]): void {
  ctx.beginPath();
  pts.forEach(([x, y], i) => {
    const [sx, sy] = toScreen(view, x, y);
    if (i === 0) ctx.moveTo(sx, sy);
    else ctx.lineTo(sx, sy);
  });
  ctx.closePath();
}

function drawGrid(ctx: CanvasRenderingContext2D, view: PlanView): void {
  const step = gridStep(view, 16);
  const major = step * 5;
  const x0 = view.cx - view.width / 2 / view.scale;
  const x1 = view.cx + view.width / 2 / view.scale;
  const y0 = view.cy - view.height / 2 / view.scale;
  const y1 = view.cy + view.height / 2 / view.scale;
  const lines = (s: number, colour: string, width: number) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.beginPath();
    for (let x = Math.ceil(x0 / s) * s; x <= x1; x += s) {
      const [sx] = toScreen(view, x, 0);
      ctx.moveTo(Math.round(sx) + 0.5, 0);
      ctx.lineTo(Math.round(sx) + 0.5, view.height);
    }
    for (let y = Math.ceil(y0 / s) * s; y <= y1; y += s) {
      const [, sy] = toScreen(view, 0, y);
      ctx.moveTo(0, Math.round(sy) + 0.5);
      ctx.lineTo(view.width, Math.round(sy) + 0.5);
    }
    ctx.stroke();
  };
  lines(step, '#edf1f6', 1);
  lines(major, '#dde3ec', 1);
  // Axes through the origin.
  const [ox, oy] = toScreen(view, 0, 0);
  ctx.strokeStyle = '#c7d0dd';
  ctx.beginPath();
  ctx.moveTo(Math.round(ox) + 0.5, 0);
  ctx.lineTo(Math.round(ox) + 0.5, view.height);
  ctx.moveTo(0, Math.round(oy) + 0.5);
  ctx.lineTo(view.width, Math.round(oy) + 0.5);
  ctx.stroke();
}

function faceCentroid(f: FaceOut): [number, number] {
  // Plan polygon centroid (shoelace); falls back to the vertex mean for degenerate polygons.
  let a = 0;
  let cx = 0;
  let cy = 0;
  const v = f.vertices;
  for (let i = 0; i < v.length; i++) {
    const [x0, y0] = v[i];
    const [x1, y1] = v[(i + 1) % v.length];
    const c = x0 * y1 - x1 * y0;
    a += c;
    cx += (x0 + x1) * c;
    cy += (y0 + y1) * c;
  }
  if (Math.abs(a) < 1e-12) {
    const n = Math.max(1, v.length);
    return [v.reduce((s, p) => s + p[0], 0) / n, v.reduce((s, p) => s + p[1], 0) / n];
  }
  return [cx / (3 * a), cy / (3 * a)];
}

function drawFaces(ctx: CanvasRenderingContext2D, scene: PlanScene): void {
  const { output, view } = scene;
  if (!output) return;
  for (const f of output.faces) {
    const pts = f.vertices.map((p) => [p[0], p[1]] as const);
    const hover = scene.hoverFaceId === f.id;
    polygonPath(ctx, view, pts);
    ctx.fillStyle = faceCss(f.azimuth, f.tilt, hover ? 0.85 : 0.55);
    ctx.fill();
    ctx.strokeStyle = faceCss(f.azimuth, f.tilt, 1);
    ctx.lineWidth = hover ? 2.5 : 1;
    ctx.stroke();
    if (scene.errorIds.has(f.id)) {
      ctx.save();
      polygonPath(ctx, view, pts);
      ctx.clip();
      ctx.strokeStyle = 'rgba(229, 72, 77, 0.55)';
      ctx.lineWidth = 2;
      ctx.beginPath();
      const span = view.width + view.height;
      for (let d = -span; d < span; d += 10) {
        ctx.moveTo(d, 0);
        ctx.lineTo(d + view.height, view.height);
      }
      ctx.stroke();
      ctx.restore();
    }
  }
  // Labels: tilt and a down-slope arrow pointing the way the face looks.
  ctx.font = FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const f of output.faces) {
    if (f.planArea * view.scale * view.scale < 1800) continue;
    const [cx, cy] = faceCentroid(f);
    const [sx, sy] = toScreen(view, cx, cy);
    const label = f.tilt < 0.5 ? '0°' : `${f.tilt.toFixed(1)}°`;
    const ty = f.tilt >= 0.5 ? sy - 7 : sy;
    if (f.tilt >= 0.5) {
      // A short arrow under the label, pointing down-slope (the way the face looks).
      const a = (f.azimuth * Math.PI) / 180;
      const dx = Math.sin(a);
      const dy = -Math.cos(a); // screen y points south
      const mx = sx;
      const my = sy + 9;
      const tx = mx + dx * 9;
      const tyy = my + dy * 9;
      ctx.strokeStyle = 'rgba(15, 23, 42, 0.75)';
      ctx.fillStyle = 'rgba(15, 23, 42, 0.75)';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(mx - dx * 9, my - dy * 9);
      ctx.lineTo(tx - dx * 3, tyy - dy * 3);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(tx, tyy);
      ctx.lineTo(tx - dx * 6 - dy * 3.5, tyy - dy * 6 + dx * 3.5);
      ctx.lineTo(tx - dx * 6 + dy * 3.5, tyy - dy * 6 - dx * 3.5);
      ctx.closePath();
      ctx.fill();
    }
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.strokeText(label, sx, ty);
    ctx.fillStyle = INK;
    ctx.fillText(label, sx, ty);
  }
}

function segment(ctx: CanvasRenderingContext2D, view: PlanView, a: { x: number; y: number }, b: { x: number; y: number }): void {
  const [ax, ay] = toScreen(view, a.x, a.y);
  const [bx, by] = toScreen(view, b.x, b.y);
  ctx.moveTo(ax, ay);
  ctx.lineTo(bx, by);
}

function drawOutline(ctx: CanvasRenderingContext2D, scene: PlanScene): void {
  const { doc, view } = scene;
  if (doc.outline.length === 0) return;
  if (doc.closed && !(scene.output && scene.output.faces.length > 0)) {
    polygonPath(ctx, view, doc.outline.map((p) => [p.x, p.y] as const));
    ctx.fillStyle = 'rgba(67, 108, 245, 0.07)';
    ctx.fill();
  }
  ctx.strokeStyle = INK;
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  for (const [a, b] of outlineEdges(doc)) segment(ctx, view, a, b);
  ctx.stroke();
}

function drawRoofLines(ctx: CanvasRenderingContext2D, scene: PlanScene): void {
  const { doc, view } = scene;
  ctx.lineWidth = 1.75;
  ctx.strokeStyle = doc.auto ? 'rgba(100, 116, 139, 0.55)' : '#334155';
  ctx.setLineDash(doc.auto ? [6, 4] : []);
  ctx.beginPath();
  for (const l of doc.lines) {
    const a = findPoint(doc, l.idp1);
    const b = findPoint(doc, l.idp2);
    if (a && b) segment(ctx, view, a, b);
  }
  ctx.stroke();
  ctx.setLineDash([]);
}

function drawPoints(ctx: CanvasRenderingContext2D, scene: PlanScene): void {
  const { doc, view, output } = scene;
  const computedZ = new Map<string, number | null>();
  if (output) for (const p of output.points) computedZ.set(p.id, p.z);
  // Points the engine created (crossings): small diamonds.
  if (output && !doc.auto) {
    ctx.fillStyle = MUTED;
    for (const p of output.points) {
      if (findPoint(doc, p.id) || p.mergedInto) continue;
      const [sx, sy] = toScreen(view, p.x, p.y);
      ctx.beginPath();
      ctx.moveTo(sx, sy - 4);
      ctx.lineTo(sx + 4, sy);
      ctx.lineTo(sx, sy + 4);
      ctx.lineTo(sx - 4, sy);
      ctx.closePath();
      ctx.fill();
    }
  }
  const label = (p: DocPoint, sx: number, sy: number) => {
    const z = p.z ?? computedZ.get(p.id);
    if (z === undefined || z === null) return;
    const text = `${p.z !== undefined ? 'z ' : ''}${z.toFixed(2)}`;
    ctx.font = p.z !== undefined ? `600 ${FONT}` : FONT;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.strokeText(text, sx + 7, sy - 5);
    ctx.fillStyle = p.z !== undefined ? ACCENT : MUTED;
    ctx.fillText(text, sx + 7, sy - 5);
  };
  for (const p of doc.outline) {
    const [sx, sy] = toScreen(view, p.x, p.y);
    ctx.fillStyle = p.z !== undefined ? ACCENT : '#ffffff';
    ctx.strokeStyle = INK;
    ctx.lineWidth = 1.5;
    ctx.fillRect(sx - 4, sy - 4, 8, 8);
    ctx.strokeRect(sx - 4, sy - 4, 8, 8);
    if (p.z !== undefined) label(p, sx, sy);
  }
  for (const p of doc.points) {
    const [sx, sy] = toScreen(view, p.x, p.y);
    ctx.beginPath();
    ctx.arc(sx, sy, 4.5, 0, Math.PI * 2);
    ctx.fillStyle = p.z !== undefined ? ACCENT : '#ffffff';
    ctx.fill();
    ctx.strokeStyle = INK;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    label(p, sx, sy);
  }
}

/** Red marks on everything an engine error names: points, lines (and their split parts), faces. */
function drawErrors(ctx: CanvasRenderingContext2D, scene: PlanScene): void {
  const { doc, view, output, errorIds } = scene;
  if (errorIds.size === 0) return;
  const segs: [{ x: number; y: number }, { x: number; y: number }][] = [];
  for (const l of doc.lines) {
    if (!errorIds.has(l.id)) continue;
    const a = findPoint(doc, l.idp1);
    const b = findPoint(doc, l.idp2);
    if (a && b) segs.push([a, b]);
  }
  if (output) {
    for (const l of output.lines) {
      const base = l.id.split('#')[0];
      if (errorIds.has(l.id) || errorIds.has(base)) segs.push([{ x: l.x1, y: l.y1 }, { x: l.x2, y: l.y2 }]);
    }
  }
  const rings = new Map<string, { x: number; y: number }>();
  if (output) for (const p of output.points) if (errorIds.has(p.id)) rings.set(p.id, p);
  for (const p of [...doc.outline, ...doc.points]) if (errorIds.has(p.id)) rings.set(p.id, p);
  // A white halo under a red core: readable on every face colour (south faces are red too).
  ctx.lineCap = 'round';
  for (const [colour, lineWidth, ringWidth] of [
    ['rgba(255, 255, 255, 0.95)', 9, 6],
    [ERROR, 4, 2.5],
  ] as const) {
    ctx.strokeStyle = colour;
    ctx.lineWidth = lineWidth;
    ctx.beginPath();
    for (const [a, b] of segs) segment(ctx, view, a, b);
    ctx.stroke();
    ctx.lineWidth = ringWidth;
    for (const p of rings.values()) {
      const [sx, sy] = toScreen(view, p.x, p.y);
      ctx.beginPath();
      ctx.arc(sx, sy, 10, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
  ctx.lineCap = 'butt';
}

function drawSelection(ctx: CanvasRenderingContext2D, scene: PlanScene): void {
  const { doc, view, selection } = scene;
  if (!selection) return;
  ctx.strokeStyle = ACCENT;
  if (selection.kind === 'point') {
    const p = findPoint(doc, selection.id);
    if (!p) return;
    const [sx, sy] = toScreen(view, p.x, p.y);
    ctx.lineWidth = 2.5;
    ctx.beginPath();
    ctx.arc(sx, sy, 9, 0, Math.PI * 2);
    ctx.stroke();
    return;
  }
  const l = doc.lines.find((q) => q.id === selection.id);
  const a = l && findPoint(doc, l.idp1);
  const b = l && findPoint(doc, l.idp2);
  if (!a || !b) return;
  ctx.lineWidth = 4;
  ctx.globalAlpha = 0.7;
  ctx.beginPath();
  segment(ctx, view, a, b);
  ctx.stroke();
  ctx.globalAlpha = 1;
}

function drawToolPreview(ctx: CanvasRenderingContext2D, scene: PlanScene): void {
  const { doc, view, tool, cursor } = scene;
  if (!cursor) return;
  const [cx, cy] = toScreen(view, cursor.x, cursor.y);
  let from: { x: number; y: number } | null = null;
  if (tool.name === 'outline' && tool.state === 'drawing') from = doc.outline[doc.outline.length - 1] ?? null;
  if (tool.name === 'line' && tool.state === 'drawing') from = tool.from;
  if (from) {
    ctx.strokeStyle = ACCENT;
    ctx.lineWidth = 1.5;
    ctx.setLineDash([6, 5]);
    ctx.beginPath();
    segment(ctx, view, from, cursor);
    ctx.stroke();
    ctx.setLineDash([]);
    const len = Math.hypot(cursor.x - from.x, cursor.y - from.y);
    if (len > 0) {
      const [fx, fy] = toScreen(view, from.x, from.y);
      const text = `${len.toFixed(2)} m`;
      ctx.font = FONT;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.lineWidth = 3;
      ctx.strokeStyle = '#ffffff';
      ctx.strokeText(text, (fx + cx) / 2, (fy + cy) / 2 - 4);
      ctx.fillStyle = ACCENT;
      ctx.fillText(text, (fx + cx) / 2, (fy + cy) / 2 - 4);
    }
  }
  if (tool.name === 'line' && tool.state === 'drawing') {
    const [fx, fy] = toScreen(view, tool.from.x, tool.from.y);
    ctx.fillStyle = ACCENT;
    ctx.beginPath();
    ctx.arc(fx, fy, 4, 0, Math.PI * 2);
    ctx.fill();
  }
  // The snap marker.
  ctx.lineWidth = 2;
  if (cursor.kind === 'point') {
    const closing = tool.name === 'outline' && doc.outline[0]?.id === cursor.id && doc.outline.length >= 3;
    ctx.strokeStyle = closing ? '#16a34a' : ACCENT;
    ctx.beginPath();
    ctx.arc(cx, cy, closing ? 11 : 8, 0, Math.PI * 2);
    ctx.stroke();
  } else if (cursor.kind === 'edge' || cursor.kind === 'line') {
    ctx.strokeStyle = '#f59e0b';
    ctx.fillStyle = '#fff7e6';
    ctx.beginPath();
    ctx.moveTo(cx, cy - 7);
    ctx.lineTo(cx + 7, cy);
    ctx.lineTo(cx, cy + 7);
    ctx.lineTo(cx - 7, cy);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
  } else {
    ctx.strokeStyle = ACCENT;
    ctx.lineWidth = 1.25;
    ctx.beginPath();
    ctx.moveTo(cx - 7, cy);
    ctx.lineTo(cx + 7, cy);
    ctx.moveTo(cx, cy - 7);
    ctx.lineTo(cx, cy + 7);
    ctx.stroke();
  }
}

/** A north arrow (top right) and a scale bar (bottom left). */
function drawOverlay(ctx: CanvasRenderingContext2D, scene: PlanScene): void {
  const { view } = scene;
  const x = view.width - 34;
  const y = 40;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.strokeStyle = '#d5dbe5';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.arc(x, y, 20, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = ERROR;
  ctx.beginPath();
  ctx.moveTo(x, y - 14);
  ctx.lineTo(x + 6, y + 2);
  ctx.lineTo(x - 6, y + 2);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = INK;
  ctx.font = `600 ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(scene.northLabel, x, y + 10);

  // Scale bar: a nice length of roughly 120 px.
  const raw = 120 / view.scale;
  const p = 10 ** Math.floor(Math.log10(raw));
  const len = [1, 2, 5, 10].map((m) => m * p).reduce((best, v) => (Math.abs(v - raw) < Math.abs(best - raw) ? v : best));
  const px = len * view.scale;
  const bx = 16;
  const by = view.height - 18;
  ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.fillRect(bx - 6, by - 22, px + 12, 30);
  ctx.strokeStyle = INK;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(bx, by - 5);
  ctx.lineTo(bx, by);
  ctx.lineTo(bx + px, by);
  ctx.lineTo(bx + px, by - 5);
  ctx.stroke();
  ctx.font = FONT;
  ctx.fillStyle = INK;
  ctx.textBaseline = 'bottom';
  ctx.fillText(`${len >= 1 ? len : len.toPrecision(1)} m`, bx + px / 2, by - 4);
}

/** Paints one frame. Reads the scene only. */
export function drawPlan(ctx: CanvasRenderingContext2D, scene: PlanScene): void {
  const { view, dpr } = scene;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#f8fafc';
  ctx.fillRect(0, 0, view.width, view.height);
  drawGrid(ctx, view);
  drawFaces(ctx, scene);
  drawOutline(ctx, scene);
  drawRoofLines(ctx, scene);
  drawErrors(ctx, scene);
  drawSelection(ctx, scene);
  drawPoints(ctx, scene);
  drawToolPreview(ctx, scene);
  drawOverlay(ctx, scene);
}

/** Owns a canvas; `render` may be called often, painting happens once per animation frame. */
export class PlanRenderer {
  private scene: PlanScene | null = null;
  private frame: number | null = null;
  private readonly ctx: CanvasRenderingContext2D;

  constructor(private readonly canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('Canvas 2D is not available');
    this.ctx = ctx;
  }

  render(scene: PlanScene): void {
    this.scene = scene;
    if (this.frame === null) this.frame = requestAnimationFrame(this.paint);
  }

  private paint = (): void => {
    this.frame = null;
    const scene = this.scene;
    if (!scene) return;
    const w = Math.max(1, Math.round(scene.view.width * scene.dpr));
    const h = Math.max(1, Math.round(scene.view.height * scene.dpr));
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
    drawPlan(this.ctx, scene);
  };

  dispose(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.scene = null;
  }
}
