// The Information step's address search helpers (src/web/hooks/useInformationStep.ts,
// src/web/geo/gazetteer.ts): the map's dots from the server's land cells, and which notice a search
// answer shows (offline because no geocoder is configured, or because it failed).
import { describe, expect, it } from 'vitest';
import { cellPlaces } from '../../../src/web/geo/gazetteer.ts';
import { searchNotice } from '../../../src/web/hooks/useInformationStep.ts';

describe('address search helpers', () => {
  it('puts one dot at the centre of each land cell', () => {
    // Cell (602, 242) of a 0.5° grid: lon 602 × 0.5 − 180 = 121 → centre 121.25; lat 242 × 0.5 − 90 = 31 → 31.25.
    const [p, q] = cellPlaces(0.5, [602, 242, 0, 0]);
    expect([p.lon, p.lat]).toEqual([121.25, 31.25]);
    expect([q.lon, q.lat]).toEqual([-179.75, -89.75]);
    expect(cellPlaces(0.5, [1])).toEqual([]);
  });

  it('shows why the offline gazetteer answered, and nothing when the geocoder did', () => {
    expect(searchNotice({ provider: 'offline', configured: false })).toBe('places.offline');
    expect(searchNotice({ provider: 'offline', configured: true })).toBe('places.fallback');
    expect(searchNotice({ provider: 'nominatim', configured: true })).toBeNull();
  });
});
