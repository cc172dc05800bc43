// The catalogue calls of spec 000 §7 "Catalogues and others": meteor/station (the climate stations:
// nearest to a point with distance and altitude difference, or by name and province), config/value (public configuration values), company/list (equipment manufacturers),
// bracket/list (mounting structures), power-load/type-list (consumption models), getActivity.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityListSchema,
  bracketListSchema,
  bracketQuery,
  companyListSchema,
  companyQuery,
  configKeyQuery,
  configValueListSchema,
} from '../../../model/catalogue/api.ts';
import { consumptionModelListSchema } from '../../../model/api/economics.ts';
import { bracketsFor } from '../../../model/catalogue/brackets.ts';
import { normalise } from '../../../model/catalogue/places.ts';
import { stationListSchema, stationQuery } from '../../../model/api/weather.ts';
import { stationTable } from '../../../weather/station-table.ts';
import { STATION_CITATION, STATION_CITATION_ZH } from '../../../weather/stations.ts';
import { configValues } from '../../catalogue/config-values.ts';
import { consumptionModels } from '../../economics/consumption-models.ts';
import { stationInfo } from '../../weather/station-info.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError, langOf } from '../../errors.ts';
import type { LibraryKind } from '../../library/library.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['catalogue'];

const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, catalogue, library } = app.services;

  app.get(
    '/meteor/station',
    {
      schema: {
        tags,
        summary: 'Climate stations (1,042 CMA stations, monthly means 1991–2017): nearest to lat/lng first with distance and altitude difference, or found by number, name (Chinese, English, pinyin) and province',
        security: SIGNED_IN,
        querystring: stationQuery,
        response: responses(stationListSchema),
      },
    },
    async (req) => {
      await sessions.require(req);
      const q = req.query;
      const table = stationTable();
      const at = q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng, elevation: q.elevation ?? null } : undefined;
      let stations;
      if (q.id) {
        const s = table.byStationId(q.id);
        if (!s) throw apiError('VALIDATION', { field: 'id', message: `unknown station ${q.id}` }, { field: 'id' });
        stations = [s];
      } else if (q.keyword || q.province) {
        stations = table.search(q.keyword ?? '', { province: q.province, limit: at ? table.size : (q.limit ?? 50) });
        if (at) stations = stations.map((s) => ({ s, d: stationInfo(s, at).distance ?? 0 })).sort((a, b) => a.d - b.d).slice(0, q.limit ?? 50).map((x) => x.s);
      } else if (at) {
        stations = table.nearest(at.lat, at.lng, q.limit ?? 10, at.elevation).map((d) => d.station);
      } else {
        stations = table.search('', { limit: q.limit ?? 50 });
      }
      const def = at ? table.defaultFor(at.lat, at.lng, at.elevation) : null;
      return ok({
        list: stations.map((s) => stationInfo(s, at)),
        defaultId: def?.station.id ?? null,
        pvgis: app.services.weather.pvgisConfigured,
        citation: STATION_CITATION,
        citationZh: STATION_CITATION_ZH,
      });
    },
  );

  app.get(
    '/config/value',
    {
      schema: {
        tags,
        summary: 'Public configuration values (grid types, share validity, screenshot and comparison limits, drone photos, code countdown …): one by key, or all',
        security: SIGNED_IN,
        querystring: configKeyQuery,
        response: responses(configValueListSchema),
      },
    },
    async (req) => {
      await sessions.require(req);
      const all = configValues(app.config);
      const key = req.query.key;
      if (key === undefined) return ok({ list: all });
      const one = all.filter((v) => v.key === key);
      if (one.length === 0) throw apiError('NOT_FOUND', {}, { field: 'key' });
      return ok({ list: one });
    },
  );

  app.get(
    '/company/list',
    {
      schema: {
        tags,
        summary: 'Equipment manufacturers of the module and inverter libraries (system and own), by type and enabled state',
        security: SIGNED_IN,
        querystring: companyQuery,
        response: responses(companyListSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const q = req.query;
      const kinds: LibraryKind[] = q.type ? [q.type] : ['module', 'inverter'];
      const word = q.keyword ? normalise(q.keyword) : '';
      const list = [];
      for (const kind of kinds) {
        for (const m of await library.manufacturers(user.id, kind, q.source)) {
          if (q.enabled !== undefined && m.enabled !== q.enabled) continue;
          if (word && !normalise(`${m.nameEn ?? ''} ${m.nameZh ?? ''}`).includes(word)) continue;
          list.push({ id: m.id, type: m.kind, source: m.source, nameEn: m.nameEn, nameZh: m.nameZh, enabled: m.enabled });
        }
      }
      return ok({ list });
    },
  );

  app.get(
    '/bracket/list',
    {
      schema: {
        tags,
        summary: 'Mounting-structure types of the PV layout with their tilt range, default tilt, orientation, rows per table, clearance, row-spacing rule and thermal model',
        security: SIGNED_IN,
        querystring: bracketQuery,
        response: responses(bracketListSchema),
      },
    },
    async (req) => {
      await sessions.require(req);
      return ok({ list: bracketsFor(req.query.surface) });
    },
  );

  app.get(
    '/power-load/type-list',
    {
      schema: {
        tags,
        summary: "Consumption models of the Load step (the product's types, then the BDEW standard load profiles) with their Chinese and English names, inputs and typical-day shapes",
        security: SIGNED_IN,
        response: responses(consumptionModelListSchema),
      },
    },
    async (req) => {
      await sessions.require(req);
      return ok({ list: consumptionModels() });
    },
  );

  app.get(
    '/getActivity',
    { schema: { tags, summary: 'Activities running now (none unless an operator configured some)', security: SIGNED_IN, response: responses(activityListSchema) } },
    async (req) => {
      await sessions.require(req);
      return ok({ list: await catalogue.activities.current(langOf(req.headers.lang)) });
    },
  );
};

export default catalogueRoutes;
