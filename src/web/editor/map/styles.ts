// The maplibre styles of the building step's base map, as plain data (no DOM):
//   offline     — a background and the plan grid (grid.ts): no network at all, no glyphs or sprites;
//   satellite   — the user's or the server's raster imagery (src/model/base-map.ts: Tianditu, Mapbox,
//                 Esri or any XYZ source) over the background, with its place-name overlay if it has one;
//   orthophoto  — the drone orthophoto as an `image` source on its four corners, over the offline map.
// chooseBaseStyle picks the style for a wanted base and says when it had to fall back (i18n key).
import type { MapOptions } from 'maplibre-gl';
import { GRID_FADE_IN_PX, GRID_STEPS_M, GRID_STRONG_PX, GRID_VISIBLE_PX, planGrid, zoomForSpacing } from './grid.ts';
import { MAX_MERCATOR_LATITUDE, type LngLat, type PlanProjection } from './projection.ts';
import { SATELLITE_UNAVAILABLE, type SatelliteSource } from '../../../model/api/editor.ts';

/** maplibre's style document (the non-URL form of MapOptions.style). */
export type MapStyle = Exclude<MapOptions['style'], string | undefined>;
type Layer = MapStyle['layers'][number];

export type BaseKind = 'offline' | 'satellite' | 'orthophoto';

/** A drone orthophoto placed on the map by its corners. */
export interface OrthophotoImage {
  /** Image URL (a blob: URL of the downloaded orthophoto). */
  readonly url: string;
  /** The image's top-left, top-right, bottom-right and bottom-left corners [°]. */
  readonly corners: readonly [LngLat, LngLat, LngLat, LngLat];
}

/** Why the base shown is not the one asked for (i18n keys of the editor catalogue). */
export const BASE_FALLBACK = {
  orthophotoMissing: 'editor.map.orthophotoMissing',
  orthophotoInvalid: 'editor.map.orthophotoInvalid',
} as const;

/** Colours of the offline map. */
export const BASE_MAP_COLOURS = {
  background: '#f3f4f6',
  grid: '#7b8794',
  north: '#d4380d',
  east: '#1677ff',
} as const;

export const SOURCE_IDS = { grid: 'plan-grid', satellite: 'satellite', satelliteLabels: 'satellite-labels', orthophoto: 'orthophoto' } as const;

function background(): Layer {
  return { id: 'background', type: 'background', paint: { 'background-color': BASE_MAP_COLOURS.background } };
}

/** One line layer per grid level, fading in as its lines move apart on screen; then the two axes. */
function gridLayers(projection: PlanProjection): Layer[] {
  const layers: Layer[] = GRID_STEPS_M.map((step) => {
    const z0 = zoomForSpacing(step, GRID_FADE_IN_PX, projection);
    const z1 = zoomForSpacing(step, GRID_VISIBLE_PX, projection);
    const z2 = zoomForSpacing(step, GRID_STRONG_PX, projection);
    return {
      id: `grid-${step}`,
      type: 'line',
      source: SOURCE_IDS.grid,
      filter: ['all', ['==', ['get', 'kind'], 'line'], ['==', ['get', 'step'], step]],
      paint: {
        'line-color': BASE_MAP_COLOURS.grid,
        'line-width': 1,
        'line-opacity': ['interpolate', ['linear'], ['zoom'], z0, 0, z1, 0.3, z2, 0.6],
      },
    } satisfies Layer;
  });
  for (const kind of ['east', 'north'] as const) {
    layers.push({
      id: `axis-${kind}`,
      type: 'line',
      source: SOURCE_IDS.grid,
      filter: ['==', ['get', 'kind'], kind],
      paint: { 'line-color': BASE_MAP_COLOURS[kind], 'line-width': 1.5, 'line-opacity': 0.8 },
    });
  }
  return layers;
}

/** The offline style: background and plan grid, with no request to any server. */
export function offlineStyle(projection: PlanProjection): MapStyle {
  return {
    version: 8,
    name: 'PV Studio offline',
    sources: { [SOURCE_IDS.grid]: { type: 'geojson', data: planGrid(projection) } },
    layers: [background(), ...gridLayers(projection)],
  };
}

