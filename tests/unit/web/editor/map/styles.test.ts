// The base map's styles (src/web/editor/map/styles.ts, grid.ts): the offline map works with no
// network and shows scale and north; the satellite and orthophoto maps show what was configured;
// a missing source falls back to the offline map and says why.
// maplibre's own style validator (@maplibre/maplibre-gl-style-spec, maplibre-gl's dependency) judges
// that maplibre accepts each style.
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { GRID_HALF_LINES, GRID_STEPS_M, gridStepFor, planGrid } from '../../../../../src/web/editor/map/grid.ts';
import { createPlanProjection, mPerPxAtZoom } from '../../../../../src/web/editor/map/projection.ts';
import { SATELLITE_UNAVAILABLE, type SatelliteSource } from '../../../../../src/model/api/editor.ts';
import { presetSource } from '../../../../../src/model/base-map.ts';
import {
  BASE_FALLBACK,
  chooseBaseStyle,
  offlineStyle,
  orthophotoStyle,
  satelliteStyle,
  type MapStyle,
  type OrthophotoImage,
} from '../../../../../src/web/editor/map/styles.ts';

const projection = createPlanProjection({ lat: 30.5728, lng: 104.0668 });
const satellite: SatelliteSource = { preset: 'xyz', tiles: ['https://tiles.example.com/sat/{z}/{x}/{y}.jpg'], labels: [], attribution: '© Example Imagery', maxzoom: 19, tileSize: 256 };
const ortho: OrthophotoImage = {
  url: 'blob:http://localhost/5d1c-ortho',
  corners: [
    { lng: 104.066, lat: 30.574 },
    { lng: 104.068, lat: 30.574 },
    { lng: 104.068, lat: 30.572 },
    { lng: 104.066, lat: 30.572 },
  ],
};

function validationErrors(style: MapStyle): string[] {
  return validateStyleMin(style).map((e) => e.message);
}

