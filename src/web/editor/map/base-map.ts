// The base map under the building step's drawing: a maplibre-gl map that takes no input and follows
// the 2D plan's view (the plan canvas lies above it and owns panning and zooming). Offline by default
// (styles.ts: background and plan grid, no network); the user's satellite imagery or the drone
// orthophoto on request. If WebGL is unavailable the map reports it and does nothing else, so the
// plan stays usable.
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { GPUInitializationError, Map as MaplibreMap, setWorkerUrl, type ErrorEvent } from 'maplibre-gl';
import type { PlanView } from '../contracts.ts';
import { createPlanProjection, MAX_MAP_ZOOM, planViewToCamera, type LngLat, type PlanProjection } from './projection.ts';
import { chooseBaseStyle, SOURCE_IDS, type BaseKind, type BaseSources } from './styles.ts';

// maplibre 6 in a Vite build loads its worker from this URL (docs/ARCHITECTURE.md).
setWorkerUrl(workerUrl);

/** Problems the map reports instead of throwing (i18n keys of the editor catalogue). */
export const BASE_MAP_ERRORS = {
  webglUnavailable: 'editor.map.webglUnavailable',
  webglLost: 'editor.map.webglLost',
  tilesFailed: 'editor.map.tilesFailed',
  orthophotoFailed: 'editor.map.orthophotoFailed',
  badOrigin: 'editor.map.badOrigin',
} as const;
export type BaseMapErrorKey = (typeof BASE_MAP_ERRORS)[keyof typeof BASE_MAP_ERRORS];

export interface BaseMapError {
  readonly key: BaseMapErrorKey;
  /** The underlying message, for the log. */
  readonly detail: string;
}

export interface BaseMapOptions {
  /** The project's position: the plan frame's origin. */
  readonly origin: LngLat;
  /** A problem the user should know of (no WebGL, tiles or orthophoto failing). Reported once per base. */
  readonly onError?: (error: BaseMapError) => void;
  /** The attribution the shown imagery requires (plain text) or null; show it above the plan canvas. */
  readonly onAttribution?: (attribution: string | null) => void;
}

export interface BaseMapSelection {
  /** The base actually shown. */
  readonly shown: BaseKind;
  /** i18n key saying why it is not the one asked for, or null. */
  readonly fallback: string | null;
}

export interface BaseMap {
  /** Move the map under the plan. Call once per plan frame; a view deeper than zoom 24 hides the map. */
  follow(view: PlanView): void;
  /** Show the offline map, the satellite imagery or the orthophoto (falls back to offline, saying why). */
  setBase(base: BaseKind, sources?: BaseSources): BaseMapSelection;
  /** false when WebGL failed: the map shows nothing and the plan carries on without it. */
  readonly available: boolean;
  destroy(): void;
}

/**
 * A non-interactive map in `container` (position it under the plan canvas, the same size; the map's
 * canvas fills it). Starts with the offline style.
 */
export function createBaseMap(container: HTMLElement, options: BaseMapOptions): BaseMap {
  const report = (key: BaseMapErrorKey, detail: string) => options.onError?.({ key, detail });
  let projection: PlanProjection;
  try {
    projection = createPlanProjection(options.origin);
  } catch (e) {
    report(BASE_MAP_ERRORS.badOrigin, e instanceof Error ? e.message : String(e));
    return unavailableMap(BASE_MAP_ERRORS.badOrigin);
  }
  const first = chooseBaseStyle('offline', {}, projection);
  let map: MaplibreMap;
  try {
    map = new MaplibreMap({
      container,
      style: first.style,
      interactive: false,
      attributionControl: false,
      center: options.origin,
      zoom: 18,
      minZoom: 0,
      maxZoom: MAX_MAP_ZOOM,
      maxPitch: 0,
      renderWorldCopies: false,
      fadeDuration: 0,
      trackResize: false,
    });
  } catch (e) {
    const detail = e instanceof GPUInitializationError ? `${e.message} ${e.statusMessage ?? ''}`.trim() : e instanceof Error ? e.message : String(e);
    report(BASE_MAP_ERRORS.webglUnavailable, detail);
    return unavailableMap(BASE_MAP_ERRORS.webglUnavailable);
  }

  // One report per kind for each base shown: a broken tile server fails on every tile.
  let reported = new Set<BaseMapErrorKey>();
  const reportOnce = (key: BaseMapErrorKey, detail: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    report(key, detail);
  };
  map.on('error', (ev: ErrorEvent & { sourceId?: string }) => {
    const detail = ev.error?.message ?? 'map error';
    if (ev.sourceId === SOURCE_IDS.satellite || ev.sourceId === SOURCE_IDS.satelliteLabels) reportOnce(BASE_MAP_ERRORS.tilesFailed, detail);
    else if (ev.sourceId === SOURCE_IDS.orthophoto) reportOnce(BASE_MAP_ERRORS.orthophotoFailed, detail);
  });
  map.on('webglcontextlost', () => reportOnce(BASE_MAP_ERRORS.webglLost, 'WebGL context lost'));
  options.onAttribution?.(first.attribution);

  let last: { lng: number; lat: number; zoom: number; width: number; height: number } | null = null;
  return {
    available: true,
    follow(view) {
      const canvas = map.getCanvas();
      // The container follows the plan canvas's size (the caller lays it out); keep the map's canvas on it.
      if (canvas.clientWidth !== container.clientWidth || canvas.clientHeight !== container.clientHeight) map.resize();
      const camera = planViewToCamera(view, projection);
      container.style.visibility = camera.exact ? '' : 'hidden';
      const { lng, lat } = camera.center;
      if (last && last.lng === lng && last.lat === lat && last.zoom === camera.zoom && last.width === view.width && last.height === view.height) return;
      last = { lng, lat, zoom: camera.zoom, width: view.width, height: view.height };
      map.jumpTo({ center: camera.center, zoom: camera.zoom, bearing: 0, pitch: 0 });
      // Draw now, in the plan's frame, so the map never trails the drawing by a frame.
      map.redraw();
    },
    setBase(base, sources = {}) {
      const choice = chooseBaseStyle(base, sources, projection);
      reported = new Set();
      map.setStyle(choice.style);
      options.onAttribution?.(choice.attribution);
      return { shown: choice.shown, fallback: choice.fallback };
    },
    destroy() {
      map.remove();
    },
  };
}

/** The stand-in when there is no map: the plan carries on over an empty container. */
function unavailableMap(why: BaseMapErrorKey): BaseMap {
  return {
    available: false,
    follow() {},
    setBase: () => ({ shown: 'offline', fallback: why }),
    destroy() {},
  };
}
