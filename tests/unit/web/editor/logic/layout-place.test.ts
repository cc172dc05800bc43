// Automatic placement of the PV layout step (src/web/editor/layout/place.ts) on the pure-TypeScript
// reference engine: counts and alignment worked by hand, the capacity cap across faces with the spec's
// message (spec 000 §5), the 'at least one component' rule, racks with the GB 50797 row spacing
// checked against the code's closed form, keep-outs from obstacles, and the settings' required prompts.
import { describe, expect, it } from 'vitest';
import { createReferenceEngine, referenceRunner } from '../../../../../src/engine/api.ts';
import { DEFAULT_LAYOUT_SETTINGS, emptyLayoutDocument, layoutDocumentSchema, type LayoutDocument, type LayoutSettings } from '../../../../../src/model/design.ts';
import type { FaceOut } from '../../../../../src/model/roof.ts';
import { addModule, allModuleCorners, hitModule, removeModules, snapToArrayGrid, zAtFromFaces } from '../../../../../src/web/editor/document/layout.ts';
import { emptyArrayFor, layoutInputFor, placeFaces, resolvePlacement, type LayoutEngine } from '../../../../../src/web/editor/layout/place.ts';
import { facePlansOf, type RoofFace } from '../../../../../src/web/editor/layout/faces.ts';
import { automaticRowSpacing, rackSize } from '../../../../../src/web/editor/layout/row-spacing.ts';
import { LAYOUT_MESSAGES, addWouldExceedCap, settingsErrors, validateLayout } from '../../../../../src/web/editor/layout/validate.ts';

const D2R = Math.PI / 180;
/** A 1134 × 2278 mm, 450 W module (a common 144-half-cell format). */
const MODULE = { libraryId: 7, manufacturer: 'Test', model: 'M450', powerW: 450, length: 2.278, width: 1.134 };

/** A flat w × d face at height z, south-facing as the roof command reports flat faces (tilt 0, azimuth 180). */
function flatFace(id: string, w: number, d: number, x0 = 0, z = 6): FaceOut {
  const vertices: [number, number, number][] = [
    [x0, 0, z],
    [x0 + w, 0, z],
    [x0 + w, d, z],
    [x0, d, z],
  ];
  return { id, pointIds: [], vertices, tilt: 0, azimuth: 180, area: w * d, planArea: w * d, normal: [0, 0, 1] };
}

function docWith(settings: Partial<LayoutSettings>): LayoutDocument {
  return { ...emptyLayoutDocument(), module: MODULE, settings: { ...DEFAULT_LAYOUT_SETTINGS, ...settings } };
}

const FLUSH_START: Partial<LayoutSettings> = { placement: 'flush', orientation: 'portrait', gapX: 0.02, gapY: 0.02, setback: 0, alignX: 'start', alignY: 'start' };
const face10x20: RoofFace = { buildingId: 'b1', face: flatFace('f1', 10, 20) };

const engines: [string, LayoutEngine][] = [
  ['EngineApi.layout (JSON)', createReferenceEngine()],
  ['kernel runner (packed)', referenceRunner],
];

