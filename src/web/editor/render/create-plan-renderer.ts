// Picks the plan renderer: regl (WebGL, instanced) when the canvas gets a WebGL context with
// instancing, else the Canvas 2D renderer (kind tells which one runs). A canvas keeps the first kind
// of context it gave out, so the fallback draws on a fresh canvas put in the failed one's place.
import { createCanvas2dPlanRenderer } from './plan-canvas2d.ts';
import type { PlanRenderer, PlanRendererOptions } from './plan-renderer.ts';
import { createReglPlanRenderer } from './plan-regl.ts';

/** A plan renderer on `canvas`: regl when WebGL works, else Canvas 2D (on a replacement canvas). */
export function createPlanRenderer(canvas: HTMLCanvasElement, options: PlanRendererOptions = {}): PlanRenderer {
  try {
    return createReglPlanRenderer(canvas, options);
  } catch (e) {
    console.warn('WebGL plan renderer unavailable, drawing with Canvas 2D:', e);
    const fresh = canvas.cloneNode(false) as HTMLCanvasElement;
    canvas.replaceWith(fresh);
    return createCanvas2dPlanRenderer(fresh, options);
  }
}
