// The layout document's actions (src/web/editor/document/layout.ts): hit test on the plan footprint,
// manual add / remove / move with the overlap and stay-on-the-face refusals, module corners in the
// engine's order and size, face replacement and clearing. Geometry worked by hand in the comments;
// positions to 1e-9 m (frame arithmetic rounding).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addModule,
  allModuleCorners,
  arrayAt,
  checkAdd,
  checkMove,
  clearArrays,
  faceKey,
  hitModule,
  moduleCorners,
  modulesInBox,
  moveModules,
  packedModuleCorners,
  planeHeight,
  removeModules,
  replaceArraysOfFaces,
  setModuleChoice,
  setSettings,
  zAtFromFaces,
  type FacePlan,
} from '../../../../../src/web/editor/document/layout.ts';
import { DEFAULT_LAYOUT_SETTINGS, emptyLayoutDocument, layoutDocumentSchema, type LayoutArray, type LayoutDocument } from '../../../../../src/model/design.ts';

const D2R = Math.PI / 180;
const MODULE = { libraryId: 1, manufacturer: 'Test', model: 'M450', powerW: 450, length: 2.278, width: 1.134 };

/** A flat face [0, 10] × [0, 20] at z 6 facing south, with a portrait row of 3 modules along its front. */
function flatDoc(): { doc: LayoutDocument; faces: FacePlan[] } {
  // Portrait: 1.134 along a row (x), 2.278 up (y). Centres every 1.154 m from x = 0.567; y = 1.139.
  const array: LayoutArray = {
    id: 'A',
    buildingId: 'b1',
    faceId: 'f1',
    settings: DEFAULT_LAYOUT_SETTINGS,
    tilt: 0,
    azimuth: 180,
    along: 1.134,
    up: 2.278,
    centers: [0.567, 1.139, 6, 1.721, 1.139, 6, 2.875, 1.139, 6],
    rowPitch: 2.298,
  };
  const doc: LayoutDocument = { ...emptyLayoutDocument(), module: MODULE, arrays: [array] };
  const faces: FacePlan[] = [{ buildingId: 'b1', faceId: 'f1', vertices: [[0, 0, 6], [10, 0, 6], [10, 20, 6], [0, 20, 6]] }];
  return { doc, faces };
}

const flatZ = () => 6;

describe('module geometry', () => {
  it('corners are front-left, front-right, back-right, back-left like the layout command', () => {
    const { doc } = flatDoc();
    const c = moduleCorners(doc.arrays[0], 0);
    // Facing south (azimuth 180): the front is the south edge y = 0; left seen from the front (a viewer
    // south of it, looking north) is west.
    const want = [[0, 0, 6], [1.134, 0, 6], [1.134, 2.278, 6], [0, 2.278, 6]];
    c.forEach((p, i) => p.forEach((v, k) => expect(v).toBeCloseTo(want[i][k], 9)));
  });

  it('a module tilted 30° facing south rises up·sin t over a plan depth up·cos t', () => {
    // Centre at the origin: front edge at y = −(2.278/2)·cos 30° = −0.98640, z = −1.139·sin 30° = −0.5695.
    const a: LayoutArray = { ...flatDoc().doc.arrays[0], tilt: 30, centers: [0, 0, 0] };
    const [fl, fr, br, bl] = moduleCorners(a, 0);
    expect(fl[1]).toBeCloseTo(-1.139 * Math.cos(30 * D2R), 9);
    expect(fl[2]).toBeCloseTo(-0.5695, 9);
    expect(br[1]).toBeCloseTo(1.139 * Math.cos(30 * D2R), 9);
    expect(br[2]).toBeCloseTo(0.5695, 9);
    // The slope length of each side is the module size.
    expect(Math.hypot(fr[0] - fl[0], fr[1] - fl[1], fr[2] - fl[2])).toBeCloseTo(1.134, 9);
    expect(Math.hypot(bl[0] - fl[0], bl[1] - fl[1], bl[2] - fl[2])).toBeCloseTo(2.278, 9);
  });

  it('a module facing east (azimuth 90) has its front on the east side', () => {
    const a: LayoutArray = { ...flatDoc().doc.arrays[0], azimuth: 90, centers: [0, 0, 0] };
    const [fl, fr] = moduleCorners(a, 0);
    // Front edge at x = +1.139; left seen from the front (a viewer east of it, looking west) is south.
    expect(fl[0]).toBeCloseTo(1.139, 9);
    expect(fr[0]).toBeCloseTo(1.139, 9);
    expect(fl[1]).toBeCloseTo(-0.567, 9);
    expect(fr[1]).toBeCloseTo(0.567, 9);
  });

  it('allModuleCorners names modules arrayId:index in centre order; packed corners agree', () => {
    const { doc } = flatDoc();
    const all = allModuleCorners(doc);
    expect(all.map((m) => m.id)).toEqual(['A:0', 'A:1', 'A:2']);
    const packed = packedModuleCorners(doc);
    expect(packed).toHaveLength(36);
    expect(Array.from(packed.slice(12, 24))).toEqual(all[1].corners.flat());
  });
});