describe.each(engines)('a 10 × 20 m flat face, portrait 1.134 × 2.278 m flush, gaps 0.02, setback 0 — %s', (_name, engine) => {
  it('holds floor(10.02/1.154) × floor(20.02/2.298) = 8 × 8 = 64 modules, start-aligned at the south-west corner', async () => {
    const r = await placeFaces(engine, docWith(FLUSH_START), [face10x20], { latitude: 31, capKw: null });
    expect(r.count).toBe(64);
    expect(r.kWp).toBeCloseTo(64 * 0.45, 12);
    expect(r.limitReached).toBe(false);
    expect(r.message).toBeNull();
    const a = r.doc.arrays[0];
    expect(layoutDocumentSchema.safeParse(r.doc).success).toBe(true);
    expect(a.along).toBe(1.134);
    expect(a.up).toBe(2.278);
    expect(a.rowPitch).toBeCloseTo(2.298, 12);
    // First module: front-left corner at (0, 0) → centre (0.567, 1.139, 6).
    const xs = new Set<number>();
    const ys = new Set<number>();
    for (let i = 0; i < 64; i++) {
      xs.add(Math.round(a.centers[3 * i] * 1e6) / 1e6);
      ys.add(Math.round(a.centers[3 * i + 1] * 1e6) / 1e6);
      expect(a.centers[3 * i + 2]).toBeCloseTo(6, 12);
    }
    // Columns every 1.154 m from 0.567, rows every 2.298 m from 1.139.
    expect([...xs].sort((p, q) => p - q)).toEqual(Array.from({ length: 8 }, (_, k) => Math.round((0.567 + 1.154 * k) * 1e6) / 1e6));
    expect([...ys].sort((p, q) => p - q)).toEqual(Array.from({ length: 8 }, (_, k) => Math.round((1.139 + 2.298 * k) * 1e6) / 1e6));
    // The module under (0.1, 0.1) is the south-west one; the corners reach the face's corner exactly.
    const hit = hitModule(r.doc, 0.1, 0.1);
    expect(hit).not.toBeNull();
    const sw = allModuleCorners(r.doc).find((m) => m.index === hit!.index)!;
    expect(sw.corners[0][0]).toBeCloseTo(0, 9);
    expect(sw.corners[0][1]).toBeCloseTo(0, 9);
  });

  it('centre alignment leaves equal margins: (10 − (8·1.154 − 0.02))/2 = 0.394 m each side', async () => {
    const r = await placeFaces(engine, docWith({ ...FLUSH_START, alignX: 'center', alignY: 'center' }), [face10x20], { latitude: 31, capKw: null });
    const c = r.doc.arrays[0].centers;
    let xmin = Infinity;
    let ymin = Infinity;
    for (let i = 0; i < c.length; i += 3) {
      xmin = Math.min(xmin, c[i]);
      ymin = Math.min(ymin, c[i + 1]);
    }
    expect(xmin - 0.567).toBeCloseTo(0.394, 9);
    // Up: (20 − (8·2.298 − 0.02))/2 = 0.818.
    expect(ymin - 1.139).toBeCloseTo(0.818, 9);
  });

  it('a 10 kW cap with 450 W modules stops at floor(10000/450) = 22 modules with the spec message', async () => {
    const r = await placeFaces(engine, docWith(FLUSH_START), [face10x20], { latitude: 31, capKw: 10 });
    expect(r.count).toBe(22);
    expect(r.kWp).toBeCloseTo(9.9, 12);
    expect(r.limitReached).toBe(true);
    expect(r.message).toBe('The arranged components have reached the upper limit of installed capacity, please adjust!');
    expect(validateLayout(r.doc, 10)).toEqual([]);
    expect(addWouldExceedCap(r.doc, 10)).toBe(true);
  });
});

describe('the cap across faces', () => {
  const engine = referenceRunner;
  const second: RoofFace = { buildingId: 'b1', face: flatFace('f2', 10, 20, 20) };

  it('fills faces in order; the second face gets what the first leaves', async () => {
    // Cap 30 kW = 66 modules: the first face takes its 64, the second the last 2.
    const r = await placeFaces(engine, docWith(FLUSH_START), [face10x20, second], { latitude: 31, capKw: 30 });
    expect(r.faces.map((f) => f.count)).toEqual([64, 2]);
    expect(r.count).toBe(66);
    expect(r.limitReached).toBe(true);
    expect(r.faces[1].limitReached).toBe(true);
  });

  it('a face left without room under the cap gets no array and reports the limit', async () => {
    const r = await placeFaces(engine, docWith(FLUSH_START), [face10x20, second], { latitude: 31, capKw: 10 });
    expect(r.faces.map((f) => [f.count, f.limitReached])).toEqual([
      [22, true],
      [0, true],
    ]);
    expect(r.doc.arrays).toHaveLength(1);
    expect(r.message).toBe(LAYOUT_MESSAGES.capReached);
  });

  it('arrays of faces not re-placed count against the cap', async () => {
    const first = await placeFaces(engine, docWith(FLUSH_START), [face10x20], { latitude: 31, capKw: null });
    // 64 × 0.45 = 28.8 kW kept; a 30 kW cap leaves 1.2 kW = 2 modules for the second face.
    const r = await placeFaces(engine, first.doc, [second], { latitude: 31, capKw: 30 });
    expect(r.faces[0].count).toBe(2);
    expect(r.count).toBe(66);
    // Re-placing the first face replaces its array (same id), it does not add to it.
    const again = await placeFaces(engine, r.doc, [face10x20], { latitude: 31, capKw: null });
    expect(again.count).toBe(66);
    expect(again.doc.arrays.find((a) => a.faceId === 'f1')!.id).toBe(first.doc.arrays[0].id);
  });
});

