// The imagery the building step can show and the user's imagery setting, as the HTTP API carries them:
// GET /api/web/editor/config answers the source the editor's map uses (the signed-in user's setting,
// else the server's default from PVSTUDIO_SATELLITE_*), or null and an i18n key saying why there is
// none, so the product says so instead of showing an empty map; GET / PUT /api/web/editor/base-map read
// and save the signed-in user's setting. The presets, their URL templates and the resolution rules
// are src/model/base-map.ts.
import { z } from 'zod';
import {
  BASE_MAP_CHOICES,
  BASE_MAP_PRESETS,
  baseMapSettingSchema,
  resolveBaseMap,
  SATELLITE_UNAVAILABLE_REASONS,
  satelliteSourceSchema,
  serverBaseMapFrom,
  type BaseMapSetting,
  type SatelliteSettings,
  type ServerBaseMap,
} from '../base-map.ts';

export {
  DEFAULT_SATELLITE_MAXZOOM,
  DEFAULT_SATELLITE_TILE_SIZE,
  isValidTileTemplate,
  MAX_SOURCE_ZOOM,
  MAX_TEMPLATE_LENGTH,
  SATELLITE_UNAVAILABLE,
  satelliteSourceSchema,
  type SatelliteSettings,
  type SatelliteSource,
  type SatelliteUnavailableReason,
} from '../base-map.ts';

/** data of GET /api/web/editor/config. */
export const editorConfigSchema = z.object({
  /** The source the map shows as "satellite"; null: none usable (see satelliteUnavailable). */
  satellite: satelliteSourceSchema.nullable(),
  /** i18n key saying why there is no satellite imagery; null when there is. */
  satelliteUnavailable: z.enum(SATELLITE_UNAVAILABLE_REASONS).nullable(),
  /** The preset of the server's default, or null when the server has none. */
  serverDefault: z.enum(BASE_MAP_PRESETS).nullable(),
  /** The signed-in user's choice; null without a session (a shared project's viewer: the server's default). */
  choice: z.enum(BASE_MAP_CHOICES).nullable(),
});
export type EditorConfig = z.infer<typeof editorConfigSchema>;

/** data of GET /api/web/editor/base-map: the user's setting and what "server" means. */
export const baseMapAnswerSchema = z.object({
  setting: baseMapSettingSchema,
  serverDefault: z.enum(BASE_MAP_PRESETS).nullable(),
  /** Whether the server's default can be shown (a preset without its key cannot). */
  serverDefaultAvailable: z.boolean(),
});
export type BaseMapAnswer = z.infer<typeof baseMapAnswerSchema>;

/** The editor configuration of a user (null: no session) over the server's default. */
export function editorConfigFor(setting: BaseMapSetting | null, server: ServerBaseMap, signedIn = setting !== null): EditorConfig {
  const r = resolveBaseMap(setting, server);
  return { ...r, serverDefault: server.preset, choice: signedIn ? (setting?.choice ?? 'server') : null };
}

/** The editor configuration from the server's raw satellite settings alone (no user). */
export function editorConfigFrom(settings: SatelliteSettings): EditorConfig {
  return editorConfigFor(null, serverBaseMapFrom(settings), false);
}
