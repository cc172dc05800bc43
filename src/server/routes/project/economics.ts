// The Load, storage and Economy steps' calls under /api/web (issue 16; spec 000 §5, §7
// energyStorage recommend; spec 001 §4, §7 get/update-powerLoadConfig-page): the Load step's document
// with its chart (and the -md5 read with a share key), its save that clears a configured storage only
// when told to, the xlsx load upload, the storage recommendation and the economics run. The other
// documents of these steps ('energy-storage', 'economic', 'advanced-economic') and the stored result
// ('economics-result') are read and saved by the design routes (design.ts), validated by their schemas.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordId } from '../../../model/api/common.ts';
import {
  economicsRunAnswerSchema,
  economicsRunBody,
  LOAD_FILE_MAX_BYTES,
  loadUploadAnswerSchema,
  loadUploadQuery,
  powerLoadReadSchema,
  powerLoadSavedSchema,
  powerLoadSaveBody,
  storageRecommendAnswerSchema,
  storageRecommendBody,
} from '../../../model/api/economics.ts';
import { DESIGN_DOCUMENT_MAX } from '../../../model/api/design.ts';
import { projectIdQuery, shareKeyQuery } from '../../../model/api/projects.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { loadChart } from '../../economics/load-chart.ts';
import { readLoadFile } from '../../economics/load-upload.ts';
import { readPowerLoad, savePowerLoad } from '../../economics/power-load.ts';
import { recommendForProject } from '../../economics/recommend.ts';
import { runEconomics } from '../../economics/run-economics.ts';
import { multipartLimits, readFiles } from '../uploads.ts';
import { ownProject, sharedProject } from './access.ts';

const tags = ['economics'];
const keyQuery = shareKeyQuery.extend({ projectId: recordId.optional().describe('when sent, must be the shared project') });

const economicsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, multipartLimits(LOAD_FILE_MAX_BYTES, 1));
  const { sessions } = app.services;

  app.get(
    '/project/get-powerLoadConfig-page',
    {
      schema: {
        tags,
        summary: "Read the Load step's document ('power-load') with the chart of its year: monthly totals, the mean day of each month, the peak",
        security: SIGNED_IN,
        querystring: projectIdQuery,
        response: responses(powerLoadReadSchema),
      },
    },
    async (req) => {
      const { projectId } = await ownProject(app, req, req.query.projectId);
      return ok(await readPowerLoad(app, projectId));
    },
  );

  app.get(
    '/project/get-powerLoadConfig-page-md5',
    { schema: { tags: ['share'], summary: "Read with a share key (no sign-in): the Load step's document and its chart", querystring: keyQuery, response: responses(powerLoadReadSchema) } },
    async (req) => {
      const share = await sharedProject(app, req.query.shareKey, req.query.projectId);
      return ok(await readPowerLoad(app, share.projectId));
    },
  );

  app.post(
    '/project/update-powerLoadConfig-page',
    {
      bodyLimit: DESIGN_DOCUMENT_MAX + 64 * 1024,
      schema: {
        tags,
        summary: "Save the Load step's document ('power-load'): a consumption model and the annual (or monthly) consumption, or an uploaded table",
        description:
          'version: the version this save is based on (0 for the first save); a stale version answers 409 STALE_VERSION. Changing the load while an enabled energy storage is stored answers 409 LOAD_CLEARS_STORAGE (field clearStorage) and changes nothing; with clearStorage: true the load is saved and the storage cleared in one transaction.',
        security: SIGNED_IN,
        body: powerLoadSaveBody,
        response: responses(powerLoadSavedSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const { projectId, version, data, clearStorage } = req.body;
      return ok(await savePowerLoad(app, user.id, projectId, version, data, clearStorage === true), 'Saved');
    },
  );

  app.post(
    '/project/power-load/upload',
    {
      bodyLimit: LOAD_FILE_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Read a load file (multipart, field file; xlsx): 8760 hourly values, 35,040 quarter hours, 12 × 24, 365 × 24, or 24 / 96 values of a day',
        description:
          "Answers the 'power-load' document of the file and its chart; with `version` it is also saved as update-powerLoadConfig-page saves it (clearStorage likewise). 'Please upload a file in xlsx format' for anything else; the first bad cell is named by its row and column.",
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        querystring: loadUploadQuery,
        response: responses(loadUploadAnswerSchema),
      },
    },
    async (req) => {
      const { userId, projectId } = await ownProject(app, req, req.query.projectId);
      const [file] = await readFiles(req, LOAD_FILE_MAX_BYTES);
      if (!file) throw apiError('UPLOAD_FAILED', { reason: 'no file was sent' }, { field: 'file' });
      const read = await readLoadFile(file.bytes, file.fileName, { unit: req.query.unit });
      const { version, clearStorage } = req.query;
      const saved = version === undefined ? null : await savePowerLoad(app, userId, projectId, version, read.document, clearStorage === true);
      return ok(
        { document: read.document, layout: read.layout, skippedRows: read.skippedRows, skippedColumns: read.skippedColumns, chart: loadChart(read.document.upload?.hourlyKwh ?? []), saved },
        saved ? 'Saved' : 'Upload succeeded',
      );
    },
  );

  app.post(
    '/energyStorage/recommend',
    {
      schema: {
        tags,
        summary: 'Recommend a battery: capacity × power candidates run over the life with the project’s hourly PV, load and tariff; the best NPV and the cheapest reaching a self-sufficiency target',
        description: "400 'An inverter must be selected and wired before the energy-storage recommendation' until an inverter configuration wires a string; needs the load (modes 1, 2) and the economic parameters. Rates in the answer are fractions.",
        security: SIGNED_IN,
        body: storageRecommendBody,
        response: responses(storageRecommendAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await recommendForProject(app, user.id, req.body));
    },
  );

  app.post(
    '/project/economics/run',
    {
      schema: {
        tags,
        summary: "Compute the project's economics: the hourly balance in its operation mode, the stored battery's dispatch, the 25-year cash flow → NPV, IRR, equity IRR, LCOE, payback, CO₂",
        description: "Keeps the answer as the project's 'economics-result' document (GET /project/economics/result). Money in yuan, energies in kWh, rates as fractions.",
        security: SIGNED_IN,
        body: economicsRunBody,
        response: responses(economicsRunAnswerSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(await runEconomics(app, user.id, req.body.projectId));
    },
  );
};

export default economicsRoutes;
