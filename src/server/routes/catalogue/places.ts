// Place search for the Information step (spec 001 §7 GET /api/web/project/get/citys; spec 000 §7
// "Services: poi-location-search"): cities of the offline gazetteer by keyword or nearest a point,
// the map's land cells and city labels, and the place search by keyword (online geocoder when configured).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { cityCellsQuery, cityCellsSchema, cityListSchema, citiesQuery, mapCitiesQuery, mapCitiesSchema, poiListSchema, poiQuery } from '../../../model/catalogue/api.ts';
import { ok, responses } from '../../envelope.ts';
import { langOf } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['catalogue'];

const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions, catalogue } = app.services;

  app.get(
    '/project/get/citys',
    {
      schema: {
        tags,
        summary: 'Cities of the offline gazetteer (world and Chinese, Chinese names for China) by keyword, or nearest a point (lng + lat), with province, country, lat, lng',
        security: SIGNED_IN,
        querystring: citiesQuery,
        response: responses(cityListSchema),
      },
    },
    async (req) => {
      await sessions.require(req);
      return ok({ list: await catalogue.places.cities(req.query) });
    },
  );

  app.get(
    '/project/get/city-cells',
    {
      schema: {
        tags,
        summary: 'The grid cells holding at least one gazetteer city (the dots of the Information step’s world map)',
        security: SIGNED_IN,
        querystring: cityCellsQuery,
        response: responses(cityCellsSchema),
      },
    },
    async (req) => {
      await sessions.require(req);
      return ok({ cellDeg: req.query.cellDeg, cells: await catalogue.places.cells(req.query.cellDeg) });
    },
  );

  app.get(
    '/project/get/map-cities',
    {
      schema: {
        tags,
        summary: 'The gazetteer cities to label on the Information step’s offline map: those in a box, at most one per cellDeg cell (larger Chinese cities first)',
        security: SIGNED_IN,
        querystring: mapCitiesQuery,
        response: responses(mapCitiesSchema),
      },
    },
    async (req) => {
      await sessions.require(req);
      return ok({ list: await catalogue.places.mapCities(req.query) });
    },
  );

  const poiSummary = 'Places by keyword (name, address, lng, lat): the online geocoder (Nominatim API) when configured, else the offline gazetteer — `provider` and `notice` say which';
  const poi = async (lang: string | string[] | undefined, q: z.output<typeof poiQuery>) =>
    ok(await catalogue.places.poi(q.keyword, q.limit, langOf(lang), q.country));
  app.get(
    '/project/poi-location-search',
    { schema: { tags, summary: poiSummary, security: SIGNED_IN, querystring: poiQuery, response: responses(poiListSchema) } },
    async (req) => {
      await sessions.require(req);
      return poi(req.headers.lang, req.query);
    },
  );
  app.post(
    '/project/poi-location-search',
    { schema: { tags, summary: poiSummary, security: SIGNED_IN, body: poiQuery, response: responses(poiListSchema) } },
    async (req) => {
      await sessions.require(req);
      return poi(req.headers.lang, req.body);
    },
  );
};

export default placeRoutes;
