// GET /api/web/editor/config: the design editor's server-side settings — the XYZ satellite source of
// the building step (PRODUCT.md: map imagery = any XYZ raster source configured by URL; embedded
// default: the offline style), or null and an i18n key saying why there is none. Public, like
// /api/auth/providers: a shared project's viewer (no session) sees the same map.
//
// Environment: PVSTUDIO_SATELLITE_TILES (https://…/{z}/{x}/{y}.jpg), PVSTUDIO_SATELLITE_ATTRIBUTION,
// PVSTUDIO_SATELLITE_MAXZOOM (0–24, default 19), PVSTUDIO_SATELLITE_TILE_SIZE (256 | 512, default 256).
// They are read once when the route is registered (satelliteSettingsFromEnv; its place is
// src/server/config.ts's loadConfig when AppConfig gains a `satellite` field).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editorConfigFrom, editorConfigSchema, SATELLITE_UNAVAILABLE, type SatelliteSettings } from '../../model/api/editor.ts';
import { ok, responses } from '../envelope.ts';

type Env = Record<string, string | undefined>;

/** The raw satellite settings from the environment (validated by editorConfigFrom). */
export function satelliteSettingsFromEnv(env: Env = process.env): SatelliteSettings {
  return {
    tiles: env.PVSTUDIO_SATELLITE_TILES,
    attribution: env.PVSTUDIO_SATELLITE_ATTRIBUTION,
    maxzoom: env.PVSTUDIO_SATELLITE_MAXZOOM,
    tileSize: env.PVSTUDIO_SATELLITE_TILE_SIZE,
  };
}

const editorConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = editorConfigFrom(satelliteSettingsFromEnv());
  if (config.satelliteUnavailable && config.satelliteUnavailable !== SATELLITE_UNAVAILABLE.notConfigured) {
    app.log.warn({ reason: config.satelliteUnavailable }, 'PVSTUDIO_SATELLITE_* settings are invalid: the editor offers no satellite imagery');
  }

  app.get(
    '/editor/config',
    {
      schema: {
        tags: ['design'],
        summary: 'The design editor settings: the XYZ satellite source, or null and the i18n key of the reason',
        response: responses(editorConfigSchema),
      },
    },
    async () => ok(config),
  );
};

export default editorConfigRoutes;
