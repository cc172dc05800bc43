// The flat arrays the plan renderers draw (regl and Canvas2D alike): triangles, line segments with
// widths in pixels, point marks with sizes in pixels, and modules as instances. Coordinates are plan
// metres (x east, y north); colours are RGBA bytes. Built once per change of the scene, never per frame.
import earcut from 'earcut';

/** Filled triangles, not indexed: vertex i is positions[2i], positions[2i + 1]. */
export interface PlanTriangles {
  /** [x, y] per vertex [m]. */
  readonly positions: Float32Array;
  /** [r, g, b, a] per vertex [0–255]. */
  readonly colours: Uint8Array;
  /** Vertices (3 per triangle). */
  readonly count: number;
}

/** Line segments drawn as quads `width` pixels wide whatever the zoom. */
export interface PlanSegments {
  /** [x1, y1, x2, y2] per segment [m]. */
  readonly ends: Float32Array;
  /** [r, g, b, a] per segment [0–255]. */
  readonly colours: Uint8Array;
  /** Width per segment [CSS px]. */
  readonly widths: Float32Array;
  readonly count: number;
}

/** Mark shapes: a filled square, a filled disc, a diamond, a ring (outline only). */
export const MARK_SQUARE = 0;
export const MARK_DISC = 1;
export const MARK_DIAMOND = 2;
export const MARK_RING = 3;
export type MarkShape = typeof MARK_SQUARE | typeof MARK_DISC | typeof MARK_DIAMOND | typeof MARK_RING;

/** Point marks with a dark rim, `size` pixels across whatever the zoom. */
export interface PlanMarks {
  /** [x, y] per mark [m]. */
  readonly positions: Float32Array;
  /** Fill [r, g, b, a] per mark [0–255] (the ring's colour for MARK_RING). */
  readonly colours: Uint8Array;
  /** Size per mark [CSS px]. */
  readonly sizes: Float32Array;
  /** MarkShape per mark. */
  readonly shapes: Float32Array;
  readonly count: number;
}

/** One layer: drawn triangles first, then segments, then marks. */
export interface PlanLayer {
  readonly triangles: PlanTriangles;
  readonly segments: PlanSegments;
  readonly marks: PlanMarks;
}

export type Rgba = readonly [number, number, number, number];

/** '#rrggbb' and an alpha [0–1] → RGBA bytes. */
export function hexRgba(hex: string, alpha = 1): Rgba {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255, Math.round(alpha * 255)];
}

/** sRGB [0–1] and an alpha [0–1] → RGBA bytes. */
export function rgbRgba(rgb: readonly [number, number, number], alpha = 1): Rgba {
  return [Math.round(rgb[0] * 255), Math.round(rgb[1] * 255), Math.round(rgb[2] * 255), Math.round(alpha * 255)];
}

/** Collects a layer's primitives in growable arrays, then packs them (`finish`). */
export class LayerWriter {
  private readonly triPos: number[] = [];
  private readonly triCol: number[] = [];
  private readonly segEnds: number[] = [];
  private readonly segCol: number[] = [];
  private readonly segW: number[] = [];
  private readonly markPos: number[] = [];
  private readonly markCol: number[] = [];
  private readonly markSize: number[] = [];
  private readonly markShape: number[] = [];

  /**
   * Fills a polygon (rings flat [x, y, …] [m]: the outer one first, then holes) in one colour.
   * earcut works on coordinates relative to the first vertex (better conditioned far from the origin).
   */
  polygon(rings: readonly (readonly number[])[], colour: Rgba): void {
    if (rings.length === 0 || rings[0].length < 6) return;
    const flat: number[] = [];
    const holes: number[] = [];
    for (let r = 0; r < rings.length; r++) {
      if (r > 0) holes.push(flat.length / 2);
      for (const c of rings[r]) flat.push(c);
    }
    const ox = flat[0];
    const oy = flat[1];
    const local = flat.map((c, i) => (i % 2 === 0 ? c - ox : c - oy));
    const idx = earcut(local, holes.length > 0 ? holes : undefined);
    for (const i of idx) {
      this.triPos.push(flat[2 * i], flat[2 * i + 1]);
      this.triCol.push(colour[0], colour[1], colour[2], colour[3]);
    }
  }