describe('hit test and box select', () => {
  it('finds the module whose plan footprint holds the point', () => {
    const { doc } = flatDoc();
    expect(hitModule(doc, 0.1, 0.1)).toEqual({ arrayId: 'A', index: 0 });
    expect(hitModule(doc, 1.72, 2.2)).toEqual({ arrayId: 'A', index: 1 });
    // The 2 cm gap between modules 0 and 1 (x 1.134…1.154) holds none.
    expect(hitModule(doc, 1.144, 1)).toBeNull();
    expect(hitModule(doc, 5, 10)).toBeNull();
  });

  it('box select takes the modules whose footprint touches the box', () => {
    const { doc } = flatDoc();
    expect(modulesInBox(doc, 1.5, 0, 2.0, 0.5)).toEqual([{ arrayId: 'A', index: 1 }]);
    expect(modulesInBox(doc, 0, 0, 10, 10)).toHaveLength(3);
  });

  it('arrayAt answers by the face outline when faces are given, else by the modules', () => {
    const { doc, faces } = flatDoc();
    expect(arrayAt(doc, 8, 15, faces)).toBe('A');
    expect(arrayAt(doc, 12, 15, faces)).toBeNull();
    expect(arrayAt(doc, 0.3, 0.3)).toBe('A');
    expect(arrayAt(doc, 8, 15)).toBeNull();
  });
});

describe('manual add', () => {
  it('adds a module where it overlaps none', () => {
    const { doc, faces } = flatDoc();
    const next = addModule(doc, 'A', [4.029, 1.139, 6], faces);
    expect(next.arrays[0].centers).toHaveLength(12);
    expect(layoutDocumentSchema.safeParse(next).success).toBe(true);
  });

  it('refuses an overlapping module (same document back) and says why', () => {
    const { doc, faces } = flatDoc();
    // Centres 1.0 m apart along the row, less than the 1.134 m module width: the footprints overlap.
    expect(checkAdd(doc, 'A', [3.875, 1.139, 6], faces)).toBe('overlap');
    expect(addModule(doc, 'A', [3.875, 1.139, 6], faces)).toBe(doc);
    // Exactly abutting (centre distance = module width): allowed.
    expect(checkAdd(doc, 'A', [2.875 + 1.134, 1.139, 6], faces)).toBeNull();
  });

  it('refuses a module off its face, or on an unknown array', () => {
    const { doc, faces } = flatDoc();
    // Centre 0.5 m from the east edge: the module's half width 0.567 crosses it.
    expect(checkAdd(doc, 'A', [9.5, 10, 6], faces)).toBe('offFace');
    expect(addModule(doc, 'A', [9.5, 10, 6], faces)).toBe(doc);
    expect(checkAdd(doc, 'B', [5, 10, 6], faces)).toBe('noArray');
  });
});

describe('remove', () => {
  it('removes modules; the others keep their order, indices shift', () => {
    const { doc } = flatDoc();
    const next = removeModules(doc, [{ arrayId: 'A', index: 1 }]);
    expect(next.arrays[0].centers).toEqual([0.567, 1.139, 6, 2.875, 1.139, 6]);
    expect(removeModules(doc, [])).toBe(doc);
    expect(removeModules(doc, [{ arrayId: 'Z', index: 0 }])).toBe(doc);
  });
});

