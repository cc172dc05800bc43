// The imagery a designer traces on in the building step: presets of real satellite services, each with
// its tile URL template, attribution and deepest zoom, and a user's setting choosing one (stored on the
// server per user; "server" takes the server's default, configured by PVSTUDIO_SATELLITE_*).
//
//   tianditu — 天地图 (National Platform for Common GeoSpatial Information Services) imagery `img_w`
//              with its place-name overlay `cia_w`, Web Mercator WMTS tiles on t0…t7.tianditu.gov.cn,
//              the user's key as `tk` (a free key from console.tianditu.gov.cn). CGCS2000 ≈ WGS 84:
//              no GCJ-02 offset, so the imagery lies where the plan's lat/lon says.
//   mapbox   — Mapbox Satellite raster tiles (v4 `mapbox.satellite`), the user's access token.
//   esri     — Esri World Imagery (ArcGIS Online), no key; Esri's terms of use apply.
//   xyz      — any XYZ raster template ({z}, {x}, {y}) with its own attribution and deepest zoom.
//
// Pure (zod only): the server resolves a user's setting into a source for the editor's map
// (src/server/routes/editor-config.ts); the web app's settings form validates with the same schema.
import { z } from 'zod';

export const BASE_MAP_PRESETS = ['tianditu', 'mapbox', 'esri', 'xyz'] as const;
export type BaseMapPreset = (typeof BASE_MAP_PRESETS)[number];

/** A user's choice: the server's default, no imagery, or one preset. */
export const BASE_MAP_CHOICES = ['server', 'off', ...BASE_MAP_PRESETS] as const;
export type BaseMapChoice = (typeof BASE_MAP_CHOICES)[number];

/** Why no satellite imagery is shown (i18n keys of the editor catalogue). */
export const SATELLITE_UNAVAILABLE = {
  /** The user takes the server's default and the server has none (PVSTUDIO_SATELLITE_* unset). */
  notConfigured: 'editor.map.satelliteNotConfigured',
  /** An XYZ template that is not an http(s) URL with {z}, {x} and {y}, or uses a placeholder maplibre does not fill. */
  invalidTemplate: 'editor.map.satelliteInvalidTemplate',
  /** PVSTUDIO_SATELLITE_MAXZOOM, _TILE_SIZE or _PRESET is not a valid value. */
  invalidSettings: 'editor.map.satelliteInvalidSettings',
  /** Tianditu chosen without a key. */
  tiandituKeyMissing: 'editor.map.tiandituKeyMissing',
  /** Mapbox chosen without an access token. */
  mapboxTokenMissing: 'editor.map.mapboxTokenMissing',
  /** The user chose no imagery. */
  off: 'editor.map.satelliteOff',
} as const;
export type SatelliteUnavailableReason = (typeof SATELLITE_UNAVAILABLE)[keyof typeof SATELLITE_UNAVAILABLE];
export const SATELLITE_UNAVAILABLE_REASONS = Object.values(SATELLITE_UNAVAILABLE) as [SatelliteUnavailableReason, ...SatelliteUnavailableReason[]];

/** Deepest zoom a source may declare (maplibre's camera limit). */
export const MAX_SOURCE_ZOOM = 24;
/** Defaults of an XYZ source: most XYZ imagery has 256-px tiles down to zoom 19. */
export const DEFAULT_SATELLITE_MAXZOOM = 19;
export const DEFAULT_SATELLITE_TILE_SIZE = 256;
/** Longest template accepted [characters]. */
export const MAX_TEMPLATE_LENGTH = 2000;
/** Longest attribution accepted [characters]. */
export const MAX_ATTRIBUTION_LENGTH = 500;

/** The presets' fixed facts: attribution their terms require, deepest zoom with tiles, tile size [px]. */
export const PRESET_FACTS = {
  tianditu: { attribution: '© 天地图 Tianditu — 国家地理信息公共服务平台', maxzoom: 18, tileSize: 256 },
  mapbox: { attribution: '© Mapbox © Maxar', maxzoom: 22, tileSize: 256 },
  esri: { attribution: 'Esri, Maxar, Earthstar Geographics, and the GIS User Community', maxzoom: 19, tileSize: 256 },
} as const satisfies Record<Exclude<BaseMapPreset, 'xyz'>, { attribution: string; maxzoom: number; tileSize: 256 | 512 }>;

/** Tianditu's tile hosts t0 … t7 (maplibre spreads the requests over them). */
export const TIANDITU_HOSTS = 8;

/**
 * Tianditu's WMTS GetTile URLs in Web Mercator (TILEMATRIXSET=w) for a layer: `img` the imagery,
 * `cia` the place-name annotation drawn over it. One URL per host; {z}/{y}/{x} are maplibre's.
 */
export function tiandituTiles(layer: 'img' | 'cia', key: string): string[] {
  const tk = encodeURIComponent(key);
  return Array.from(
    { length: TIANDITU_HOSTS },
    (_, n) =>
      `https://t${n}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${tk}`,
  );
}

