// The CGAL straight skeleton (npm straight-skeleton: CGAL compiled with Emscripten for the web).
// Its bundle checks for a browser or worker global; in Node we present a worker-like global.
import { signedArea } from '../../src/model/plan-geometry.ts';

type Cgal = { init(): Promise<void>; buildFromPolygon(rings: number[][][]): { vertices: number[][]; polygons: number[][] } | null };

export async function loadCgalSkeleton(): Promise<(poly: [number, number][]) => { vertices: number[][]; polygons: number[][] } | null> {
  const g = globalThis as Record<string, unknown>;
  g.self ??= globalThis;
  g.importScripts ??= () => {};
  const mod = (await import('straight-skeleton')) as unknown as { SkeletonBuilder?: Cgal; default?: { SkeletonBuilder: Cgal } };
  const builder = (mod.SkeletonBuilder ?? mod.default?.SkeletonBuilder)!;
  await builder.init();
  return (poly) => {
    // CGAL wants the outer ring counter-clockwise and closed.
    const ring = signedArea(poly) > 0 ? [...poly] : [...poly].reverse();
    return builder.buildFromPolygon([[...ring, ring[0]]]);
  };
}
