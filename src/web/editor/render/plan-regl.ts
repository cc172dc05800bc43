// The plan renderer on WebGL (regl): modules as instanced quads (ANGLE_instanced_arrays: one draw call
// for hundreds of thousands), faces as triangles, lines as instanced quads whose width is in pixels,
// point marks as instanced pixel-sized quads. Buffers are uploaded when a layer changes (setScene /
// setOverlay), never for a pan or a zoom: a frame is a handful of draw calls with new uniforms.
// Colours are blended premultiplied (the canvas may be transparent over the map).
//
// Software WebGL (SwiftShader, what Chromium uses without a GPU) runs instanced draws far slower than
// plain ones: measured here, 100,000 instanced quads took ~1.2 s a frame where the same 600,000
// vertices drawn plainly took ~50 ms. So modules have a second path, 'expanded': the instance
// attributes repeated on each of the 6 vertices (same shaders, no divisor), ~22 MB for 100,000 modules.
// 'auto' (the default) picks 'expanded' on a software renderer, 'instanced' on a GPU; multisampling is
// also off by default on a software renderer (2–3× the frame time there).
import createREGL from 'regl';
import type { PlanView } from '../contracts.ts';
import type { PlanLayer } from './plan-layers.ts';
import { EMPTY_LAYER } from './plan-layers.ts';
import { backingPixel, FrameThrottle, type PlanRenderer, type PlanRendererOptions, type PlanRenderStats, sameView, sizeBackingStore } from './plan-renderer.ts';
import type { PlanScene } from './plan-scene.ts';
import { planViewMatrix3 } from './plan-view.ts';
import { PLAN_COLOURS } from './plan-scene.ts';
import { mat3 } from 'gl-matrix';

const RIM_PX = 1.5;

const TRIANGLES_VS = `
precision highp float;
attribute vec2 position;
attribute vec4 colour;
uniform mat3 view;
varying vec4 vColour;
void main() {
  vColour = colour;
  gl_Position = vec4((view * vec3(position, 1.0)).xy, 0.0, 1.0);
}`;

const FLAT_FS = `
precision mediump float;
varying vec4 vColour;
void main() { gl_FragColor = vec4(vColour.rgb * vColour.a, vColour.a); }`;

// A segment a→b as a quad: t along (0 at a, 1 at b), s across (−1…1); square caps half a width long.
const SEGMENTS_VS = `
precision highp float;
attribute vec2 corner;
attribute vec4 ends;
attribute vec4 colour;
attribute float width;
uniform mat3 view;
uniform vec2 viewport;
uniform float dpr;
varying vec4 vColour;
void main() {
  vec2 a = (view * vec3(ends.xy, 1.0)).xy * viewport * 0.5;
  vec2 b = (view * vec3(ends.zw, 1.0)).xy * viewport * 0.5;
  vec2 d = b - a;
  float len = length(d);
  vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
  vec2 nrm = vec2(-dir.y, dir.x);
  float hw = 0.5 * max(width * dpr, 1.0);
  vec2 p = mix(a, b, corner.x) + nrm * corner.y * hw + dir * (corner.x * 2.0 - 1.0) * hw;
  vColour = colour;
  gl_Position = vec4(p / (viewport * 0.5), 0.0, 1.0);
}`;

const MARKS_VS = `
precision highp float;
attribute vec2 corner;
attribute vec2 position;
attribute vec4 colour;
attribute float size;
attribute float shape;
uniform mat3 view;
uniform vec2 viewport;
uniform float dpr;
varying vec4 vColour;
varying vec2 vUv;
varying float vShape;
varying float vHalf;
void main() {
  float hs = 0.5 * size * dpr + 1.0;
  vec2 c = (view * vec3(position, 1.0)).xy;
  vColour = colour;
  vUv = corner * hs;
  vShape = shape;
  vHalf = 0.5 * size * dpr;
  gl_Position = vec4(c + corner * hs / (viewport * 0.5), 0.0, 1.0);
}`;

// Distance to the shape's edge in pixels (negative inside); rim of RIM_PX device pixels × dpr.
const MARKS_FS = `
precision mediump float;
varying vec4 vColour;
varying vec2 vUv;
varying float vShape;
varying float vHalf;
uniform vec4 rim;
uniform float rimPx;
void main() {
  float d;
  if (vShape < 0.5) d = max(abs(vUv.x), abs(vUv.y)) - vHalf;
  else if (vShape < 1.5 || vShape > 2.5) d = length(vUv) - vHalf;
  else d = (abs(vUv.x) + abs(vUv.y)) * 0.70710678 - vHalf * 0.70710678;
  float alpha = clamp(0.5 - d, 0.0, 1.0);
  if (alpha <= 0.0) discard;
  vec4 c;
  if (vShape > 2.5) {
    float band = clamp(0.5 - abs(d + rimPx) + rimPx * 0.5, 0.0, 1.0);
    c = vec4(vColour.rgb, vColour.a * band);
  } else {
    c = mix(vColour, rim, clamp(d + rimPx + 0.5, 0.0, 1.0));
  }
  c.a *= alpha;
  gl_FragColor = vec4(c.rgb * c.a, c.a);
}`;