/** The satellite style: the imagery's raster tiles over the background, its label tiles above them. */
export function satelliteStyle(source: SatelliteSource): MapStyle {
  const raster = (tiles: readonly string[]) => ({
    type: 'raster' as const,
    tiles: [...tiles],
    tileSize: source.tileSize,
    maxzoom: source.maxzoom,
    ...(source.attribution ? { attribution: source.attribution } : {}),
  });
  const fade = { 'raster-fade-duration': 0 };
  const withLabels = source.labels.length > 0;
  return {
    version: 8,
    name: 'PV Studio satellite',
    sources: {
      [SOURCE_IDS.satellite]: raster(source.tiles),
      ...(withLabels ? { [SOURCE_IDS.satelliteLabels]: raster(source.labels) } : {}),
    },
    layers: [
      background(),
      { id: 'satellite', type: 'raster', source: SOURCE_IDS.satellite, paint: fade },
      ...(withLabels ? [{ id: 'satellite-labels', type: 'raster', source: SOURCE_IDS.satelliteLabels, paint: fade } satisfies Layer] : []),
    ],
  };
}

/** Whether the four corners are finite lng/lats inside Web Mercator. */
export function validCorners(corners: readonly LngLat[]): boolean {
  return (
    corners.length === 4 &&
    corners.every((c) => Number.isFinite(c.lng) && Number.isFinite(c.lat) && Math.abs(c.lat) <= MAX_MERCATOR_LATITUDE && Math.abs(c.lng) <= 540)
  );
}

/** The orthophoto style: the offline map with the image on its corners above it. */
export function orthophotoStyle(projection: PlanProjection, image: OrthophotoImage): MapStyle {
  const offline = offlineStyle(projection);
  const [tl, tr, br, bl] = image.corners;
  return {
    ...offline,
    name: 'PV Studio orthophoto',
    sources: {
      ...offline.sources,
      [SOURCE_IDS.orthophoto]: {
        type: 'image',
        url: image.url,
        coordinates: [
          [tl.lng, tl.lat],
          [tr.lng, tr.lat],
          [br.lng, br.lat],
          [bl.lng, bl.lat],
        ],
      },
    },
    layers: [...offline.layers, { id: 'orthophoto', type: 'raster', source: SOURCE_IDS.orthophoto, paint: { 'raster-fade-duration': 0 } }],
  };
}

export interface BaseChoice {
  readonly style: MapStyle;
  /** The base actually shown. */
  readonly shown: BaseKind;
  /** i18n key saying why `shown` differs from the base asked for; null when it does not. */
  readonly fallback: string | null;
  /** Attribution the shown imagery requires (plain text), or null. */
  readonly attribution: string | null;
}

export interface BaseSources {
  /** The satellite source (GET /api/web/editor/config: the user's setting or the server's default), or null. */
  readonly satellite?: SatelliteSource | null;
  /** Why there is none: the config answer's satelliteUnavailable key. */
  readonly satelliteUnavailable?: string | null;
  /** The drone orthophoto, or null. */
  readonly orthophoto?: OrthophotoImage | null;
}

/** The style for `base`; the offline style, with the reason, when the base's source is missing. */
export function chooseBaseStyle(base: BaseKind, sources: BaseSources, projection: PlanProjection): BaseChoice {
  const offline = (fallback: string | null): BaseChoice => ({ style: offlineStyle(projection), shown: 'offline', fallback, attribution: null });
  if (base === 'satellite') {
    const s = sources.satellite;
    if (!s) return offline(sources.satelliteUnavailable ?? SATELLITE_UNAVAILABLE.notConfigured);
    return { style: satelliteStyle(s), shown: 'satellite', fallback: null, attribution: s.attribution || null };
  }
  if (base === 'orthophoto') {
    const image = sources.orthophoto;
    if (!image) return offline(BASE_FALLBACK.orthophotoMissing);
    if (!validCorners(image.corners)) return offline(BASE_FALLBACK.orthophotoInvalid);
    return { style: orthophotoStyle(projection, image), shown: 'orthophoto', fallback: null, attribution: null };
  }
  return offline(null);
}
