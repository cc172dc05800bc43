// What both plan renderers (plan-regl.ts: WebGL, instanced; plan-canvas2d.ts: the Canvas2D baseline
// and fallback) offer, and the frame throttle they share: any number of changes between two animation
// frames give one paint, and a frame with nothing changed paints nothing. Renderers read the scene,
// the overlay and the view; they never change them.
import type { PlanView } from '../contracts.ts';
import type { PlanLayer } from './plan-layers.ts';
import type { PlanScene } from './plan-scene.ts';

export interface PlanRendererOptions {
  /** Canvas background ('#rrggbb'); null: transparent (the map shows through). Default null. */
  readonly background?: string | null;
  /**
   * regl only: how modules are drawn. 'instanced' (one instance per module), 'expanded' (plain
   * triangles, attributes repeated per vertex: faster on software WebGL), 'auto' (default: expanded
   * on a software renderer such as SwiftShader, instanced on a GPU).
   */
  readonly modules?: 'auto' | 'instanced' | 'expanded';
  /** regl only: multisampling; default on with a GPU, off on software WebGL. */
  readonly antialias?: boolean;
}

/** Counters for tests and the benchmark. */
export interface PlanRenderStats {
  /** Frames painted since creation. */
  readonly frames: number;
  /** Module instances, triangle vertices, segments and marks drawn by the last frame. */
  readonly modules: number;
  readonly vertices: number;
  readonly segments: number;
  readonly marks: number;
  /** CPU time of the last paint [ms] (without the GPU's share: see the benchmark). */
  readonly lastPaintMs: number;
}

export interface PlanRenderer {
  readonly kind: 'regl' | 'canvas2d';
  /** How modules are drawn: instances (regl on a GPU), expanded triangles (regl on software WebGL), paths (Canvas 2D). */
  readonly moduleMode: 'instanced' | 'expanded' | 'paths';
  /** The static layers; buffers of layers that are the same objects as before are kept. */
  setScene(scene: PlanScene): void;
  /** The interactive overlay (plan-overlay.ts buildOverlayLayer). */
  setOverlay(overlay: PlanLayer): void;
  /** The view to draw with; paints at the next animation frame when anything changed. */
  render(view: PlanView): void;
  /** Backing-store size: CSS size [px] × device pixel ratio. */
  resize(width: number, height: number, dpr: number): void;
  /** Paints now, synchronously, if anything changed (tests, the benchmark, screenshots). */
  drawNow(): void;
  /** RGBA [0–255] of the canvas at a CSS pixel (top-left origin) as last painted; call after drawNow. */
  readPixel(px: number, py: number): [number, number, number, number];
  stats(): PlanRenderStats;
  destroy(): void;
}

/** One paint per animation frame at most, only when asked for. */
export class FrameThrottle {
  private frame: number | null = null;

  constructor(private readonly paint: () => void) {}

  /** Asks for a paint at the next animation frame. */
  request(): void {
    if (this.frame !== null) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = null;
      this.paint();
    });
  }

  /** Paints now and drops a pending frame. */
  flush(): void {
    this.cancel();
    this.paint();
  }

  cancel(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }
}

/** Whether two views draw the same frame. */
export function sameView(a: PlanView | null, b: PlanView): boolean {
  return !!a && a.cx === b.cx && a.cy === b.cy && a.mPerPx === b.mPerPx && a.width === b.width && a.height === b.height;
}

/** Sizes the backing store of a canvas to CSS size × device pixel ratio; true when it changed. */
export function sizeBackingStore(canvas: HTMLCanvasElement, width: number, height: number, ratio: number): boolean {
  const w = Math.max(1, Math.round(width * ratio));
  const h = Math.max(1, Math.round(height * ratio));
  const changed = canvas.width !== w || canvas.height !== h;
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  return changed;
}

/** The backing-store pixel under a CSS pixel (clamped to the canvas). */
export function backingPixel(canvas: HTMLCanvasElement, px: number, py: number, ratio: number): [number, number] {
  return [Math.min(canvas.width - 1, Math.max(0, Math.round(px * ratio))), Math.min(canvas.height - 1, Math.max(0, Math.round(py * ratio)))];
}
