// The design documents (src/model/design.ts): the south-based azimuth users see (spec 000 §5 "azimuth
// shown south-based") and the compass azimuth the engine takes, and what a saved document accepts.
import { describe, expect, it } from 'vitest';
import {
  azimuthFromSouth,
  azimuthToSouth,
  buildingDocumentSchema,
  emptyBuildingDocument,
  emptyLayoutDocument,
  layoutDocumentSchema,
  layoutTotals,
} from '../../../src/model/design.ts';

describe('south-based azimuth', () => {
  it('maps due south, east, west and north to the compass (0 = south, east negative)', () => {
    // By definition of the two conventions: compass 180 = south, 90 = east, 270 = west, 0 = north.
    expect(azimuthFromSouth(0)).toBe(180);
    expect(azimuthFromSouth(-90)).toBe(90);
    expect(azimuthFromSouth(90)).toBe(270);
    expect(azimuthFromSouth(180)).toBe(0);
    expect(azimuthFromSouth(-180)).toBe(0);
    expect(azimuthToSouth(180)).toBe(0);
    expect(azimuthToSouth(90)).toBe(-90);
    expect(azimuthToSouth(270)).toBe(90);
    expect(azimuthToSouth(135)).toBe(-45);
  });
  it('round-trips every whole degree', () => {
    for (let s = -179; s <= 180; s++) expect(azimuthToSouth(azimuthFromSouth(s))).toBeCloseTo(s, 12);
  });
});

describe('design documents', () => {
  it('empty documents are valid and hold nothing', () => {
    expect(buildingDocumentSchema.parse(emptyBuildingDocument({ lat: 31.2, lng: 121.5 })).buildings).toEqual([]);
    expect(layoutTotals(layoutDocumentSchema.parse(emptyLayoutDocument()))).toEqual({ count: 0, kWp: 0 });
  });
  it('refuses obstacles without a positive height and centres that are not triples', () => {
    const doc = { ...emptyBuildingDocument(null), obstacles: [{ kind: 'box', id: 'o1', center: [0, 0], size: [1, 1], height: 0 }] };
    expect(buildingDocumentSchema.safeParse(doc).success).toBe(false);
    const arr = {
      id: 'a', buildingId: 'b', faceId: 'f', settings: emptyLayoutDocument().settings, tilt: 20, azimuth: 180,
      along: 1.134, up: 2.278, centers: [0, 0], rowPitch: 0,
    };
    expect(layoutDocumentSchema.safeParse({ ...emptyLayoutDocument(), arrays: [arr] }).success).toBe(false);
  });
  it('counts modules and kWp: 64 modules of 450 W are 28.8 kWp', () => {
    const centers = Array.from({ length: 64 * 3 }, () => 0);
    const t = layoutTotals({ module: { libraryId: 1, manufacturer: 'm', model: 'x', powerW: 450, length: 2.278, width: 1.134 }, arrays: [{ centers } as never] });
    expect(t).toEqual({ count: 64, kWp: 28.8 });
  });
});
