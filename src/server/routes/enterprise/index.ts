// The enterprise area (issue 20; spec 000 §2 /enterprise, §4, §6, §7 "Live connection" and
// "Enterprise"; spec 001 §1–§3, §6, §7), registered at the root (its routes carry their own prefixes).
// Every call answers the envelope; a user without an organisation gets 402 NOT_ENTERPRISE_USER, 'The
// current user does not have the rights of enterprise version, you can contact customer service!'.
// The organisation of a call: its `enterpriseId` (query or body), else the `enterpriseId` header,
// else the one chosen last. Paths (also in docs/ENTERPRISE.md):
//
//   GET  /api/user/enterprise/check-enterprise-admin            (routes/user/credits.ts) administrator check
//   GET  /api/user/enterprise/get-enterprise-list               the organisation chooser (/enterprise/selectEnterprise)
//   POST /api/user/enterprise/switch-enterprise                 switch organisation
//   GET  /api/user/enterprise/get-enterprise-detail             enterprise detail
//   GET  /api/user/enterprise/dashboard                         the enterprise home (administrators; else data.code −2)
//   GET  /api/user/enterprise/credit-log                        the organisation's credit history
//   GET  /api/user/enterprise/get-enterprise-user-list          personnel: list, search
//   GET  /api/user/enterprise/get-enterprise-user-detail        user detail
//   POST /api/user/enterprise/add-enterprise-user               add user (invitation)
//   POST /api/user/enterprise/update-enterprise-user            update user
//   POST /api/user/enterprise/delete-enterprise-user            delete user
//   POST /api/user/enterprise/invite-enterprise-user            invite again
//   GET  /api/user/enterprise/user-template/download            the import template (xlsx)
//   POST /api/user/enterprise/user-template/upload              enterprise user template upload
//   GET  /api/user/enterprise/user-template/get                 … get (the last import's report)
//   POST /api/user/enterprise/user-template/clear               … clear
//   GET  /api/user/enterprise/business/{list,detail,image}      companies (businessList)
//   POST /api/user/enterprise/business/{add,update,delete}
//   POST /api/user/enterprise/business/image/{upload,delete}    logo 170 × 40 JPG/PNG ≤ 1 MB, PPT profile / cover ≤ 2 MB
//   GET  /api/web/enterprise/device/{company,component,inverter}/{list,admin-list,enterprise-list}
//   POST /api/web/enterprise/device/{company,component,inverter}/{add,update,delete,status}
//   GET  /api/web/enterprise/device/{component,inverter}/detail
//   GET  /api/web/enterprise/algorithm/iv-curve                 module I–V / P–V curves
//   GET  /api/web/enterprise/algorithm/efficiency-curve         inverter efficiency curves
//   GET  /api/web/enterprise/project/list                       enterprise-projectList
//   POST /api/web/enterprise/project/new                        create a project in the organisation
//   POST /api/web/enterprise/project/attach                     put an own project into the organisation
//   GET  /api/web/enterprise/project/access-check               access check (uuid → boolean)
//   GET  /api/web/enterprise/project/permission/list            project permissions list
//   POST /api/web/enterprise/project/permission/set             project permissions set
//   GET  /api/web/enterprise/socket/exists                      socket existence check
//   GET  /websocket/{uuid}/{userId}/{enterpriseId}              the live connection (WebSocket)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { seedDemoEnterprise } from '../../enterprise/demo.ts';
import { createEnterpriseServices } from '../../enterprise/services.ts';
import businessRoutes from './business.ts';
import equipmentRoutes from './equipment.ts';
import liveRoutes from './live.ts';
import organisationRoutes from './organisation.ts';
import personnelRoutes from './personnel.ts';
import enterpriseProjectRoutes from './projects.ts';

const enterpriseArea: FastifyPluginAsyncZod = async (app) => {
  const enterprise = await createEnterpriseServices(app.db, app.clock, app.config, app.services, app.log);
  app.addHook('onClose', async () => enterprise.live.stop());
  if (app.demoAccount && app.config.demo) {
    const id = await seedDemoEnterprise(app.db, enterprise, app.services.projects, app.config.demo.phone);
    if (id !== null) app.log.info({ enterpriseId: id }, 'demo enterprise created (the demo account is its super administrator)');
  }
  await app.register(organisationRoutes, { prefix: '/api/user/enterprise', enterprise });
  await app.register(personnelRoutes, { prefix: '/api/user/enterprise', enterprise });
  await app.register(businessRoutes, { prefix: '/api/user/enterprise/business', enterprise });
  await app.register(equipmentRoutes, { prefix: '/api/web/enterprise', enterprise });
  await app.register(enterpriseProjectRoutes, { prefix: '/api/web/enterprise', enterprise });
  await app.register(liveRoutes, { enterprise });
};

export default enterpriseArea;
