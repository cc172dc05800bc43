// The design-data calls of spec 000 §7 ("Project": LiteRe get/save-data, 3d-data / save-3d-data-pro,
// 3d-bg, shadowTime, saveShadeAnalysis / getShadeAnalysis, cable list / updateCable,
// economic-analysis-params, get-inverter-config; "Catalogues and others": energyStorage,
// advanced-ecnomic; spec 001 §7 powerLoadConfig page), each a versioned document of the project
// (projects/documents.ts): GET answers { version, data }, POST saves { projectId, version, data } and
// answers the new version, or 409 when the version is stale. Every GET has a -md5 twin that reads a
// shared project with its share key. Arrays and the component layout have item-level calls. Every
// save is checked against its document's schema (DESIGN_DOCUMENT_SCHEMAS): 400 naming the field.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordId } from '../../../model/api/common.ts';
import {
  arrayChangedSchema,
  arrayDeleteAllBody,
  arrayDeleteBody,
  arrayListSchema,
  arrayNewBody,
  arrayPlacementBody,
  arrayUpdateBody,
  clearArrayBody,
  DESIGN_DOCUMENT_MAX,
  DESIGN_STEPS,
  designDocumentSchema,
  savedSchema,
  saveDocumentBody,
  type DesignStep,
} from '../../../model/api/design.ts';
import { projectIdQuery, shareKeyQuery } from '../../../model/api/projects.ts';
import { emptyLayoutDocument, layoutDocumentSchema } from '../../../model/design.ts';
import { newId } from '../../../model/ids.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { documentForSave } from '../../electrical/document-save.ts';
import { keepDesignFigures } from '../../projects/design-figures.ts';
import { ownProject, sharedProject } from './access.ts';

/**
 * Paths (under /api/web) of each document's read and save calls; `own`: registered by the step's own
 * routes (power-load: economics.ts adds the chart to the read and the storage rule to the save).
 */
export const DOCUMENT_ROUTES: { step: DesignStep; get: string; save: string | null; own?: true }[] = [
  { step: 'lite-re', get: '/project/LiteRe/get-data', save: '/project/LiteRe/save-data' },
  { step: 'scene-3d', get: '/project/3d-data', save: '/project/save-3d-data-pro' },
  { step: '3d-bg', get: '/project/3d-bg', save: '/project/save-3d-bg' },
  { step: 'component-layout', get: '/project/component-layout/get', save: '/project/component-layout/save' },
  { step: 'shadow-time', get: '/project/shadowTime', save: '/project/shadowTime/save' },
  { step: 'shade-analysis', get: '/project/getShadeAnalysis', save: '/project/saveShadeAnalysis' },
  { step: 'cable', get: '/project/cable/list', save: '/project/updateCable' },
  { step: 'economic', get: '/project/economic-analysis-params/get', save: '/project/economic-analysis-params/save' },
  { step: 'advanced-economic', get: '/advanced-ecnomic/original-value', save: '/advanced-ecnomic/insert' },
  { step: 'energy-storage', get: '/energyStorage/get', save: '/energyStorage/save' },
  { step: 'inverter-config', get: '/project/get-inverter-config', save: '/project/inverter-config/save' },
  { step: 'power-load', get: '/project/get-powerLoadConfig-page', save: '/project/update-powerLoadConfig-page', own: true },
  { step: 'simulation', get: '/project/simulation/result', save: null },
  { step: 'economics-result', get: '/project/economics/result', save: null },
];

const tags = ['design'];
const SAVE_LIMIT = DESIGN_DOCUMENT_MAX + 64 * 1024;
const keyQuery = shareKeyQuery.extend({ projectId: recordId.optional().describe('when sent, must be the shared project') });

type Item = Record<string, unknown>;

/** The arrays document as a list of objects (anything else stored reads as empty). */
function arraysOf(data: unknown): Item[] {
  return Array.isArray(data) ? data.filter((x): x is Item => typeof x === 'object' && x !== null && !Array.isArray(x)) : [];
}

