// The equipment library area under /api/web (spec 000 §7 "Catalogues": component list and detail,
// inverter list and detail; spec 001 §2 "Equipment information", §3, §5): system and custom modules
// and inverters, the custom forms' add/update/delete with the spec's messages, .PAN/.OND import,
// manufacturers, and enable/disable ('Status Updated Successfully').
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptySchema } from '../../../model/api/envelope.ts';
import {
  addInverterBody,
  addManufacturerBody,
  addModuleBody,
  inverterDetailSchema,
  inverterListSchema,
  libraryIdBody,
  libraryIdQuery,
  libraryListQuery,
  manufacturerListSchema,
  manufacturerQuery,
  moduleDetailSchema,
  moduleListSchema,
  statusBody,
  updateInverterBody,
  updateModuleBody,
} from '../../../model/api/library.ts';
import { EQUIPMENT_MESSAGES } from '../../../model/equipment.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { inverterSummary, moduleSummary, type LibraryKind } from '../../library/library.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { multipartLimits, readFiles } from '../uploads.ts';

/** Largest .PAN/.OND file [bytes] (real ones are a few kB). */
const PVSYST_MAX_BYTES = 1024 * 1024;
const STATUS_UPDATED = 'Status Updated Successfully';
const idAnswer = z.object({ id: z.number().int() });

const libraryArea: FastifyPluginAsyncZod = async (app) => {
  const { sessions, library } = app.services;
  await app.register(multipart, multipartLimits(PVSYST_MAX_BYTES, 1));

  const paths = { module: 'component', inverter: 'inverter' } as const;
  const listAnswer = <T>(q: { page: number; size: number }, total: number, list: T[]) => ({ total, page: q.page, size: q.size, list });

  app.get(
    '/component/list',
    {
      schema: { tags: ['library'], summary: 'System and custom PV modules visible to the user, with their enabled state', security: SIGNED_IN, querystring: libraryListQuery, response: responses(moduleListSchema) },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const { total, rows } = await library.list(user.id, 'module', req.query);
      return ok(listAnswer(req.query, total, rows.map((r) => moduleSummary(r))));
    },
  );

  app.get(
    '/inverter/list',
    {
      schema: { tags: ['library'], summary: 'System and custom inverters visible to the user, with their enabled state', security: SIGNED_IN, querystring: libraryListQuery, response: responses(inverterListSchema) },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      const { total, rows } = await library.list(user.id, 'inverter', req.query);
      return ok(listAnswer(req.query, total, rows.map((r) => inverterSummary(r))));
    },
  );

  app.get(
    '/component/detail',
    { schema: { tags: ['library'], summary: 'One PV module with every field', security: SIGNED_IN, querystring: libraryIdQuery, response: responses(moduleDetailSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(moduleSummary(await library.entry(user.id, 'module', req.query.id)));
    },
  );

  app.get(
    '/inverter/detail',
    { schema: { tags: ['library'], summary: 'One inverter with every field', security: SIGNED_IN, querystring: libraryIdQuery, response: responses(inverterDetailSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok(inverterSummary(await library.entry(user.id, 'inverter', req.query.id)));
    },
  );

  for (const kind of ['module', 'inverter'] as const satisfies LibraryKind[]) {
    const base = `/${paths[kind]}`;
    const tags = ['library'];
    const noun = kind === 'module' ? 'PV module' : 'inverter';

    app.post(
      `${base}/delete`,
      { schema: { tags, summary: `Delete a custom ${noun}`, security: SIGNED_IN, body: libraryIdBody, response: responses(emptySchema) } },
      async (req) => {
        const { user } = await sessions.require(req);
        await library.delete(user.id, kind, req.body.id);
        return ok({}, 'Deleted');
      },
    );

    app.post(
      `${base}/status`,
      { schema: { tags, summary: `Enable or disable a ${noun} for this user`, security: SIGNED_IN, body: statusBody, response: responses(emptySchema) } },
      async (req) => {
        const { user } = await sessions.require(req);
        await library.setEnabled(user.id, kind, req.body.id, req.body.enabled);
        return ok({}, STATUS_UPDATED);
      },
    );

    app.post(
      `${base}/import`,
      {
        schema: {
          tags,
          summary: `Import a PVsyst ${kind === 'module' ? '.PAN' : '.OND'} file (multipart, field file) as a custom ${noun}`,
          security: SIGNED_IN,
          consumes: ['multipart/form-data'],
          response: responses(idAnswer),
        },
      },
      async (req) => {
        const { user } = await sessions.require(req);
        const [file] = await readFiles(req, PVSYST_MAX_BYTES);
        if (!file) throw apiError('PVSYST_FILE', { message: EQUIPMENT_MESSAGES.selectPanOnd }, { field: 'file' });
        return ok({ id: await library.importFile(user.id, kind, file.bytes, file.fileName ?? undefined) }, 'Upload succeeded');
      },
    );
  }

  app.post(
    '/component/add',
    { schema: { tags: ['library'], summary: 'Add a custom PV module (spec 001 §3 fields)', security: SIGNED_IN, body: addModuleBody, response: responses(idAnswer) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok({ id: await library.addModule(user.id, req.body) }, 'Added successfully');
    },
  );

  app.post(
    '/component/update',
    { schema: { tags: ['library'], summary: 'Change a custom PV module', security: SIGNED_IN, body: updateModuleBody, response: responses(emptySchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      await library.updateModule(user.id, req.body.id, req.body.module);
      return ok({}, 'Updated');
    },
  );

  app.post(
    '/inverter/add',
    { schema: { tags: ['library'], summary: 'Add a custom inverter (spec 001 §3 fields)', security: SIGNED_IN, body: addInverterBody, response: responses(idAnswer) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok({ id: await library.addInverter(user.id, req.body) }, 'Added successfully');
    },
  );

  app.post(
    '/inverter/update',
    { schema: { tags: ['library'], summary: 'Change a custom inverter', security: SIGNED_IN, body: updateInverterBody, response: responses(emptySchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      await library.updateInverter(user.id, req.body.id, req.body.inverter);
      return ok({}, 'Updated');
    },
  );

  app.get(
    '/manufacturer/list',
    { schema: { tags: ['library'], summary: 'Module or inverter manufacturers (system and own) with their enabled state', security: SIGNED_IN, querystring: manufacturerQuery, response: responses(manufacturerListSchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok({ list: await library.manufacturers(user.id, req.query.kind, req.query.source) });
    },
  );

  app.post(
    '/manufacturer/add',
    { schema: { tags: ['library'], summary: 'Add an own manufacturer', security: SIGNED_IN, body: addManufacturerBody, response: responses(idAnswer) } },
    async (req) => {
      const { user } = await sessions.require(req);
      return ok({ id: await library.addManufacturer(user.id, req.body.kind, req.body.nameEn, req.body.nameZh) }, 'Added successfully');
    },
  );

  app.post(
    '/manufacturer/status',
    { schema: { tags: ['library'], summary: 'Enable or disable a manufacturer for this user', security: SIGNED_IN, body: statusBody, response: responses(emptySchema) } },
    async (req) => {
      const { user } = await sessions.require(req);
      await library.setEnabled(user.id, 'manufacturer', req.body.id, req.body.enabled);
      return ok({}, STATUS_UPDATED);
    },
  );
};

export default libraryArea;