describe('the rules of the step (spec 000 §5)', () => {
  it('at least one component must be arranged', () => {
    expect(validateLayout(docWith({}), null)).toEqual([{ code: 'atLeastOne', message: 'At least one component must be arranged' }]);
  });

  it('the required prompts: a missing module or field is "This field is required"', () => {
    expect(settingsErrors(null, DEFAULT_LAYOUT_SETTINGS)).toEqual({ module: 'This field is required' });
    const errors = settingsErrors(MODULE, { ...DEFAULT_LAYOUT_SETTINGS, tilt: undefined, gapX: Number.NaN, alignY: undefined });
    expect(errors).toEqual({ tilt: 'This field is required', gapX: 'This field is required', alignY: 'This field is required' });
    expect(settingsErrors(MODULE, DEFAULT_LAYOUT_SETTINGS)).toEqual({});
    // An out-of-range value keeps the schema's message.
    expect(settingsErrors(MODULE, { ...DEFAULT_LAYOUT_SETTINGS, tilt: 95 }).tilt).toBeTruthy();
  });
});

describe('racks on a flat face', () => {
  it('flat faces get racks and sloped faces flush when placement is automatic', () => {
    expect(resolvePlacement({ tilt: 0 }, DEFAULT_LAYOUT_SETTINGS, 'auto')).toBe('tilted');
    expect(resolvePlacement({ tilt: 2.9 }, DEFAULT_LAYOUT_SETTINGS, 'auto')).toBe('tilted');
    expect(resolvePlacement({ tilt: 25 }, DEFAULT_LAYOUT_SETTINGS, 'auto')).toBe('flush');
    expect(resolvePlacement({ tilt: 25 }, { ...DEFAULT_LAYOUT_SETTINGS, placement: 'tilted' })).toBe('tilted');
  });

  it('the south-based azimuth goes to the engine as compass: 0 → 180, −30 (east of south) → 150', () => {
    const input = layoutInputFor(face10x20, MODULE, { ...DEFAULT_LAYOUT_SETTINGS, placement: 'tilted', azimuthSouth: -30 }, { latitude: 31 });
    expect(input.mounting).toMatchObject({ type: 'tilted', azimuth: 150 });
  });

  it('automatic row spacing is GB 50797: D = H·(0.707·tanφ + 0.4338)/(0.707 − 0.4338·tanφ) within 1 %', async () => {
    // One portrait module per rack at 20°: H = 2.278·sin 20° = 0.77912 m; at 30° N the closed form
    // gives D = 0.77912 × 0.84199 / 0.45654 = 1.4369 m (coefficients rounded: 1 %).
    const settings: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS, ...FLUSH_START, placement: 'tilted', tilt: 20, azimuthSouth: 0, rowSpacing: null };
    const t = Math.tan(30 * D2R);
    const H = 2.278 * Math.sin(20 * D2R);
    const gb = (H * (0.707 * t + 0.4338)) / (0.707 - 0.4338 * t);
    const d = automaticRowSpacing(MODULE, settings, 30)!;
    expect(Math.abs(d - gb) / gb).toBeLessThan(0.01);
    expect(automaticRowSpacing(MODULE, settings, null)).toBeNull();
    // The engine's rows repeat every rack depth 2.278·cos 20° + D.
    const r = await placeFaces(referenceRunner, { ...docWith({}), settings }, [face10x20], { latitude: 30, capKw: null });
    const a = r.doc.arrays[0];
    expect(a.rowPitch).toBeCloseTo(rackSize(MODULE, settings).depth + d, 9);
    expect(a.tilt).toBe(20);
    expect(a.azimuth).toBe(180);
    // Rows: floor((20 − 2.1406)/(2.1406 + 1.4359)) + 1 = floor(4.99) + 1 = 5 rows of 8 columns.
    expect(r.count).toBe(40);
    expect(r.doc.arrays[0].settings.placement).toBe('tilted');
  });

  it('a polar winter makes automatic spacing impossible: that face reports why, nothing is thrown', async () => {
    const settings: LayoutSettings = { ...DEFAULT_LAYOUT_SETTINGS, placement: 'tilted', rowSpacing: null };
    const r = await placeFaces(referenceRunner, { ...docWith({}), settings }, [face10x20], { latitude: 80, capKw: null });
    expect(r.count).toBe(0);
    expect(r.faces[0].error).toMatch(/winter solstice/);
  });
});

