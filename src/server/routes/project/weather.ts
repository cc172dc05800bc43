// A project's weather and horizon (spec 000 §3 "weather station"; docs/PRODUCT.md "weather"): read what the
// project's calculations run on (station, distance, annual sums, citation, or why a replacement or
// the estimate is used), choose the source (the default station, another station, an uploaded file,
// PVGIS, the estimate) and the site elevation, upload an EPW / TMY3 / PVGIS file (kept with the
// project; 'format not recognised' naming the line otherwise), and set or upload the horizon profile.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProjectPatch } from '../../../model/api/projects.ts';
import { projectIdQuery, shareKeyQuery } from '../../../model/api/projects.ts';
import {
  HORIZON_FILE_MAX_BYTES,
  horizonSetBody,
  projectWeatherSchema,
  WEATHER_FILE_MAX_BYTES,
  weatherDocumentSchema,
  weatherSetBody,
  type WeatherDocument,
} from '../../../model/api/weather.ts';
import type { HorizonProfile } from '../../../model/horizon.ts';
import { decodeWeatherBytes } from '../../../weather/detect.ts';
import { parseHorizonFile } from '../../../weather/horizon-file.ts';
import { greatCircleKm } from '../../../weather/stations.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import type { ProjectRow } from '../../projects/rows.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { assertKnownStation } from '../../weather/station-info.ts';
import { userOwner } from '../../compute/compute.ts';
import { fixedEstimate } from '../../../model/compute-budget.ts';
import { multipartLimits, readFiles } from '../uploads.ts';
import { sharedProject } from './access.ts';

const tags = ['weather'];

const weatherRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartLimits(WEATHER_FILE_MAX_BYTES, 1));
  const { sessions, projects, documents, weather, compute } = app.services;

  /** The weather answer; its year's sums run on the compute pool as `owner`'s call (fixed cost: a year). */
  const describe = (row: ProjectRow, owner: string) => weather.describe(row, (spec) => compute.run((api) => api.weatherSummary(spec), { owner, estimate: fixedEstimate('weather') }));

  /** Changes the 'weather' document (locks the project; 404 when it is not the user's). */
  const changeDocument = (userId: number, projectId: number, change: (doc: WeatherDocument) => WeatherDocument) =>
    documents.change(userId, projectId, 'weather', undefined, (current) => {
      const parsed = weatherDocumentSchema.safeParse(current ?? {});
      return { data: change(parsed.success ? parsed.data : weatherDocumentSchema.parse({})), result: null };
    });

  const setStation = (userId: number, projectId: number, value: string) => projects.update(userId, { projectId, weatherStation: value } as ProjectPatch);

  const uploadText = async (req: Parameters<typeof readFiles>[0], maxBytes: number) => {
    const [file] = await readFiles(req, maxBytes);
    if (!file) throw apiError('UPLOAD_FAILED', { reason: 'no file was sent' }, { field: 'file' });
    return { text: decodeWeatherBytes(file.bytes), name: file.fileName ?? 'weather file', bytes: file.bytes.length };
  };

  app.get(
    '/project/weather',
    { schema: { tags, summary: "The project's weather: source, station, distance, annual and monthly sums, citation, horizon", security: SIGNED_IN, querystring: projectIdQuery, response: responses(projectWeatherSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await describe(await projects.row(user.id, req.query.projectId), userOwner(user.id)));
    },
  );

  app.get(
    '/project/weather-md5',
    { schema: { tags: ['share'], summary: "A shared project's weather (no sign-in)", querystring: shareKeyQuery, response: responses(projectWeatherSchema) } },
    async (req) => {
      const share = await sharedProject(app, req.query.shareKey);
      return ok(await describe(await projects.rowById(share.projectId), `ip:${req.ip}`));
    },
  );

  app.post(
    '/project/weather',
    {
      schema: {
        tags,
        summary: "Choose the project's weather ('auto', a station number, 'file', 'pvgis', 'estimate') and the site elevation",
        security: SIGNED_IN,
        body: weatherSetBody,
        response: responses(projectWeatherSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const { projectId, elevation } = req.body;
      const value = req.body.weatherStation === 'synthetic' ? 'auto' : req.body.weatherStation;
      assertKnownStation(value);
      await projects.row(user.id, projectId);
      if (value === 'file' && !(await weather.document(projectId)).file) {
        throw apiError('VALIDATION', { field: 'weatherStation', message: 'upload a weather file first' }, { field: 'weatherStation' });
      }
      if (elevation !== undefined) await changeDocument(user.id, projectId, (doc) => ({ ...doc, elevation }));
      return ok(await describe(await setStation(user.id, projectId, value).then(() => projects.row(user.id, projectId)), userOwner(user.id)), 'Saved');
    },
  );

  app.post(
    '/project/weather/upload',
    {
      schema: {
        tags,
        summary: 'Upload an EPW, TMY3 or PVGIS TMY (JSON, CSV, EPW) file as the project\'s weather (multipart, field file)',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        querystring: projectIdQuery,
        response: responses(projectWeatherSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const row = await projects.row(user.id, req.query.projectId);
      const file = await uploadText(req, WEATHER_FILE_MAX_BYTES);
      // Its size is bounded by WEATHER_FILE_MAX_BYTES: a fixed cost.
      const facts = await compute.run((api) => api.weatherFile(file.text), { owner: userOwner(user.id), estimate: fixedEstimate('weather') });
      const distanceKm = row.lat === null || row.lng === null ? null : Math.round(greatCircleKm(row.lat, row.lng, facts.latitude, facts.longitude) * 100) / 100;
      await documents.change(user.id, row.id, 'weather-file', undefined, () => ({ data: { text: file.text }, result: null }));
      await changeDocument(user.id, row.id, (doc) => ({
        ...doc,
        file: {
          name: file.name,
          format: facts.format,
          bytes: file.bytes,
          uploadedAt: new Date().toISOString(),
          siteName: facts.siteName,
          latitude: facts.latitude,
          longitude: facts.longitude,
          distanceKm,
        },
      }));
      await setStation(user.id, row.id, 'file');
      return ok(await describe(await projects.row(user.id, row.id), userOwner(user.id)), 'Upload succeeded');
    },
  );

  const saveHorizon = async (userId: number, projectId: number, profile: HorizonProfile | null, source: 'upload' | 'typed', name: string | null) => {
    await changeDocument(userId, projectId, (doc) => ({ ...doc, horizon: profile ? { profile: profile.map(([a, e]) => [a, e] as [number, number]), source, name, updatedAt: new Date().toISOString() } : null }));
    return describe(await projects.row(userId, projectId), userOwner(userId));
  };

  app.post(
    '/project/horizon',
    { schema: { tags, summary: "Set the project's horizon profile ([[azimuth, elevation]], compass degrees) or remove it (null)", security: SIGNED_IN, body: horizonSetBody, response: responses(projectWeatherSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await saveHorizon(user.id, req.body.projectId, req.body.profile, 'typed', null), 'Saved');
    },
  );

  app.post(
    '/project/horizon/upload',
    {
      schema: {
        tags,
        summary: 'Upload a horizon profile: PVGIS horizon JSON or CSV/text, or azimuth,elevation rows (multipart, field file)',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        querystring: projectIdQuery,
        response: responses(projectWeatherSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      await projects.row(user.id, req.query.projectId);
      const file = await uploadText(req, HORIZON_FILE_MAX_BYTES);
      let profile: HorizonProfile;
      try {
        profile = parseHorizonFile(file.text);
      } catch (e) {
        throw apiError('VALIDATION', { field: 'file', message: e instanceof Error ? e.message : String(e) }, { field: 'file' });
      }
      return ok(await saveHorizon(user.id, req.query.projectId, profile, 'upload', file.name), 'Upload succeeded');
    },
  );
};

export default weatherRoutes;