/** Mapbox Satellite raster tiles (JPEG at 90 % quality; {ratio} asks for @2x tiles on high-density screens). */
export function mapboxSatelliteTiles(token: string): string[] {
  return [`https://api.mapbox.com/v4/mapbox.satellite/{z}/{x}/{y}{ratio}.jpg90?access_token=${encodeURIComponent(token)}`];
}

/** Esri World Imagery (note the row before the column). */
export const ESRI_WORLD_IMAGERY_TILES = ['https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'];

/** The placeholders maplibre fills in raster tile URLs ({z}/{x}/{y} required; the rest optional). */
const REQUIRED_PLACEHOLDERS = ['z', 'x', 'y'] as const;
const KNOWN_PLACEHOLDERS = new Set<string>([...REQUIRED_PLACEHOLDERS, 'ratio', 'prefix', 'quadkey', 'bbox-epsg-3857']);

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

const tileSizeSchema = z.union([z.literal(256), z.literal(512)]);
const zoomSchema = z.number().int().min(0).max(MAX_SOURCE_ZOOM);
const tileUrlSchema = z.string().min(1).max(MAX_TEMPLATE_LENGTH + 600);

/** A usable raster source for the map: imagery tiles, an optional label overlay, attribution and zoom. */
export const satelliteSourceSchema = z.object({
  /** Which preset it comes from. */
  preset: z.enum(BASE_MAP_PRESETS),
  /** Imagery tile URL templates (one per host). */
  tiles: z.array(tileUrlSchema).min(1).max(TIANDITU_HOSTS),
  /** Place-name overlay drawn above the imagery (Tianditu `cia`); empty: none. */
  labels: z.array(tileUrlSchema).max(TIANDITU_HOSTS),
  /** Attribution the imagery's terms require (plain text; may be empty for a custom source). */
  attribution: z.string().max(MAX_ATTRIBUTION_LENGTH),
  /** Deepest zoom the source has tiles for [-]; the map over-zooms past it. */
  maxzoom: zoomSchema,
  /** Tile size [px]. */
  tileSize: tileSizeSchema,
});
export type SatelliteSource = z.infer<typeof satelliteSourceSchema>;

/** The custom XYZ source of a setting. */
export const xyzSettingSchema = z.object({
  tiles: z.string().trim().max(MAX_TEMPLATE_LENGTH),
  attribution: z.string().trim().max(MAX_ATTRIBUTION_LENGTH),
  maxzoom: zoomSchema,
  tileSize: tileSizeSchema,
});
export type XyzSetting = z.infer<typeof xyzSettingSchema>;

/** i18n keys of the setting's field errors (the `user` catalogue). */
export const BASE_MAP_FIELD_ERRORS = {
  tiandituKey: 'user.baseMap.tiandituKeyRequired',
  tiandituKeyFormat: 'user.baseMap.tiandituKeyFormat',
  mapboxToken: 'user.baseMap.mapboxTokenRequired',
  mapboxTokenFormat: 'user.baseMap.mapboxTokenFormat',
  xyzTiles: 'user.baseMap.xyzTemplateInvalid',
} as const;

/** A user's imagery setting. Keys of presets not chosen are kept (switching back needs no retyping). */
export const baseMapSettingSchema = z
  .object({
    choice: z.enum(BASE_MAP_CHOICES),
    /** Tianditu key (32 hexadecimal characters as issued; letters and digits accepted). */
    tiandituKey: z.string().trim().max(64).regex(/^[A-Za-z0-9]*$/, BASE_MAP_FIELD_ERRORS.tiandituKeyFormat),
    /** Mapbox access token (pk.… : letters, digits, '.', '_' and '-'). */
    mapboxToken: z.string().trim().max(400).regex(/^[A-Za-z0-9._-]*$/, BASE_MAP_FIELD_ERRORS.mapboxTokenFormat),
    xyz: xyzSettingSchema,
  })
  .superRefine((s, ctx) => {
    if (s.choice === 'tianditu' && !s.tiandituKey) ctx.addIssue({ code: 'custom', path: ['tiandituKey'], message: BASE_MAP_FIELD_ERRORS.tiandituKey });
    if (s.choice === 'mapbox' && !s.mapboxToken) ctx.addIssue({ code: 'custom', path: ['mapboxToken'], message: BASE_MAP_FIELD_ERRORS.mapboxToken });
    if (s.choice === 'xyz' && !isValidTileTemplate(s.xyz.tiles)) ctx.addIssue({ code: 'custom', path: ['xyz', 'tiles'], message: BASE_MAP_FIELD_ERRORS.xyzTiles });
  });
export type BaseMapSetting = z.infer<typeof baseMapSettingSchema>;

/** The setting of a user who never saved one: the server's default. */
export const DEFAULT_BASE_MAP_SETTING: BaseMapSetting = {
  choice: 'server',
  tiandituKey: '',
  mapboxToken: '',
  xyz: { tiles: '', attribution: '', maxzoom: DEFAULT_SATELLITE_MAXZOOM, tileSize: DEFAULT_SATELLITE_TILE_SIZE },
};