// A module: centre ± along ± up (plan half-axes); a thin darker rim once it is a few pixels big.
const MODULES_VS = `
precision highp float;
attribute vec2 corner;
attribute vec2 centre;
attribute vec4 axes;
attribute vec4 colour;
uniform mat3 view;
uniform float pxPerM;
varying vec4 vColour;
varying vec2 vUv;
varying vec2 vHalfPx;
void main() {
  vec2 p = centre + corner.x * axes.xy + corner.y * axes.zw;
  vColour = colour;
  vUv = corner;
  vHalfPx = vec2(length(axes.xy), length(axes.zw)) * pxPerM;
  gl_Position = vec4((view * vec3(p, 1.0)).xy, 0.0, 1.0);
}`;

const MODULES_FS = `
precision mediump float;
varying vec4 vColour;
varying vec2 vUv;
varying vec2 vHalfPx;
void main() {
  vec2 edgePx = (1.0 - abs(vUv)) * vHalfPx;
  float e = min(edgePx.x, edgePx.y);
  float show = step(3.0, min(vHalfPx.x, vHalfPx.y));
  float rim = show * (1.0 - clamp(e - 0.5, 0.0, 1.0));
  vec3 c = mix(vColour.rgb, vColour.rgb * 0.55, rim);
  gl_FragColor = vec4(c * vColour.a, vColour.a);
}`;

type Regl = createREGL.Regl;
type Buffer = createREGL.Buffer;

/** A GPU buffer that follows one typed array of a layer: re-uploaded only when the array changes. */
class Slot {
  private source: ArrayBufferView | null = null;
  readonly buffer: Buffer;

  constructor(regl: Regl) {
    this.buffer = regl.buffer({ usage: 'static', type: 'float', length: 0 });
  }

  update(data: Float32Array | Uint8Array): void {
    if (data === this.source) return;
    this.source = data;
    this.buffer({ data, usage: 'static' });
  }

  /** Uploads `make(source)` when `source` is not the array uploaded last (derived buffers). */
  derive<T extends Float32Array | Uint8Array>(source: T, make: (s: T) => Float32Array | Uint8Array): void {
    if (source === this.source) return;
    this.source = source;
    this.buffer({ data: make(source), usage: 'static' });
  }
}

interface LayerSlots {
  triPos: Slot;
  triCol: Slot;
  segEnds: Slot;
  segCol: Slot;
  segW: Slot;
  markPos: Slot;
  markCol: Slot;
  markSize: Slot;
  markShape: Slot;
  layer: PlanLayer;
}

function layerSlots(regl: Regl): LayerSlots {
  const s = () => new Slot(regl);
  return { triPos: s(), triCol: s(), segEnds: s(), segCol: s(), segW: s(), markPos: s(), markCol: s(), markSize: s(), markShape: s(), layer: EMPTY_LAYER };
}

function uploadLayer(slots: LayerSlots, layer: PlanLayer): void {
  slots.layer = layer;
  slots.triPos.update(layer.triangles.positions);
  slots.triCol.update(layer.triangles.colours);
  slots.segEnds.update(layer.segments.ends);
  slots.segCol.update(layer.segments.colours);
  slots.segW.update(layer.segments.widths);
  slots.markPos.update(layer.marks.positions);
  slots.markCol.update(layer.marks.colours);
  slots.markSize.update(layer.marks.sizes);
  slots.markShape.update(layer.marks.shapes);
}

/** The unit-square corners of a module's two triangles, repeated per module (expanded path). */
function expandedCorners(count: number): Float32Array {
  const out = new Float32Array(12 * count);
  const c = [-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1];
  for (let k = 0; k < count; k++) out.set(c, 12 * k);
  return out;
}

/** Repeats each module's `stride` values on its 6 vertices (expanded path). */
function expand<T extends Float32Array | Uint8Array>(src: T, stride: number): T {
  const n = src.length / stride;
  const out = new (src.constructor as new (n: number) => T)(6 * src.length);
  let o = 0;
  for (let k = 0; k < n; k++) {
    const i = k * stride;
    for (let v = 0; v < 6; v++) for (let j = 0; j < stride; j++) out[o++] = src[i + j];
  }
  return out;
}

/** Whether the context is a software rasteriser (SwiftShader, llvmpipe). */
export function isSoftwareWebGl(gl: WebGLRenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  return /swiftshader|llvmpipe|software/i.test(name);
}