  segment(x1: number, y1: number, x2: number, y2: number, colour: Rgba, widthPx: number): void {
    this.segEnds.push(x1, y1, x2, y2);
    this.segCol.push(colour[0], colour[1], colour[2], colour[3]);
    this.segW.push(widthPx);
  }

  /** The edges of a ring flat [x, y, …] [m]; `closed` adds the last-to-first edge. */
  ring(ring: readonly number[], colour: Rgba, widthPx: number, closed = true): void {
    const n = ring.length / 2;
    const edges = closed ? n : n - 1;
    if (n < 2) return;
    for (let i = 0; i < edges; i++) {
      const j = (i + 1) % n;
      this.segment(ring[2 * i], ring[2 * i + 1], ring[2 * j], ring[2 * j + 1], colour, widthPx);
    }
  }

  mark(x: number, y: number, colour: Rgba, sizePx: number, shape: MarkShape): void {
    this.markPos.push(x, y);
    this.markCol.push(colour[0], colour[1], colour[2], colour[3]);
    this.markSize.push(sizePx);
    this.markShape.push(shape);
  }

  finish(): PlanLayer {
    return {
      triangles: { positions: new Float32Array(this.triPos), colours: new Uint8Array(this.triCol), count: this.triPos.length / 2 },
      segments: { ends: new Float32Array(this.segEnds), colours: new Uint8Array(this.segCol), widths: new Float32Array(this.segW), count: this.segW.length },
      marks: {
        positions: new Float32Array(this.markPos),
        colours: new Uint8Array(this.markCol),
        sizes: new Float32Array(this.markSize),
        shapes: new Float32Array(this.markShape),
        count: this.markSize.length,
      },
    };
  }
}

/** A layer with nothing in it. */
export const EMPTY_LAYER: PlanLayer = new LayerWriter().finish();

/** Flat [x, y, …] of [[x, y], …]. */
export function flatRing(points: readonly (readonly number[])[]): number[] {
  const out: number[] = [];
  for (const p of points) out.push(p[0], p[1]);
  return out;
}

/** One layer drawing `a`'s primitives, then `b`'s (each kind in that order); an empty one is not copied. */
export function concatLayers(a: PlanLayer, b: PlanLayer): PlanLayer {
  const empty = (l: PlanLayer) => l.triangles.count === 0 && l.segments.count === 0 && l.marks.count === 0;
  if (empty(b)) return a;
  if (empty(a)) return b;
  const join = <T extends Float32Array | Uint8Array>(x: T, y: T, make: (n: number) => T): T => {
    const out = make(x.length + y.length);
    out.set(x);
    out.set(y, x.length);
    return out;
  };
  const f32 = (n: number) => new Float32Array(n);
  const u8 = (n: number) => new Uint8Array(n);
  return {
    triangles: {
      positions: join(a.triangles.positions, b.triangles.positions, f32),
      colours: join(a.triangles.colours, b.triangles.colours, u8),
      count: a.triangles.count + b.triangles.count,
    },
    segments: {
      ends: join(a.segments.ends, b.segments.ends, f32),
      colours: join(a.segments.colours, b.segments.colours, u8),
      widths: join(a.segments.widths, b.segments.widths, f32),
      count: a.segments.count + b.segments.count,
    },
    marks: {
      positions: join(a.marks.positions, b.marks.positions, f32),
      colours: join(a.marks.colours, b.marks.colours, u8),
      sizes: join(a.marks.sizes, b.marks.sizes, f32),
      shapes: join(a.marks.shapes, b.marks.shapes, f32),
      count: a.marks.count + b.marks.count,
    },
  };
}
