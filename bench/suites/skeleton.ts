// Straight skeleton of star polygons: the WASM engine, the TypeScript reference and CGAL
// (straight-skeleton: CGAL compiled to wasm, float32 I/O) as the peer.
import { createReferenceEngine, loadEngine } from '../../src/engine/api.ts';
import type { SkeletonOutput } from '../../src/engine/types.ts';
import type { BenchCase, Suite } from '../framework.ts';
import { polygonArea, starPolygon } from '../plans.ts';
import { loadCgalSkeleton } from './cgal.ts';

function checkSkeleton(poly: [number, number][]) {
  const area = polygonArea(poly);
  return (r: unknown): string | null => {
    const s = r as SkeletonOutput;
    if (s.faces.length !== poly.length) return `${s.faces.length} faces for ${poly.length} edges`;
    const sum = s.faces.reduce((acc, f) => acc + polygonArea(f.map((i) => [s.nodes[i][0], s.nodes[i][1]] as [number, number])), 0);
    return Math.abs(sum - area) <= 1e-9 * area ? null : `faces cover ${sum} m², the polygon ${area} m²`;
  };
}

export const skeletonSuite: Suite = {
  name: 'skeleton',
  description: 'straight skeleton (hip roofs) of star polygons with many reflex vertices',
  async cases({ ci }) {
    const wasm = await loadEngine('release');
    const ref = createReferenceEngine();
    const cgal = await loadCgalSkeleton();
    const cases: BenchCase[] = [];
    for (const n of [100, 1_000]) {
      const poly = starPolygon(n);
      const variants: BenchCase['variants'] = [
        { name: 'engine (wasm)', kind: 'engine', fn: () => wasm.skeleton(poly), check: checkSkeleton(poly) },
        { name: 'reference (TypeScript)', kind: 'reference', fn: () => ref.skeleton(poly), check: checkSkeleton(poly), single: n > 100 },
      ];
      // CGAL takes ~13 s for 1,000 vertices here: timed once, and only in the full run.
      if (n <= 100 || !ci) variants.push({ name: 'CGAL (straight-skeleton, wasm)', kind: 'peer', fn: () => cgal(poly), single: n > 100 });
      cases.push({
        name: `skeleton ${n} vertices`,
        params: { vertices: n },
        variants,
        targets: n === 1_000 ? [{ variant: 'engine (wasm)', maxMs: 50, label: '1,000 vertices < 50 ms' }] : [],
      });
    }
    return cases;
  },
};