describe('move', () => {
  it('moves the selection by (dx, dy) at the height zAt gives', () => {
    const { doc, faces } = flatDoc();
    const next = moveModules(doc, [{ arrayId: 'A', index: 2 }], 1, 5, flatZ, faces);
    expect(next.arrays[0].centers.slice(6)).toEqual([3.875, 6.139, 6]);
  });

  it('refuses a move onto another module of the array (all or nothing)', () => {
    const { doc, faces } = flatDoc();
    const refs = [{ arrayId: 'A', index: 0 }];
    // Module 0 moved 1 m east lands on module 1 (centres 0.154 m apart).
    expect(checkMove(doc, refs, 1, 0, flatZ, faces)).toBe('overlap');
    expect(moveModules(doc, refs, 1, 0, flatZ, faces)).toBe(doc);
    // Moving modules 0 and 1 together by one pitch: 1 lands where 2 stays → refused as a whole.
    expect(moveModules(doc, [...refs, { arrayId: 'A', index: 1 }], 1.154, 0, flatZ, faces)).toBe(doc);
    // All three together: nothing stays in the way.
    const all = [0, 1, 2].map((index) => ({ arrayId: 'A', index }));
    expect(moveModules(doc, all, 1.154, 0, flatZ, faces)).not.toBe(doc);
  });

  it('refuses a move off the face, or where the face has no height', () => {
    const { doc, faces } = flatDoc();
    const refs = [{ arrayId: 'A', index: 0 }];
    expect(checkMove(doc, refs, -0.1, 0, flatZ, faces)).toBe('offFace');
    expect(checkMove(doc, refs, 0, 3, () => NaN, faces)).toBe('noHeight');
  });

  it('follows a sloped face plane: zAtFromFaces', () => {
    // A face rising 0.5 m per metre north (tilt atan 0.5 = 26.565°).
    const faces: FacePlan[] = [{ buildingId: 'b1', faceId: 'f1', vertices: [[0, 0, 3], [10, 0, 3], [10, 8, 7], [0, 8, 7]] }];
    expect(planeHeight(faces[0].vertices)(4, 2)).toBeCloseTo(4, 12);
    const { doc } = flatDoc();
    const sloped = { ...doc, arrays: [{ ...doc.arrays[0], centers: [5, 2, 4] }] };
    const next = moveModules(sloped, [{ arrayId: 'A', index: 0 }], 0, 2, zAtFromFaces(sloped, faces));
    expect(next.arrays[0].centers).toEqual([5, 4, 5]);
  });

  it('property: a refused move changes nothing, an accepted one leaves no two modules overlapping', () => {
    const { doc, faces } = flatDoc();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 }), fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -3, max: 3, noNaN: true }), (i, dx, dy) => {
        const next = moveModules(doc, [{ arrayId: 'A', index: i }], dx, dy, flatZ, faces);
        if (next === doc) return;
        const c = next.arrays[0].centers;
        for (let a = 0; a < 3; a++)
          for (let b = a + 1; b < 3; b++) {
            const overlapX = Math.abs(c[3 * a] - c[3 * b]) < 1.134 - 1e-6;
            const overlapY = Math.abs(c[3 * a + 1] - c[3 * b + 1]) < 2.278 - 1e-6;
            expect(overlapX && overlapY).toBe(false);
          }
      }),
    );
  });
});

describe('document actions', () => {
  it('replaceArraysOfFaces swaps the arrays of the same faces, keeps the others', () => {
    const { doc } = flatDoc();
    const other: LayoutArray = { ...doc.arrays[0], id: 'B', faceId: 'f2' };
    const two = replaceArraysOfFaces(doc, [other]);
    expect(two.arrays.map((a) => a.id)).toEqual(['A', 'B']);
    const again = replaceArraysOfFaces(two, [{ ...doc.arrays[0], id: 'A2', centers: [] }]);
    expect(again.arrays.map((a) => a.id)).toEqual(['B', 'A2']);
    expect(clearArrays(again, [faceKey('b1', 'f2')]).arrays.map((a) => a.id)).toEqual(['A2']);
    expect(clearArrays(again).arrays).toEqual([]);
  });

  it('a module of another size clears the arrays, another power keeps them', () => {
    const { doc } = flatDoc();
    expect(setModuleChoice(doc, { ...MODULE, powerW: 455 }).arrays).toHaveLength(1);
    expect(setModuleChoice(doc, { ...MODULE, length: 2.384 }).arrays).toHaveLength(0);
  });

  it('setSettings merges a patch', () => {
    const next = setSettings(emptyLayoutDocument(), { tilt: 25, placement: 'tilted' });
    expect(next.settings).toEqual({ ...DEFAULT_LAYOUT_SETTINGS, tilt: 25, placement: 'tilted' });
  });
});
