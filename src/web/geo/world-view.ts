// The plain world map of the Information step (maplibre-gl is not installed): an equirectangular
// view (x ∝ longitude, y ∝ −latitude) with zoom and pan, drawn on a canvas from the gazetteer's city
// points. Pure transforms; the hook draws.

export interface WorldView {
  /** Map centre [°]. */
  lon: number;
  lat: number;
  /** Pixels per degree. */
  scale: number;
}

export const MIN_SCALE_OF_WIDTH = 1 / 360;
export const MAX_SCALE = 4000;

/** The whole world in a `width` [px] wide canvas. */
export function worldView(width: number): WorldView {
  return { lon: 0, lat: 0, scale: width / 360 };
}

/** Canvas pixel of (lon, lat). */
export function toPixel(v: WorldView, width: number, height: number, lon: number, lat: number): [number, number] {
  return [width / 2 + (lon - v.lon) * v.scale, height / 2 - (lat - v.lat) * v.scale];
}

/** (lon, lat) of a canvas pixel, clamped to the world. */
export function toLonLat(v: WorldView, width: number, height: number, x: number, y: number): [number, number] {
  const lon = v.lon + (x - width / 2) / v.scale;
  const lat = v.lat - (y - height / 2) / v.scale;
  return [Math.max(-180, Math.min(180, lon)), Math.max(-90, Math.min(90, lat))];
}

/** Zoom by `factor` keeping the point under (x, y) in place. */
export function zoomAt(v: WorldView, width: number, height: number, x: number, y: number, factor: number): WorldView {
  const scale = Math.max(width / 360, Math.min(MAX_SCALE, v.scale * factor));
  const [lon, lat] = toLonLat(v, width, height, x, y);
  // keep (lon, lat) at (x, y): centre = point − offset / scale
  return clampView({ scale, lon: lon - (x - width / 2) / scale, lat: lat + (y - height / 2) / scale });
}

/** Pan by (dx, dy) pixels. */
export function panBy(v: WorldView, dx: number, dy: number): WorldView {
  return clampView({ ...v, lon: v.lon - dx / v.scale, lat: v.lat + dy / v.scale });
}

/** Centre on (lon, lat) at `scale`. */
export function centreOn(lon: number, lat: number, scale: number): WorldView {
  return clampView({ lon, lat, scale });
}

function clampView(v: WorldView): WorldView {
  return { scale: v.scale, lon: Math.max(-180, Math.min(180, v.lon)), lat: Math.max(-90, Math.min(90, v.lat)) };
}