function layoutsOf(data: unknown): Item {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...(data as Item) } : {};
}

const designRoutes: FastifyPluginAsyncZod = async (app) => {
  const { documents } = app.services;

  for (const r of DOCUMENT_ROUTES) {
    if (r.own) continue;
    const what = DESIGN_STEPS[r.step];
    app.get(
      r.get,
      {
        schema: { tags, summary: `Read: ${what}`, security: SIGNED_IN, querystring: projectIdQuery, response: responses(designDocumentSchema) },
      },
      async (req) => {
        const { projectId } = await ownProject(app, req, req.query.projectId);
        return ok(await documents.read(projectId, r.step));
      },
    );
    app.get(
      `${r.get}-md5`,
      {
        schema: { tags: ['share'], summary: `Read with a share key (no sign-in): ${what}`, querystring: keyQuery, response: responses(designDocumentSchema) },
      },
      async (req) => {
        const share = await sharedProject(app, req.query.shareKey, req.query.projectId);
        return ok(await documents.read(share.projectId, r.step));
      },
    );
    if (r.save) {
      app.post(
        r.save,
        {
          bodyLimit: SAVE_LIMIT,
          schema: {
            tags,
            summary: `Save: ${what}`,
            description: 'version: the version this save is based on (0 for the first save). A stale version answers 409 STALE_VERSION with data.currentVersion and changes nothing.',
            security: SIGNED_IN,
            body: saveDocumentBody,
            response: responses(savedSchema),
          },
        },
        async (req) => {
          const { user } = await app.services.sessions.require(req);
          // The Electrical step's documents are checked against the layout and configuration they wire.
          const data = await documentForSave(app, user.id, req.body.projectId, r.step, req.body.data);
          const saved = await documents.save(user.id, req.body.projectId, r.step, req.body.version, data);
          // The project row keeps the design's installed capacity and last yield (list, compare, share).
          if (r.step === 'component-layout') await keepDesignFigures(app.db, documents, saved.projectId);
          return ok(saved, 'Saved');
        },
      );
    }
  }

  // ── arrays ──
  const arrayAnswer = (projectId: number, version: number, data: unknown, array: Item | null) => ({ projectId, version, list: arraysOf(data), array });

  app.get(
    '/project/array/detail-list',
    { schema: { tags, summary: 'The PV arrays of a project', security: SIGNED_IN, querystring: projectIdQuery, response: responses(arrayListSchema) } },
    async (req) => {
      const { projectId } = await ownProject(app, req, req.query.projectId);
      const doc = await documents.read(projectId, 'arrays');
      return ok({ projectId, version: doc.version, list: arraysOf(doc.data) });
    },
  );

  app.get(
    '/project/array/detail-list-md5',
    { schema: { tags: ['share'], summary: 'The PV arrays of a shared project (no sign-in)', querystring: keyQuery, response: responses(arrayListSchema) } },
    async (req) => {
      const share = await sharedProject(app, req.query.shareKey, req.query.projectId);
      const doc = await documents.read(share.projectId, 'arrays');
      return ok({ projectId: share.projectId, version: doc.version, list: arraysOf(doc.data) });
    },
  );

  app.post(
    '/project/array/new',
    { bodyLimit: SAVE_LIMIT, schema: { tags, summary: 'Add a PV array (the server gives its id)', security: SIGNED_IN, body: arrayNewBody, response: responses(arrayChangedSchema) } },
    async (req) => {
      const { user } = await app.services.sessions.require(req);
      const r = await documents.change(user.id, req.body.projectId, 'arrays', req.body.version, (cur) => {
        const array = { ...req.body.array, id: newId(app.clock.now().getTime()) };
        return { data: [...arraysOf(cur), array], result: array };
      });
      return ok(arrayAnswer(r.projectId, r.version, r.data, r.result), 'Added successfully');
    },
  );

  app.post(
    '/project/array/update',
    { bodyLimit: SAVE_LIMIT, schema: { tags, summary: 'Replace a PV array (by id)', security: SIGNED_IN, body: arrayUpdateBody, response: responses(arrayChangedSchema) } },
    async (req) => {
      const { user } = await app.services.sessions.require(req);
      const r = await documents.change(user.id, req.body.projectId, 'arrays', req.body.version, (cur) => {
        const list = arraysOf(cur);
        const i = list.findIndex((a) => a.id === req.body.array.id);
        if (i < 0) throw apiError('NOT_FOUND', {}, { field: 'array.id' });
        list[i] = { ...req.body.array };
        return { data: list, result: list[i] };
      });
      return ok(arrayAnswer(r.projectId, r.version, r.data, r.result), 'Updated');
    },
  );

  app.post(
    '/project/array/delete',
    { schema: { tags, summary: 'Delete a PV array', security: SIGNED_IN, body: arrayDeleteBody, response: responses(arrayChangedSchema) } },
    async (req) => {
      const { user } = await app.services.sessions.require(req);
      const r = await documents.change(user.id, req.body.projectId, 'arrays', req.body.version, (cur) => {
        const list = arraysOf(cur);
        const kept = list.filter((a) => a.id !== req.body.id);
        if (kept.length === list.length) throw apiError('NOT_FOUND', {}, { field: 'id' });
        return { data: kept, result: null };
      });
      return ok(arrayAnswer(r.projectId, r.version, r.data, null), 'Deleted');
    },
  );

  app.post(
    '/project/array/delete-all',
    { schema: { tags, summary: 'Delete every PV array', security: SIGNED_IN, body: arrayDeleteAllBody, response: responses(arrayChangedSchema) } },
    async (req) => {
      const { user } = await app.services.sessions.require(req);
      const r = await documents.change(user.id, req.body.projectId, 'arrays', req.body.version, () => ({ data: [], result: null }));
      return ok(arrayAnswer(r.projectId, r.version, r.data, null), 'Deleted');
    },
  );

  app.post(
    '/project/array/update-all-array-placement',
    {
      bodyLimit: SAVE_LIMIT,
      schema: { tags, summary: 'Merge placement fields into several arrays at once (by id)', security: SIGNED_IN, body: arrayPlacementBody, response: responses(arrayChangedSchema) },
    },
    async (req) => {
      const { user } = await app.services.sessions.require(req);
      const r = await documents.change(user.id, req.body.projectId, 'arrays', req.body.version, (cur) => {
        const list = arraysOf(cur);
        for (const p of req.body.placements) {
          const i = list.findIndex((a) => a.id === p.id);
          if (i < 0) throw apiError('NOT_FOUND', {}, { field: 'placements.id' });
          list[i] = { ...list[i], ...p };
        }
        return { data: list, result: null };
      });
      return ok(arrayAnswer(r.projectId, r.version, r.data, null), 'Updated');
    },
  );

  app.post(
    '/project/component-layout/clear-array',
    {
      schema: {
        tags,
        summary: 'Clear the module layout of one array (or face), or every layout',
        security: SIGNED_IN,
        body: clearArrayBody,
        response: responses(savedSchema),
      },
    },
    async (req) => {
      const { user } = await app.services.sessions.require(req);
      const { arrayId } = req.body;
      const r = await documents.change(user.id, req.body.projectId, 'component-layout', req.body.version, (cur) => {
        if (cur === null || layoutDocumentSchema.safeParse(cur).success) {
          const doc = (cur ?? emptyLayoutDocument()) as Item & { arrays: Item[] };
          const arrays = arrayId === undefined ? [] : doc.arrays.filter((a) => a.id !== arrayId && a.faceId !== arrayId);
          return { data: { ...doc, arrays }, result: null };
        }
        // A document stored before the layout schema was enforced: a map of layouts by array id.
        if (arrayId === undefined) return { data: emptyLayoutDocument(), result: null };
        const layouts = layoutsOf(cur);
        delete layouts[arrayId];
        return { data: layouts, result: null, validate: false };
      });
      return ok({ projectId: r.projectId, step: r.step, version: r.version, updatedAt: r.updatedAt }, 'Cleared');
    },
  );
};

export default designRoutes;
