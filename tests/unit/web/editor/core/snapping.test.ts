// Snapping (spec 000 §9, docs/GEOMETRY.md §6): 2° angle steps relative to the previous segment, axis lock,
// position snaps within the pixel radius, and the 20 px minimum line length at two zoom levels.
// Expected values are worked by hand from the definitions (angles in degrees, lengths in metres).
import { describe, expect, it } from 'vitest';
import { GEOMETRY } from '../../../../../src/model/constants.ts';
import { emptyBuildingDocument } from '../../../../../src/model/design.ts';
import { addBuilding, addRoofLine, addRoofPoint } from '../../../../../src/web/editor/document/building.ts';
import { isTooShort, snapAngle, snapPosition, snapRadius, SNAP_RADIUS_PX } from '../../../../../src/web/editor/snapping.ts';

const DEG = Math.PI / 180;
const angleOf = (x: number, y: number) => Math.atan2(y, x) / DEG;

describe('angle snap (2° steps)', () => {
  it('rounds a first segment to a multiple of 2° from the x axis, keeping the projected length', () => {
    // Cursor 10 m away at 13.3°: nearest multiple of 2° is 14°; length = 10·cos(0.7°) = 9.99925.
    const c = [10 * Math.cos(13.3 * DEG), 10 * Math.sin(13.3 * DEG)];
    const s = snapAngle(0, 0, c[0], c[1]);
    expect(angleOf(s.x, s.y)).toBeCloseTo(14, 9);
    expect(Math.hypot(s.x, s.y)).toBeCloseTo(10 * Math.cos(0.7 * DEG), 9);
    expect(s.axis).toBeNull();
  });

  it('steps relative to the previous segment, not to the axes', () => {
    // Previous segment at 31°; cursor at 50.2°: relative 19.2° → 20° → absolute 51° (odd, on purpose).
    const s = snapAngle(0, 0, 10 * Math.cos(50.2 * DEG), 10 * Math.sin(50.2 * DEG), 31 * DEG);
    expect(angleOf(s.x, s.y)).toBeCloseTo(51, 9);
  });

  it('locks onto an axis within 2° of it, with the other coordinate exact', () => {
    // Previous segment at 31°; cursor at 88.5° (1.5° from north): locks to x = from.x exactly.
    const s = snapAngle(3, 4, 3 + 10 * Math.cos(88.5 * DEG), 4 + 10 * Math.sin(88.5 * DEG), 31 * DEG);
    expect(s.axis).toBe('y');
    expect(s.x).toBe(3);
    expect(s.y).toBeCloseTo(4 + 10 * Math.sin(88.5 * DEG), 12);
    // A nearly east segment keeps y exactly.
    const e = snapAngle(3, 4, 13, 4.2);
    expect(e.axis).toBe('x');
    expect(e.y).toBe(4);
    expect(e.x).toBe(13);
  });

  it('does not lock at 2.1° from an axis: relative step instead', () => {
    // Previous 31°, cursor 87.9°: relative 56.9° → 56° → 87°.
    const s = snapAngle(0, 0, 10 * Math.cos(87.9 * DEG), 10 * Math.sin(87.9 * DEG), 31 * DEG);
    expect(s.axis).toBeNull();
    expect(angleOf(s.x, s.y)).toBeCloseTo(87, 9);
  });

  it('every snapped direction is a multiple of the step from the reference (property)', () => {
    for (let k = 0; k < 200; k++) {
      const raw = -180 + (360 * k) / 200 + 0.37;
      const s = snapAngle(0, 0, Math.cos(raw * DEG), Math.sin(raw * DEG), 7 * DEG);
      const a = angleOf(s.x, s.y);
      if (s.axis) {
        expect(Math.abs(Math.round(a / 90) * 90 - a)).toBeLessThan(1e-9);
      } else {
        const rel = a - 7;
        const q = rel / GEOMETRY.angleSnapDeg;
        expect(Math.abs(q - Math.round(q))).toBeLessThan(1e-7);
        expect(Math.abs(((raw - a + 540) % 360) - 180)).toBeLessThanOrEqual(GEOMETRY.angleSnapDeg / 2 + 1e-9);
      }
    }
  });
});

describe('20 px minimum line length', () => {
  it('filters below 20 px at 0.05 m/px (1 m) and at 0.5 m/px (10 m)', () => {
    expect(isTooShort(0, 0, 0.99, 0, 0.05)).toBe(true);
    expect(isTooShort(0, 0, 1.0, 0, 0.05)).toBe(false);
    expect(isTooShort(0, 0, 9.9, 0, 0.5)).toBe(true);
    expect(isTooShort(0, 0, 6, 8, 0.5)).toBe(false);
  });
});

describe('position snap', () => {
  let doc = addBuilding(emptyBuildingDocument(), {
    id: 'B',
    outline: [
      { id: 'a', x: 0, y: 0 },
      { id: 'b', x: 10, y: 0 },
      { id: 'c', x: 10, y: 8 },
      { id: 'd', x: 0, y: 8 },
    ],
    closed: true,
  });
  doc = addRoofPoint(doc, 'B', { id: 'p', x: 2, y: 4 });
  doc = addRoofPoint(doc, 'B', { id: 'q', x: 8, y: 4 });
  doc = addRoofLine(doc, 'B', { id: 'L', idp1: 'p', idp2: 'q' });

  it('uses a 10 px magnet, or the 1 px geometry snap with Shift', () => {
    expect(snapRadius(0.05)).toBeCloseTo(SNAP_RADIUS_PX * 0.05, 12);
    expect(snapRadius(0.05, true)).toBeCloseTo(GEOMETRY.pixelSnap * 0.05, 12);
    // 0.4 m = 8 px from point a at 0.05 m/px: magnet catches it, the 1 px snap does not.
    expect(snapPosition(doc, { x: 0.4, y: -0.1, mPerPx: 0.05 }).target).toMatchObject({ kind: 'point', pointId: 'a', x: 0, y: 0 });
    expect(snapPosition(doc, { x: 0.4, y: -0.1, mPerPx: 0.05, shift: true }).target.kind).toBe('free');
    // 0.6 m = 12 px: outside the magnet.
    expect(snapPosition(doc, { x: -0.6, y: -0.1, mPerPx: 0.05 }).target.kind).toBe('free');
  });

  it('snaps onto an outline edge and a roof line, keeping an axis-parallel coordinate exact', () => {
    expect(snapPosition(doc, { x: 10.3, y: 2.5, mPerPx: 0.05 }).target).toEqual({ kind: 'edge', buildingId: 'B', a: 'b', b: 'c', x: 10, y: 2.5 });
    expect(snapPosition(doc, { x: 5, y: 4.2, mPerPx: 0.05 }).target).toEqual({ kind: 'line', buildingId: 'B', lineId: 'L', x: 5, y: 4 });
  });

  it('puts a point on an edge where the angle-snapped ray crosses it', () => {
    // From (5, 4) toward the east edge x = 10 at 1° above east (locks east): lands on (10, 4).
    const r = snapPosition(doc, { x: 10.2, y: 4.09, mPerPx: 0.05, from: [5, 4] });
    expect(r.target).toMatchObject({ kind: 'edge', x: 10, y: 4 });
  });
});
