// The plan renderer on Canvas 2D: the benchmark's baseline for the regl renderer and the fallback when
// WebGL is missing. Same interface and same layers (plan-renderer.ts). Written to be a fair baseline:
// the static layers become one Path2D per colour (and line width) in world metres when the scene
// changes, and a frame sets the view transform and fills/strokes those paths — no per-module work in
// JavaScript while panning. Marks (a few) are drawn in pixels each frame.
import type { PlanView } from '../contracts.ts';
import { EMPTY_LAYER, MARK_DIAMOND, MARK_DISC, MARK_RING, MARK_SQUARE, type PlanLayer } from './plan-layers.ts';
import type { ModuleInstances } from './plan-modules.ts';
import { backingPixel, FrameThrottle, type PlanRenderer, type PlanRendererOptions, type PlanRenderStats, sameView, sizeBackingStore } from './plan-renderer.ts';
import { PLAN_COLOURS, type PlanScene } from './plan-scene.ts';
import { worldToScreen } from './plan-view.ts';

interface Batch {
  css: string;
  path: Path2D;
}

interface StrokeBatch extends Batch {
  widthPx: number;
}

interface LayerPaths {
  layer: PlanLayer;
  fills: Batch[];
  strokes: StrokeBatch[];
}

function css(c: Uint8Array, i: number): string {
  return `rgba(${c[4 * i]}, ${c[4 * i + 1]}, ${c[4 * i + 2]}, ${(c[4 * i + 3] / 255).toFixed(3)})`;
}

function colourKey(c: Uint8Array, i: number): number {
  return ((c[4 * i] << 24) | (c[4 * i + 1] << 16) | (c[4 * i + 2] << 8) | c[4 * i + 3]) >>> 0;
}

function layerPaths(layer: PlanLayer): LayerPaths {
  const fills = new Map<number, Batch>();
  const t = layer.triangles;
  for (let v = 0; v + 2 < t.count; v += 3) {
    const key = colourKey(t.colours, v);
    let b = fills.get(key);
    if (!b) fills.set(key, (b = { css: css(t.colours, v), path: new Path2D() }));
    const p = t.positions;
    b.path.moveTo(p[2 * v], p[2 * v + 1]);
    b.path.lineTo(p[2 * v + 2], p[2 * v + 3]);
    b.path.lineTo(p[2 * v + 4], p[2 * v + 5]);
    b.path.closePath();
  }
  const strokes = new Map<string, StrokeBatch>();
  const s = layer.segments;
  for (let i = 0; i < s.count; i++) {
    const key = `${colourKey(s.colours, i)}:${s.widths[i]}`;
    let b = strokes.get(key);
    if (!b) strokes.set(key, (b = { css: css(s.colours, i), widthPx: s.widths[i], path: new Path2D() }));
    b.path.moveTo(s.ends[4 * i], s.ends[4 * i + 1]);
    b.path.lineTo(s.ends[4 * i + 2], s.ends[4 * i + 3]);
  }
  return { layer, fills: [...fills.values()], strokes: [...strokes.values()] };
}

function modulePaths(m: ModuleInstances): Batch[] {
  const batches = new Map<number, Batch>();
  for (let k = 0; k < m.count; k++) {
    const key = colourKey(m.colours, k);
    let b = batches.get(key);
    if (!b) batches.set(key, (b = { css: css(m.colours, k), path: new Path2D() }));
    const cx = m.centres[2 * k];
    const cy = m.centres[2 * k + 1];
    const ax = m.axes[4 * k];
    const ay = m.axes[4 * k + 1];
    const bx = m.axes[4 * k + 2];
    const by = m.axes[4 * k + 3];
    b.path.moveTo(cx - ax - bx, cy - ay - by);
    b.path.lineTo(cx + ax - bx, cy + ay - by);
    b.path.lineTo(cx + ax + bx, cy + ay + by);
    b.path.lineTo(cx - ax + bx, cy - ay + by);
    b.path.closePath();
  }
  return [...batches.values()];
}