/** A source, or null and why there is none. */
export type SatelliteResolution = { satellite: SatelliteSource; satelliteUnavailable: null } | { satellite: null; satelliteUnavailable: SatelliteUnavailableReason };

const none = (reason: SatelliteUnavailableReason): SatelliteResolution => ({ satellite: null, satelliteUnavailable: reason });
const some = (satellite: SatelliteSource): SatelliteResolution => ({ satellite, satelliteUnavailable: null });

/** The source of one preset with the given key / token / XYZ settings, or why it cannot be used. */
export function presetSource(preset: BaseMapPreset, keys: { key?: string; xyz?: XyzSetting }): SatelliteResolution {
  const key = keys.key?.trim() ?? '';
  switch (preset) {
    case 'tianditu':
      if (!key) return none(SATELLITE_UNAVAILABLE.tiandituKeyMissing);
      return some({ preset, tiles: tiandituTiles('img', key), labels: tiandituTiles('cia', key), ...PRESET_FACTS.tianditu });
    case 'mapbox':
      if (!key) return none(SATELLITE_UNAVAILABLE.mapboxTokenMissing);
      return some({ preset, tiles: mapboxSatelliteTiles(key), labels: [], ...PRESET_FACTS.mapbox });
    case 'esri':
      return some({ preset, tiles: [...ESRI_WORLD_IMAGERY_TILES], labels: [], ...PRESET_FACTS.esri });
    case 'xyz': {
      const x = keys.xyz;
      const tiles = x?.tiles.trim() ?? '';
      if (!x || !tiles) return none(SATELLITE_UNAVAILABLE.notConfigured);
      if (!isValidTileTemplate(tiles)) return none(SATELLITE_UNAVAILABLE.invalidTemplate);
      const parsed = satelliteSourceSchema.safeParse({ preset, tiles: [tiles], labels: [], attribution: x.attribution.trim(), maxzoom: x.maxzoom, tileSize: x.tileSize });
      return parsed.success ? some(parsed.data) : none(SATELLITE_UNAVAILABLE.invalidSettings);
    }
  }
}

/** The server's default imagery: a preset (or none) and its source or the reason it has none. */
export interface ServerBaseMap {
  readonly preset: BaseMapPreset | null;
  readonly resolution: SatelliteResolution;
}

/** The raw server settings as configured (environment variables are strings; absent or blank = unset). */
export interface SatelliteSettings {
  /** tianditu | mapbox | esri | xyz; default xyz when `tiles` is set, else none. */
  preset?: string;
  /** Tianditu key or Mapbox token of the server's default. */
  key?: string;
  tiles?: string;
  attribution?: string;
  maxzoom?: string;
  tileSize?: string;
}

function integerSetting(raw: string | undefined, fallback: number): number | null {
  const s = raw?.trim();
  if (!s) return fallback;
  return /^\d+$/.test(s) ? Number(s) : null;
}

/** The server's default from its raw settings. */
export function serverBaseMapFrom(settings: SatelliteSettings): ServerBaseMap {
  const named = settings.preset?.trim().toLowerCase();
  const tiles = settings.tiles?.trim() ?? '';
  if (!named && !tiles) return { preset: null, resolution: none(SATELLITE_UNAVAILABLE.notConfigured) };
  const preset = (named || 'xyz') as BaseMapPreset;
  if (!(BASE_MAP_PRESETS as readonly string[]).includes(preset)) return { preset: null, resolution: none(SATELLITE_UNAVAILABLE.invalidSettings) };
  if (preset !== 'xyz') return { preset, resolution: presetSource(preset, { key: settings.key }) };
  if (!tiles) return { preset, resolution: none(SATELLITE_UNAVAILABLE.notConfigured) };
  if (!isValidTileTemplate(tiles)) return { preset, resolution: none(SATELLITE_UNAVAILABLE.invalidTemplate) };
  const maxzoom = integerSetting(settings.maxzoom, DEFAULT_SATELLITE_MAXZOOM);
  const tileSize = integerSetting(settings.tileSize, DEFAULT_SATELLITE_TILE_SIZE);
  const xyz = xyzSettingSchema.safeParse({ tiles, attribution: settings.attribution?.trim() ?? '', maxzoom, tileSize });
  if (!xyz.success) return { preset, resolution: none(SATELLITE_UNAVAILABLE.invalidSettings) };
  return { preset, resolution: presetSource('xyz', { xyz: xyz.data }) };
}

/** The imagery a user sees: their setting resolved, with "server" (or no setting) taking the server's default. */
export function resolveBaseMap(setting: BaseMapSetting | null, server: ServerBaseMap): SatelliteResolution {
  const choice = setting?.choice ?? 'server';
  if (choice === 'server' || !setting) return server.resolution;
  if (choice === 'off') return none(SATELLITE_UNAVAILABLE.off);
  return presetSource(choice, { key: choice === 'tianditu' ? setting.tiandituKey : choice === 'mapbox' ? setting.mapboxToken : undefined, xyz: setting.xyz });
}