describe('offline style', () => {
  const style = offlineStyle(projection);

  it('is a valid maplibre style that requests nothing from any server', () => {
    expect(validationErrors(style)).toEqual([]);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    for (const source of Object.values(style.sources)) {
      expect(source.type).toBe('geojson');
      expect(typeof (source as { data: unknown }).data).toBe('object');
    }
    expect(JSON.stringify(style)).not.toMatch(/https?:|blob:|mapbox:/);
  });

  it('draws the north axis along the origin’s meridian and the east axis along its parallel', () => {
    const grid = planGrid(projection);
    const north = grid.features.filter((f) => f.properties.kind === 'north');
    const east = grid.features.filter((f) => f.properties.kind === 'east');
    expect(north).toHaveLength(1);
    expect(east).toHaveLength(1);
    const [s, n] = north[0].geometry.coordinates;
    expect(s[0]).toBeCloseTo(104.0668, 9);
    expect(n[0]).toBeCloseTo(104.0668, 9);
    expect(n[1]).toBeGreaterThan(30.5728);
    expect(s[1]).toBeLessThan(30.5728);
    const [w, e] = east[0].geometry.coordinates;
    expect(w[1]).toBeCloseTo(30.5728, 9);
    expect(e[1]).toBeCloseTo(30.5728, 9);
    expect(e[0]).toBeGreaterThan(w[0]);
  });

  it('puts grid lines at whole plan metres, each line once, at the coarsest step it falls on', () => {
    const lines = planGrid(projection).features.filter((f) => f.properties.kind === 'line');
    const seen = new Set<string>();
    for (const f of lines) {
      const [a, b] = f.geometry.coordinates.map(([lng, lat]) => projection.toPlan(lng, lat));
      const vertical = Math.abs(a[0] - b[0]) < 1e-6;
      const offset = vertical ? a[0] : a[1];
      const step = f.properties.step;
      expect(Math.abs(offset / step - Math.round(offset / step))).toBeLessThan(1e-6);
      const coarser = GRID_STEPS_M[GRID_STEPS_M.indexOf(step as (typeof GRID_STEPS_M)[number]) + 1];
      if (coarser) expect(Math.abs(offset / coarser - Math.round(offset / coarser))).toBeGreaterThan(1e-6);
      const key = `${vertical ? 'x' : 'y'}${Math.round(offset)}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    // 10 m lines around a building 37 m from the origin are there.
    expect(seen.has('x40')).toBe(true);
    expect(seen.has('y-30')).toBe(true);
    expect(seen.has(`x${GRID_HALF_LINES * 1000}`)).toBe(true);
  });

  it('names the grid step the user sees plainly (lines ≥ 16 px apart)', () => {
    expect(gridStepFor(0.05)).toBe(1); // 1 m = 20 px
    expect(gridStepFor(0.1)).toBe(10); // 1 m = 10 px, 10 m = 100 px
    expect(gridStepFor(5)).toBe(100); // 100 m = 20 px
    expect(gridStepFor(500)).toBe(1000); // coarsest, even at 2 px
  });

  it('fades a grid level in as its lines move apart on screen', () => {
    // The 1 m level: invisible at 0.5 m/px (2 px apart), visible at 0.0625 m/px (16 px apart).
    const layer = style.layers.find((l) => l.id === 'grid-1');
    const opacity = (layer as { paint: { 'line-opacity': unknown[] } }).paint['line-opacity'];
    const stops = opacity.slice(3) as number[];
    const zoomAt = (mPerPx: number) => Math.log2(mPerPxAtZoom(0, 30.5728) / mPerPx);
    expect(stops[0]).toBeCloseTo(zoomAt(1 / 4), 9);
    expect(stops[1]).toBe(0);
    expect(stops[2]).toBeCloseTo(zoomAt(1 / 16), 9);
    expect(stops[3]).toBeGreaterThan(0);
  });
});

describe('satellite and orthophoto styles', () => {
  it('uses the configured XYZ template, tile size, max zoom and attribution', () => {
    const style = satelliteStyle(satellite);
    expect(validationErrors(style)).toEqual([]);
    expect(style.sources.satellite).toEqual({
      type: 'raster',
      tiles: ['https://tiles.example.com/sat/{z}/{x}/{y}.jpg'],
      tileSize: 256,
      maxzoom: 19,
      attribution: '© Example Imagery',
    });
    expect(style.layers.map((l) => l.id)).toEqual(['background', 'satellite']);
  });

  it('draws Tianditu imagery with its place-name tiles above it, both with the key, to zoom 18', () => {
    const tianditu = presetSource('tianditu', { key: 'abc123' }).satellite!;
    const style = satelliteStyle(tianditu);
    expect(validationErrors(style)).toEqual([]);
    expect(style.layers.map((l) => l.id)).toEqual(['background', 'satellite', 'satellite-labels']);
    const imagery = style.sources.satellite as { tiles: string[]; maxzoom: number };
    const labels = style.sources['satellite-labels'] as { tiles: string[]; maxzoom: number };
    expect(imagery.tiles).toHaveLength(8);
    expect(imagery.tiles[0]).toContain('/img_w/wmts?');
    expect(labels.tiles[0]).toContain('/cia_w/wmts?');
    for (const url of [...imagery.tiles, ...labels.tiles]) expect(url).toMatch(/&tk=abc123$/);
    expect([imagery.maxzoom, labels.maxzoom]).toEqual([18, 18]);
  });

  it('places the orthophoto by its corners (top-left, top-right, bottom-right, bottom-left) above the grid', () => {
    const style = orthophotoStyle(projection, ortho);
    expect(validationErrors(style)).toEqual([]);
    expect(style.sources.orthophoto).toEqual({
      type: 'image',
      url: 'blob:http://localhost/5d1c-ortho',
      coordinates: [
        [104.066, 30.574],
        [104.068, 30.574],
        [104.068, 30.572],
        [104.066, 30.572],
      ],
    });
    expect(style.layers[style.layers.length - 1].id).toBe('orthophoto');
  });
});

describe('choosing the base', () => {
  it('shows the offline map by default, with no attribution', () => {
    const c = chooseBaseStyle('offline', {}, projection);
    expect(c).toMatchObject({ shown: 'offline', fallback: null, attribution: null });
  });

  it('shows the satellite imagery when configured, with its attribution', () => {
    const c = chooseBaseStyle('satellite', { satellite, satelliteUnavailable: null }, projection);
    expect(c).toMatchObject({ shown: 'satellite', fallback: null, attribution: '© Example Imagery' });
  });

  it('falls back to the offline map, saying why, when satellite imagery is not available', () => {
    expect(chooseBaseStyle('satellite', { satellite: null, satelliteUnavailable: SATELLITE_UNAVAILABLE.invalidTemplate }, projection)).toMatchObject({
      shown: 'offline',
      fallback: 'editor.map.satelliteInvalidTemplate',
    });
    expect(chooseBaseStyle('satellite', {}, projection).fallback).toBe('editor.map.satelliteNotConfigured');
  });

  it('falls back to the offline map when the orthophoto is missing or its corners are not places', () => {
    expect(chooseBaseStyle('orthophoto', {}, projection)).toMatchObject({ shown: 'offline', fallback: BASE_FALLBACK.orthophotoMissing });
    const bad: OrthophotoImage = { ...ortho, corners: [ortho.corners[0], ortho.corners[1], { lng: 104, lat: 91 }, ortho.corners[3]] };
    expect(chooseBaseStyle('orthophoto', { orthophoto: bad }, projection)).toMatchObject({ shown: 'offline', fallback: BASE_FALLBACK.orthophotoInvalid });
    expect(chooseBaseStyle('orthophoto', { orthophoto: ortho }, projection)).toMatchObject({ shown: 'orthophoto', fallback: null });
  });
});