describe('keep-outs from obstacles', () => {
  it('a 2 × 2 m box in the middle of the face takes the modules it touches', async () => {
    // The box covers x 4…6, y 9…11: columns at x 3.462…4.596 (k = 3) and 4.616…5.75 (k = 4) and
    // 5.77…6.904 (k = 5) cross it; rows y 6.894…9.172 (k = 3) and 9.192…11.47 (k = 4). 3 × 2 = 6 lost.
    const r = await placeFaces(referenceRunner, docWith(FLUSH_START), [face10x20], {
      latitude: 31,
      capKw: null,
      obstacles: [{ kind: 'box', id: 'o1', center: [5, 10], size: [2, 2], rotation: 0, height: 1, baseZ: 6 }],
    });
    expect(r.count).toBe(64 - 6);
  });
});

describe('placing by hand after (or without) automatic placement', () => {
  it('a removed module comes back at its grid position: snapped, on the face plane, no overlap', async () => {
    const r = await placeFaces(referenceRunner, docWith(FLUSH_START), [face10x20], { latitude: 31, capKw: null });
    const a = r.doc.arrays[0];
    const removed = removeModules(r.doc, [{ arrayId: a.id, index: 9 }]);
    const [cx, cy] = [a.centers[27], a.centers[28]];
    // A click 0.3 m off the old centre snaps back onto it.
    const [x, y] = snapToArrayGrid(removed.arrays[0], cx + 0.3, cy - 0.3);
    expect(x).toBeCloseTo(cx, 9);
    expect(y).toBeCloseTo(cy, 9);
    const z = zAtFromFaces(removed, facePlansOf([face10x20]))(a.id, x, y);
    expect(z).toBeCloseTo(6, 12);
    const back = addModule(removed, a.id, [x, y, z], facePlansOf([face10x20]));
    expect(back.arrays[0].centers).toHaveLength(64 * 3);
    // Where every grid cell is full nothing more fits.
    expect(addModule(r.doc, a.id, [x, y, z], facePlansOf([face10x20]))).toBe(r.doc);
  });

  it('an empty array for a face without one: flush rows repeat every (up + gap)·cos t', () => {
    const doc = docWith(FLUSH_START);
    const a = emptyArrayFor(face10x20, doc, { id: 'E', latitude: 31 })!;
    expect(a).toMatchObject({ id: 'E', buildingId: 'b1', faceId: 'f1', tilt: 0, azimuth: 180, along: 1.134, up: 2.278, centers: [] });
    expect(a.rowPitch).toBeCloseTo(2.298, 12);
    const withArray = { ...doc, arrays: [a] };
    const next = addModule(withArray, 'E', [5, 10, 6], facePlansOf([face10x20]));
    expect(next.arrays[0].centers).toEqual([5, 10, 6]);
    expect(emptyArrayFor(face10x20, { ...doc, module: null }, { latitude: 31 })).toBeNull();
  });
});

describe('faces with islands', () => {
  it('keeps modules off a hole (a skylight frame drawn inside the roof, from the real roof engine)', async () => {
    // A 20 × 20 m flat roof with a 4 × 4 m skylight frame drawn as an island in its middle: the roof
    // engine makes the frame a hole of the roof face; no module may cover any of it.
    const pts = (ring: number[][], prefix: string) => ring.map(([x, y], i) => ({ id: `${prefix}${i}`, x, y }));
    const frame = pts([[8, 8], [12, 8], [12, 12], [8, 12]], 's');
    const roof = createReferenceEngine().roof({
      building: {
        id: 'b1',
        eaveHeight: 6,
        outerPoints: pts([[0, 0], [20, 0], [20, 20], [0, 20]], 'o'),
        points: frame,
        lines: frame.map((p, i) => ({ id: `l${i}`, idp1: p.id, idp2: frame[(i + 1) % 4].id })),
      },
    });
    const outer = roof.faces.find((f) => (f.holes ?? []).length > 0);
    expect(outer, JSON.stringify(roof.errors)).toBeDefined();
    const r = await placeFaces(referenceRunner, docWith({ ...FLUSH_START, alignX: 'center', alignY: 'center' }), [{ buildingId: 'b1', face: outer! }], { capKw: null, latitude: 31 });
    const modules = allModuleCorners(r.doc);
    expect(modules.length).toBeGreaterThan(0);
    for (const m of modules) {
      const xs = m.corners.map((c) => c[0]);
      const ys = m.corners.map((c) => c[1]);
      const overlaps = Math.min(...xs) < 12 && Math.max(...xs) > 8 && Math.min(...ys) < 12 && Math.max(...ys) > 8;
      expect(overlaps, `module ${m.id} covers the skylight`).toBe(false);
    }
  });
});
