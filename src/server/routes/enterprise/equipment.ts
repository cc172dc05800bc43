// /api/web/enterprise: the organisation's equipment (spec 000 §2 deviceList, §7 "device-status add,
// delete and status calls for company, component and inverter; admin and enterprise lists, add and
// update for company, component and inverter; algorithm curve queries"; spec 001 §2 "Equipment
// information", §4 'Status Updated Successfully'). Companies are manufacturers, components PV modules.
// The admin list is the system library, the enterprise list the organisation's own, the list both.
// Reading is open to members; changes to administrators. The curve queries serve any signed-in user
// for system and own (custom) entries, and members for their organisation's entries.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptySchema } from '../../../model/api/envelope.ts';
import {
  addEnterpriseCompanyBody,
  addEnterpriseInverterBody,
  addEnterpriseModuleBody,
  efficiencyCurveQuery,
  efficiencyCurvesSchema,
  ENTERPRISE_MESSAGES,
  enterpriseCompanyListSchema,
  enterpriseInverterDetailSchema,
  enterpriseInverterListSchema,
  enterpriseModuleDetailSchema,
  enterpriseModuleListSchema,
  equipmentDeleteBody,
  equipmentListQuery,
  equipmentRefQuery,
  equipmentStatusBody,
  ivCurveQuery,
  ivCurvesSchema,
  updateEnterpriseCompanyBody,
  updateEnterpriseInverterBody,
  updateEnterpriseModuleBody,
  type EquipmentKind,
} from '../../../model/api/enterprise.ts';
import type { Inverter } from '../../../model/equipment-inverter.ts';
import type { PvModule } from '../../../model/equipment-module.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { inverterEfficiencyCurves, moduleIvCurves } from '../../enterprise/curves.ts';
import { inverterView, moduleView } from '../../enterprise/equipment.ts';
import type { EnterpriseServices } from '../../enterprise/services.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';

const tags = ['enterprise'];
const idAnswer = z.object({ id: z.number().int() });
const LISTS = { list: null, 'admin-list': 'system', 'enterprise-list': 'enterprise' } as const;