let softwareWebGl: boolean | null = null;
/** Whether this browser's WebGL is a software rasteriser (probed once on a scratch canvas). */
export function browserHasSoftwareWebGl(): boolean {
  if (softwareWebGl === null) {
    const gl = document.createElement('canvas').getContext('webgl');
    softwareWebGl = gl ? isSoftwareWebGl(gl) : false;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  }
  return softwareWebGl;
}

function rgba01(hex: string): [number, number, number, number] {
  const v = parseInt(hex.slice(1), 16);
  return [((v >> 16) & 255) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255, 1];
}

/** A regl plan renderer on `canvas`; throws when WebGL or instancing is not available. */
export function createReglPlanRenderer(canvas: HTMLCanvasElement, options: PlanRendererOptions = {}): PlanRenderer {
  // Multisampling costs 2–3× per frame on software WebGL (measured on SwiftShader): off there by default.
  const software = (options.antialias === undefined || options.modules === undefined || options.modules === 'auto') && browserHasSoftwareWebGl();
  const regl = createREGL({
    canvas,
    attributes: { antialias: options.antialias ?? !software, alpha: true, premultipliedAlpha: true, preserveDrawingBuffer: false, depth: false, stencil: false },
    extensions: ['ANGLE_instanced_arrays'],
  });
  const background = options.background ? rgba01(options.background) : ([0, 0, 0, 0] as [number, number, number, number]);
  const blend = { enable: true, func: { src: 'one', dst: 'one minus src alpha' } } as const;
  const quad = regl.buffer([0, -1, 1, -1, 1, 1, 0, -1, 1, 1, 0, 1]); // segments: (t, s)
  const square = regl.buffer([-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1]); // marks, modules

  const layers = { building: layerSlots(regl), highlight: layerSlots(regl), overlay: layerSlots(regl) };
  const mod = { centres: new Slot(regl), axes: new Slot(regl), colours: new Slot(regl), corners: new Slot(regl), count: 0, cornersFor: -1 };
  const moduleMode: 'instanced' | 'expanded' =
    options.modules === 'instanced' || options.modules === 'expanded' ? options.modules : software ? 'expanded' : 'instanced';
  const expanded = moduleMode === 'expanded';

  interface Props {
    slots: LayerSlots;
  }
  const common = { depth: { enable: false }, blend };
  const drawTriangles = regl<Record<string, createREGL.Uniform>, Record<string, createREGL.Attribute>, Props>({
    ...common,
    vert: TRIANGLES_VS,
    frag: FLAT_FS,
    attributes: {
      position: (_c, p: Props) => p.slots.triPos.buffer,
      colour: (_c, p: Props) => ({ buffer: p.slots.triCol.buffer, normalized: true, type: 'uint8' }),
    },
    uniforms: { view: regl.context('view' as never) },
    count: (_c, p: Props) => p.slots.layer.triangles.count,
  });
  const drawSegments = regl<Record<string, createREGL.Uniform>, Record<string, createREGL.Attribute>, Props>({
    ...common,
    vert: SEGMENTS_VS,
    frag: FLAT_FS,
    attributes: {
      corner: quad,
      ends: (_c, p: Props) => ({ buffer: p.slots.segEnds.buffer, divisor: 1 }),
      colour: (_c, p: Props) => ({ buffer: p.slots.segCol.buffer, divisor: 1, normalized: true, type: 'uint8' }),
      width: (_c, p: Props) => ({ buffer: p.slots.segW.buffer, divisor: 1 }),
    },
    uniforms: { view: regl.context('view' as never), viewport: regl.context('viewport2' as never), dpr: regl.context('dpr' as never) },
    count: 6,
    instances: (_c, p: Props) => p.slots.layer.segments.count,
  });
  const drawMarks = regl<Record<string, createREGL.Uniform>, Record<string, createREGL.Attribute>, Props>({
    ...common,
    vert: MARKS_VS,
    frag: MARKS_FS,
    attributes: {
      corner: square,
      position: (_c, p: Props) => ({ buffer: p.slots.markPos.buffer, divisor: 1 }),
      colour: (_c, p: Props) => ({ buffer: p.slots.markCol.buffer, divisor: 1, normalized: true, type: 'uint8' }),
      size: (_c, p: Props) => ({ buffer: p.slots.markSize.buffer, divisor: 1 }),
      shape: (_c, p: Props) => ({ buffer: p.slots.markShape.buffer, divisor: 1 }),
    },
    uniforms: {
      view: regl.context('view' as never),
      viewport: regl.context('viewport2' as never),
      dpr: regl.context('dpr' as never),
      rim: rgba01(PLAN_COLOURS.ink),
      rimPx: regl.context('rimPx' as never),
    },
    count: 6,
    instances: (_c, p: Props) => p.slots.layer.marks.count,
  });
  const moduleUniforms = { view: regl.context('view' as never), pxPerM: regl.context('pxPerM' as never) };
  const drawModules = expanded
    ? regl({
        ...common,
        vert: MODULES_VS,
        frag: MODULES_FS,
        attributes: {
          corner: mod.corners.buffer,
          centre: mod.centres.buffer,
          axes: mod.axes.buffer,
          colour: { buffer: mod.colours.buffer, normalized: true, type: 'uint8' },
        },
        uniforms: moduleUniforms,
        count: () => 6 * mod.count,
      })
    : regl({
        ...common,
        vert: MODULES_VS,
        frag: MODULES_FS,
        attributes: {
          corner: square,
          centre: { buffer: mod.centres.buffer, divisor: 1 },
          axes: { buffer: mod.axes.buffer, divisor: 1 },
          colour: { buffer: mod.colours.buffer, divisor: 1, normalized: true, type: 'uint8' },
        },
        uniforms: moduleUniforms,
        count: 6,
        instances: () => mod.count,
      });

  interface FrameContext {
    view: mat3;
    viewport2: [number, number];
    dpr: number;
    pxPerM: number;
    rimPx: number;
  }
  const viewMatrix = mat3.create();
  let frameContext: FrameContext = { view: viewMatrix, viewport2: [1, 1], dpr: 1, pxPerM: 1, rimPx: RIM_PX };
  const setup = regl({ context: { view: () => frameContext.view, viewport2: () => frameContext.viewport2, dpr: () => frameContext.dpr, pxPerM: () => frameContext.pxPerM, rimPx: () => frameContext.rimPx } });

  let view: PlanView | null = null;
  let dpr = 1;
  let dirty = true;
  let destroyed = false;
  let stats: PlanRenderStats = { frames: 0, modules: 0, vertices: 0, segments: 0, marks: 0, lastPaintMs: 0 };

  const paintLayer = (slots: LayerSlots, what: 'triangles' | 'lines') => {
    const l = slots.layer;
    if (what === 'triangles') {
      if (l.triangles.count > 0) drawTriangles({ slots });
      return;
    }
    if (l.segments.count > 0) drawSegments({ slots });
    if (l.marks.count > 0) drawMarks({ slots });
  };

  const paint = () => {
    if (destroyed || !dirty || !view) return;
    const t0 = performance.now();
    dirty = false;
    regl.poll();
    planViewMatrix3(view, viewMatrix);
    frameContext = {
      view: viewMatrix,
      viewport2: [canvas.width, canvas.height],
      dpr,
      pxPerM: dpr / view.mPerPx,
      rimPx: RIM_PX * dpr,
    };
    regl.clear({ color: background });
    setup(() => {
      paintLayer(layers.building, 'triangles');
      if (mod.count > 0) drawModules();
      paintLayer(layers.building, 'lines');
      paintLayer(layers.highlight, 'triangles');
      paintLayer(layers.highlight, 'lines');
      paintLayer(layers.overlay, 'triangles');
      paintLayer(layers.overlay, 'lines');
    });
    const all = [layers.building.layer, layers.highlight.layer, layers.overlay.layer];
    stats = {
      frames: stats.frames + 1,
      modules: mod.count,
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
    kind: 'regl',
    moduleMode,
    setScene(scene: PlanScene) {
      if (layers.building.layer !== scene.building) uploadLayer(layers.building, scene.building);
      if (layers.highlight.layer !== scene.highlight) uploadLayer(layers.highlight, scene.highlight);
      const m = scene.modules;
      if (expanded) {
        mod.centres.derive(m.centres, (a) => expand(a, 2));
        mod.axes.derive(m.axes, (a) => expand(a, 4));
        mod.colours.derive(m.colours, (a) => expand(a, 4));
        if (mod.cornersFor < m.count) {
          mod.corners.update(expandedCorners(m.count));
          mod.cornersFor = m.count;
        }
      } else {
        mod.centres.update(m.centres);
        mod.axes.update(m.axes);
        mod.colours.update(m.colours);
      }
      mod.count = m.count;
      changed();
    },
    setOverlay(overlay: PlanLayer) {
      if (layers.overlay.layer === overlay) return;
      uploadLayer(layers.overlay, overlay);
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
      // gl.readPixels directly: regl.read refuses the default framebuffer without
      // preserveDrawingBuffer, which reading right after drawNow (same task) does not need.
      const gl = regl._gl;
      const out = new Uint8Array(4);
      gl.readPixels(x, canvas.height - 1 - y, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, out);
      return [out[0], out[1], out[2], out[3]];
    },
    stats: () => stats,
    destroy() {
      destroyed = true;
      throttle.cancel();
      regl.destroy();
    },
  };
}