/** A Canvas 2D plan renderer on `canvas`; throws when the canvas has no 2D context. */
export function createCanvas2dPlanRenderer(canvas: HTMLCanvasElement, options: PlanRendererOptions = {}): PlanRenderer {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  const empty = (): LayerPaths => ({ layer: EMPTY_LAYER, fills: [], strokes: [] });
  const layers = { building: empty(), highlight: empty(), overlay: empty() };
  let modules: { source: ModuleInstances | null; batches: Batch[] } = { source: null, batches: [] };
  let view: PlanView | null = null;
  let dpr = 1;
  let dirty = true;
  let destroyed = false;
  let stats: PlanRenderStats = { frames: 0, modules: 0, vertices: 0, segments: 0, marks: 0, lastPaintMs: 0 };

  const toWorld = (v: PlanView) => {
    // World metres → device pixels: x right, y down (north up).
    const s = dpr / v.mPerPx;
    ctx.setTransform(s, 0, 0, -s, dpr * (v.width / 2) - s * v.cx, dpr * (v.height / 2) + s * v.cy);
  };

  const fillLayer = (l: LayerPaths) => {
    for (const b of l.fills) {
      ctx.fillStyle = b.css;
      ctx.fill(b.path);
    }
  };
  const strokeLayer = (l: LayerPaths, v: PlanView) => {
    ctx.lineCap = 'square';
    for (const b of l.strokes) {
      ctx.strokeStyle = b.css;
      ctx.lineWidth = b.widthPx * v.mPerPx;
      ctx.stroke(b.path);
    }
  };
  const marks = (l: LayerPaths, v: PlanView) => {
    const m = l.layer.marks;
    if (m.count === 0) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.strokeStyle = PLAN_COLOURS.ink;
    for (let i = 0; i < m.count; i++) {
      const [sx, sy] = worldToScreen(v, m.positions[2 * i], m.positions[2 * i + 1]);
      const h = m.sizes[i] / 2;
      const shape = m.shapes[i];
      ctx.beginPath();
      if (shape === MARK_SQUARE) ctx.rect(sx - h, sy - h, 2 * h, 2 * h);
      else if (shape === MARK_DISC || shape === MARK_RING) ctx.arc(sx, sy, h, 0, 2 * Math.PI);
      else if (shape === MARK_DIAMOND) {
        ctx.moveTo(sx, sy - h);
        ctx.lineTo(sx + h, sy);
        ctx.lineTo(sx, sy + h);
        ctx.lineTo(sx - h, sy);
        ctx.closePath();
      }
      if (shape === MARK_RING) {
        ctx.strokeStyle = css(m.colours, i);
        ctx.lineWidth = 2;
        ctx.stroke();
        ctx.strokeStyle = PLAN_COLOURS.ink;
      } else {
        ctx.fillStyle = css(m.colours, i);
        ctx.fill();
        ctx.lineWidth = 1.5;
        ctx.stroke();
      }
    }
  };

  const paint = () => {
    if (destroyed || !dirty || !view) return;
    const v = view;
    const t0 = performance.now();
    dirty = false;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (options.background) {
      ctx.fillStyle = options.background;
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    } else ctx.clearRect(0, 0, canvas.width, canvas.height);
    toWorld(v);
    fillLayer(layers.building);
    for (const b of modules.batches) {
      ctx.fillStyle = b.css;
      ctx.fill(b.path);
    }
    strokeLayer(layers.building, v);
    marks(layers.building, v);
    for (const l of [layers.highlight, layers.overlay]) {
      toWorld(v);
      fillLayer(l);
      strokeLayer(l, v);
      marks(l, v);
    }
    const all = [layers.building.layer, layers.highlight.layer, layers.overlay.layer];
    stats = {
      frames: stats.frames + 1,
      modules: modules.source?.count ?? 0,
      vertices: all.reduce((s, l) => s + l.triangles.count, 0),
      segments: all.reduce((s, l) => s + l.segments.count, 0),
      marks: all.reduce((s, l) => s + l.marks.count, 0),
      lastPaintMs: performance.now() - t0,
    };
  };
  const throttle = new FrameThrottle(paint);
  const changed = () => {
    dirty = true;
    throttle.request();
  };

  return {
    kind: 'canvas2d',
    moduleMode: 'paths',
    setScene(scene: PlanScene) {
      if (layers.building.layer !== scene.building) layers.building = layerPaths(scene.building);
      if (layers.highlight.layer !== scene.highlight) layers.highlight = layerPaths(scene.highlight);
      if (modules.source !== scene.modules) modules = { source: scene.modules, batches: modulePaths(scene.modules) };
      changed();
    },
    setOverlay(overlay: PlanLayer) {
      if (layers.overlay.layer === overlay) return;
      layers.overlay = layerPaths(overlay);
      changed();
    },
    render(next: PlanView) {
      if (sameView(view, next)) return;
      view = next;
      changed();
    },
    resize(width: number, height: number, ratio: number) {
      dpr = ratio;
      sizeBackingStore(canvas, width, height, ratio);
      changed();
    },
    drawNow() {
      throttle.flush();
    },
    readPixel(px: number, py: number) {
      const [x, y] = backingPixel(canvas, px, py, dpr);
      const d = ctx.getImageData(x, y, 1, 1).data;
      return [d[0], d[1], d[2], d[3]];
    },
    stats: () => stats,
    destroy() {
      destroyed = true;
      throttle.cancel();
    },
  };
}