const equipmentRoutes: FastifyPluginAsyncZod<{ enterprise: EnterpriseServices }> = async (app, { enterprise }) => {
  const { contexts, equipment } = enterprise;

  const listSummary = (kind: EquipmentKind, fixed: 'system' | 'enterprise' | null) =>
    `${kind === 'company' ? 'Manufacturers' : kind === 'component' ? 'PV modules' : 'Inverters'}: ${fixed === null ? 'system and the organisation’s' : fixed === 'system' ? 'the system library (admin list)' : 'the organisation’s own'}, with the organisation's enabled state`;
  for (const [path, fixed] of Object.entries(LISTS)) {
    app.get(
      `/device/company/${path}`,
      { schema: { tags, summary: listSummary('company', fixed), security: SIGNED_IN, querystring: equipmentListQuery, response: responses(enterpriseCompanyListSchema) } },
      async (req) => {
        const ctx = await contexts.member(req, req.query.enterpriseId);
        return ok(await equipment.companyList(ctx.enterpriseId, { ...req.query, source: fixed ?? req.query.source }));
      },
    );
    app.get(
      `/device/component/${path}`,
      { schema: { tags, summary: listSummary('component', fixed), security: SIGNED_IN, querystring: equipmentListQuery, response: responses(enterpriseModuleListSchema) } },
      async (req) => {
        const ctx = await contexts.member(req, req.query.enterpriseId);
        return ok(await equipment.modules(ctx.enterpriseId, { ...req.query, source: fixed ?? req.query.source }));
      },
    );
    app.get(
      `/device/inverter/${path}`,
      { schema: { tags, summary: listSummary('inverter', fixed), security: SIGNED_IN, querystring: equipmentListQuery, response: responses(enterpriseInverterListSchema) } },
      async (req) => {
        const ctx = await contexts.member(req, req.query.enterpriseId);
        return ok(await equipment.inverters(ctx.enterpriseId, { ...req.query, source: fixed ?? req.query.source }));
      },
    );
  }

  for (const kind of ['company', 'component', 'inverter'] as const satisfies EquipmentKind[]) {
    const base = `/device/${kind}`;
    app.post(
      `${base}/status`,
      { schema: { tags, summary: `Enable or disable a system or own ${kind} for the organisation (administrators)`, security: SIGNED_IN, body: equipmentStatusBody, response: responses(emptySchema) } },
      async (req) => {
        const ctx = await contexts.admin(req, req.body.enterpriseId);
        await equipment.setEnabled(ctx.enterpriseId, kind, req.body.source, req.body.id, req.body.enabled);
        return ok({}, ENTERPRISE_MESSAGES.statusUpdated);
      },
    );

    app.post(
      `${base}/delete`,
      { schema: { tags, summary: `Delete one of the organisation's own ${kind} entries (administrators; system entries: disable them)`, security: SIGNED_IN, body: equipmentDeleteBody, response: responses(emptySchema) } },
      async (req) => {
        const ctx = await contexts.admin(req, req.body.enterpriseId);
        await equipment.delete(ctx.enterpriseId, kind, req.body.id);
        return ok({}, 'Deleted');
      },
    );
  }

  app.post(
    '/device/company/add',
    { schema: { tags, summary: 'Add a manufacturer to the organisation’s library (administrators)', security: SIGNED_IN, body: addEnterpriseCompanyBody, response: responses(idAnswer) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      return ok({ id: await equipment.addCompany(ctx.enterpriseId, req.body.type, req.body.nameEn, req.body.nameZh) }, 'Added successfully');
    },
  );

  app.post(
    '/device/company/update',
    { schema: { tags, summary: 'Change one of the organisation’s manufacturers (administrators)', security: SIGNED_IN, body: updateEnterpriseCompanyBody, response: responses(emptySchema) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      await equipment.updateCompany(ctx.enterpriseId, req.body.id, req.body.type, req.body.nameEn, req.body.nameZh);
      return ok({}, 'Updated');
    },
  );

  app.post(
    '/device/component/add',
    { schema: { tags, summary: 'Add a PV module to the organisation’s library (spec 001 §3 fields; administrators)', security: SIGNED_IN, body: addEnterpriseModuleBody, response: responses(idAnswer) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      return ok({ id: await equipment.addModule(ctx.enterpriseId, ctx.user.id, req.body.module) }, 'Added successfully');
    },
  );

  app.post(
    '/device/component/update',
    { schema: { tags, summary: 'Change one of the organisation’s PV modules (administrators)', security: SIGNED_IN, body: updateEnterpriseModuleBody, response: responses(emptySchema) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      await equipment.updateModule(ctx.enterpriseId, req.body.id, req.body.module);
      return ok({}, 'Updated');
    },
  );

  app.post(
    '/device/inverter/add',
    { schema: { tags, summary: 'Add an inverter to the organisation’s library (spec 001 §3 fields; administrators)', security: SIGNED_IN, body: addEnterpriseInverterBody, response: responses(idAnswer) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      return ok({ id: await equipment.addInverter(ctx.enterpriseId, ctx.user.id, req.body.inverter) }, 'Added successfully');
    },
  );

  app.post(
    '/device/inverter/update',
    { schema: { tags, summary: 'Change one of the organisation’s inverters (administrators)', security: SIGNED_IN, body: updateEnterpriseInverterBody, response: responses(emptySchema) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      await equipment.updateInverter(ctx.enterpriseId, req.body.id, req.body.inverter);
      return ok({}, 'Updated');
    },
  );

  app.get(
    '/device/component/detail',
    { schema: { tags, summary: 'One PV module (system or the organisation’s) with every field', security: SIGNED_IN, querystring: equipmentRefQuery, response: responses(enterpriseModuleDetailSchema) } },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      return ok(moduleView(await equipment.entry(ctx.enterpriseId, 'component', req.query.source, req.query.id)));
    },
  );

  app.get(
    '/device/inverter/detail',
    { schema: { tags, summary: 'One inverter (system or the organisation’s) with every field', security: SIGNED_IN, querystring: equipmentRefQuery, response: responses(enterpriseInverterDetailSchema) } },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      return ok(inverterView(await equipment.entry(ctx.enterpriseId, 'inverter', req.query.source, req.query.id)));
    },
  );

  /** The data of a library entry a curve query names (system, the user's own, or the organisation's). */
  async function entryData(req: Parameters<typeof contexts.member>[0], kind: 'component' | 'inverter', q: { id: number; source: 'system' | 'custom' | 'enterprise'; enterpriseId?: number }): Promise<string> {
    if (q.source === 'enterprise') {
      const ctx = await contexts.member(req, q.enterpriseId);
      return (await equipment.entry(ctx.enterpriseId, kind, 'enterprise', q.id)).data;
    }
    const { user } = await app.services.sessions.require(req);
    const row = await app.services.library.entry(user.id, kind === 'component' ? 'module' : 'inverter', q.id);
    if (row.source !== q.source) throw apiError('NOT_FOUND', {}, { field: 'id' });
    return row.data;
  }

  app.get(
    '/algorithm/iv-curve',
    {
      schema: {
        tags,
        summary: 'I–V and P–V curves of a PV module at given irradiances and cell temperatures (PVsyst one-diode model of the entry)',
        security: SIGNED_IN,
        querystring: ivCurveQuery,
        response: responses(ivCurvesSchema),
      },
    },
    async (req) => {
      const m = JSON.parse(await entryData(req, 'component', req.query)) as PvModule;
      return ok(moduleIvCurves(m, req.query.irradiance, req.query.temperature, req.query.points));
    },
  );

  app.get(
    '/algorithm/efficiency-curve',
    {
      schema: {
        tags,
        summary: 'Efficiency of an inverter against DC input power: its measured curves (one per DC voltage), else the PVWatts curve',
        security: SIGNED_IN,
        querystring: efficiencyCurveQuery,
        response: responses(efficiencyCurvesSchema),
      },
    },
    async (req) => {
      const v = JSON.parse(await entryData(req, 'inverter', req.query)) as Inverter;
      return ok(inverterEfficiencyCurves(v, req.query.points));
    },
  );
};

export default equipmentRoutes;
