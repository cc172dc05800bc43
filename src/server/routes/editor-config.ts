// The design editor's imagery (issue 18 item 5):
//   GET /api/web/editor/config    — the source the building step's map shows as "satellite": the
//                                   signed-in user's setting, else the server's default; or null and
//                                   the i18n key of the reason. Public, like /api/auth/providers: a
//                                   shared project's viewer (no session) sees the server's default.
//   GET /api/web/editor/base-map  — the signed-in user's imagery setting (keys included: they are the
//                                   user's own and the browser needs them in the tile URLs).
//   PUT /api/web/editor/base-map  — saves it (checked by src/model/base-map.ts baseMapSettingSchema).
//
// The server's default (environment, read once when the route is registered):
//   PVSTUDIO_SATELLITE_PRESET     tianditu | mapbox | esri | xyz (default xyz when _TILES is set, else none)
//   PVSTUDIO_SATELLITE_KEY        the Tianditu key or Mapbox token of the default
//   PVSTUDIO_SATELLITE_TILES      XYZ template (https://…/{z}/{x}/{y}.jpg), with
//   PVSTUDIO_SATELLITE_ATTRIBUTION, PVSTUDIO_SATELLITE_MAXZOOM (0–24, default 19),
//   PVSTUDIO_SATELLITE_TILE_SIZE (256 | 512, default 256).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { baseMapAnswerSchema, editorConfigFor, editorConfigSchema } from '../../model/api/editor.ts';
import { baseMapSettingSchema, DEFAULT_BASE_MAP_SETTING, SATELLITE_UNAVAILABLE, serverBaseMapFrom, type SatelliteSettings } from '../../model/base-map.ts';
import { readBaseMapSetting, saveBaseMapSetting } from '../accounts/user-settings.ts';
import { ok, responses } from '../envelope.ts';
import { SIGNED_IN } from '../plugins/openapi.ts';

type Env = Record<string, string | undefined>;

/** The raw satellite settings from the environment (validated by serverBaseMapFrom). */
export function satelliteSettingsFromEnv(env: Env = process.env): SatelliteSettings {
  return {
    preset: env.PVSTUDIO_SATELLITE_PRESET,
    key: env.PVSTUDIO_SATELLITE_KEY,
    tiles: env.PVSTUDIO_SATELLITE_TILES,
    attribution: env.PVSTUDIO_SATELLITE_ATTRIBUTION,
    maxzoom: env.PVSTUDIO_SATELLITE_MAXZOOM,
    tileSize: env.PVSTUDIO_SATELLITE_TILE_SIZE,
  };
}

const tags = ['design'];

const editorConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const server = serverBaseMapFrom(satelliteSettingsFromEnv());
  const reason = server.resolution.satelliteUnavailable;
  if (reason && reason !== SATELLITE_UNAVAILABLE.notConfigured) {
    app.log.warn({ reason }, 'PVSTUDIO_SATELLITE_* settings are invalid or incomplete: the server offers no default imagery');
  }
  const { sessions } = app.services;

  app.get(
    '/editor/config',
    {
      schema: {
        tags,
        summary: "The design editor's imagery: the signed-in user's choice or the server's default (XYZ raster tiles, attribution, max zoom), or null and the i18n key of the reason",
        response: responses(editorConfigSchema),
      },
    },
    async (req) => {
      const auth = await sessions.optional(req);
      if (!auth || auth.session.scope !== 'full') return ok(editorConfigFor(null, server, false));
      return ok(editorConfigFor(await readBaseMapSetting(app.db, auth.user.id), server, true));
    },
  );

  const answer = (setting: typeof DEFAULT_BASE_MAP_SETTING) => ok({ setting, serverDefault: server.preset, serverDefaultAvailable: server.resolution.satellite !== null });

  app.get(
    '/editor/base-map',
    {
      schema: {
        tags,
        summary: "The signed-in user's imagery setting (preset, Tianditu key, Mapbox token, custom XYZ source) and the server's default preset",
        security: SIGNED_IN,
        response: responses(baseMapAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return answer((await readBaseMapSetting(app.db, user.id)) ?? DEFAULT_BASE_MAP_SETTING);
    },
  );

  app.put(
    '/editor/base-map',
    {
      schema: {
        tags,
        summary: "Saves the signed-in user's imagery setting; a preset needs its key (Tianditu) or token (Mapbox), a custom source a valid XYZ template",
        security: SIGNED_IN,
        body: baseMapSettingSchema,
        response: responses(baseMapAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      await saveBaseMapSetting(app.db, user.id, req.body);
      return answer(req.body);
    },
  );
};

export default editorConfigRoutes;
