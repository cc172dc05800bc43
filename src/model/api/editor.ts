// The satellite imagery the building step can show (PRODUCT.md "Real components behind outside
// services": map imagery = any XYZ raster source configured by URL; nothing configured = the offline
// style). The server reads the settings (src/server/routes/editor-config.ts) and answers them with
// GET /api/web/editor/config; the web app builds its raster style from the answer. When there is no
// usable source the answer carries an i18n key saying why, so the product says so instead of
// showing an empty map.
//
// Shared by the server and the web app: pure (zod only). It belongs with the API schemas in
// src/model/api/ (see the helper's report); it lives here until the lead moves it.
import { z } from 'zod';

/** Why no satellite imagery is offered (i18n keys of the editor catalogue). */
export const SATELLITE_UNAVAILABLE = {
  /** PVSTUDIO_SATELLITE_TILES is not set. */
  notConfigured: 'editor.map.satelliteNotConfigured',
  /** The template is not an http(s) URL with {z}, {x} and {y}, or uses a placeholder maplibre does not fill. */
  invalidTemplate: 'editor.map.satelliteInvalidTemplate',
  /** PVSTUDIO_SATELLITE_MAXZOOM or PVSTUDIO_SATELLITE_TILE_SIZE is not a valid value. */
  invalidSettings: 'editor.map.satelliteInvalidSettings',
} as const;
export type SatelliteUnavailableReason = (typeof SATELLITE_UNAVAILABLE)[keyof typeof SATELLITE_UNAVAILABLE];

/** Deepest zoom a source may declare (maplibre's camera limit). */
export const MAX_SOURCE_ZOOM = 24;
/** Defaults of the optional settings: most XYZ imagery has 256-px tiles down to zoom 19. */
export const DEFAULT_SATELLITE_MAXZOOM = 19;
export const DEFAULT_SATELLITE_TILE_SIZE = 256;
/** Longest template accepted [characters]. */
export const MAX_TEMPLATE_LENGTH = 2000;

/** The placeholders maplibre fills in raster tile URLs ({z}/{x}/{y} required; the rest optional). */
const REQUIRED_PLACEHOLDERS = ['z', 'x', 'y'] as const;
const KNOWN_PLACEHOLDERS = new Set<string>([...REQUIRED_PLACEHOLDERS, 'ratio', 'prefix', 'quadkey', 'bbox-epsg-3857']);

/** A usable XYZ raster source. */
export const satelliteSourceSchema = z.object({
  /** Tile URL template, http(s), with {z}, {x} and {y}. */
  tiles: z.string().min(1).max(MAX_TEMPLATE_LENGTH),
  /** Attribution the imagery's licence requires (plain text; may be empty). */
  attribution: z.string().max(500),
  /** Deepest zoom the source has tiles for [-]; the map over-zooms past it. */
  maxzoom: z.number().int().min(0).max(MAX_SOURCE_ZOOM),
  /** Tile size [px]. */
  tileSize: z.union([z.literal(256), z.literal(512)]),
});
export type SatelliteSource = z.infer<typeof satelliteSourceSchema>;

/** data of GET /api/web/editor/config. */
export const editorConfigSchema = z.object({
  /** The configured satellite source; null: none usable (see satelliteUnavailable). */
  satellite: satelliteSourceSchema.nullable(),
  /** i18n key saying why there is no satellite imagery; null when there is. */
  satelliteUnavailable: z.enum([SATELLITE_UNAVAILABLE.notConfigured, SATELLITE_UNAVAILABLE.invalidTemplate, SATELLITE_UNAVAILABLE.invalidSettings]).nullable(),
});
export type EditorConfig = z.infer<typeof editorConfigSchema>;

/** The raw settings as configured (environment variables are strings; absent or blank = unset). */
export interface SatelliteSettings {
  tiles?: string;
  attribution?: string;
  maxzoom?: string;
  tileSize?: string;
}

/**
 * Whether `template` is a tile URL maplibre can fill: http or https, a host, and each of {z}, {x}, {y};
 * any other {placeholder} must be one maplibre knows ({ratio}, {prefix}, {quadkey}, {bbox-epsg-3857}),
 * so a Leaflet-style {s} is refused instead of producing broken requests.
 */
export function isValidTileTemplate(template: string): boolean {
  if (template.length === 0 || template.length > MAX_TEMPLATE_LENGTH) return false;
  const placeholders = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  if (placeholders.some((p) => !KNOWN_PLACEHOLDERS.has(p))) return false;
  if (REQUIRED_PLACEHOLDERS.some((p) => !placeholders.includes(p))) return false;
  // A written host (placeholders alone, e.g. "https:///{z}/…", would make the zoom the host name).
  const authority = /^https?:\/\/([^/?#]+)/i.exec(template)?.[1] ?? '';
  if (authority.replace(/\{[^{}]*\}/g, '').replace(/[.-]/g, '').length === 0) return false;
  try {
    new URL(template.replace(/\{[^{}]*\}/g, '0'));
  } catch {
    return false;
  }
  return true;
}

function integerSetting(raw: string | undefined, fallback: number): number | null {
  const s = raw?.trim();
  if (!s) return fallback;
  return /^\d+$/.test(s) ? Number(s) : null;
}

/** The editor configuration from the raw satellite settings: a source, or null and the reason. */
export function editorConfigFrom(settings: SatelliteSettings): EditorConfig {
  const tiles = settings.tiles?.trim();
  if (!tiles) return { satellite: null, satelliteUnavailable: SATELLITE_UNAVAILABLE.notConfigured };
  if (!isValidTileTemplate(tiles)) return { satellite: null, satelliteUnavailable: SATELLITE_UNAVAILABLE.invalidTemplate };
  const parsed = satelliteSourceSchema.safeParse({
    tiles,
    attribution: settings.attribution?.trim() ?? '',
    maxzoom: integerSetting(settings.maxzoom, DEFAULT_SATELLITE_MAXZOOM),
    tileSize: integerSetting(settings.tileSize, DEFAULT_SATELLITE_TILE_SIZE),
  });
  if (!parsed.success) return { satellite: null, satelliteUnavailable: SATELLITE_UNAVAILABLE.invalidSettings };
  return { satellite: parsed.data, satelliteUnavailable: null };
}
