// /api/user/enterprise: personnel (spec 001 §2 personList, §3 Member, §6; §7 "get-enterprise-user-list,
// user detail, add, update and delete user; enterprise user template upload, get and clear"): the
// member list with search by name / mobile / e-mail, detail, add (an unregistered member is invited),
// update, delete, a new invitation, and the xlsx import (template download, upload with a result per
// row, the last report, clear). Reading is open to members; changes to administrators. Calls that
// send SMS or e-mail count in the code-sending abuse limit (accounts/policy.ts RATE_LIMITS.codeSend).
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryBoolean } from '../../../model/api/common.ts';
import { emptySchema } from '../../../model/api/envelope.ts';
import {
  addMemberBody,
  ENTERPRISE_LIMITS,
  enterpriseIdField,
  enterpriseQuery,
  importReportAnswerSchema,
  importReportSchema,
  memberAnswerSchema,
  memberIdBody,
  memberIdQuery,
  memberListQuery,
  memberListSchema,
  memberSchema,
  updateMemberBody,
} from '../../../model/api/enterprise.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { TEMPLATE_FILE_NAME, templateWorkbook, XLSX_TYPE } from '../../enterprise/member-import.ts';
import type { EnterpriseServices } from '../../enterprise/services.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { multipartLimits, readFiles } from '../uploads.ts';

const tags = ['enterprise'];

const personnelRoutes: FastifyPluginAsyncZod<{ enterprise: EnterpriseServices }> = async (app, { enterprise }) => {
  const { contexts, members, memberImport, live } = enterprise;
  await app.register(multipart, multipartLimits(ENTERPRISE_LIMITS.importMaxBytes, 1));
  const sending = app.limits.guard('codeSend');
  /** Counts an add in the code-sending limit only when it invites (sends SMS / e-mail). */
  const invitingAdd = async (req: FastifyRequest): Promise<void> => {
    if ((req.body as { invite?: boolean } | undefined)?.invite) await app.limits.check(req, 'codeSend');
  };

  app.get(
    '/get-enterprise-user-list',
    {
      schema: {
        tags,
        summary: 'Members: search by name, mobile or e-mail; status unregistered / normal; the super administrator and administrators first',
        security: SIGNED_IN,
        querystring: memberListQuery,
        response: responses(memberListSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      return ok(await members.list(ctx.enterpriseId, req.query));
    },
  );

  app.get(
    '/get-enterprise-user-detail',
    { schema: { tags, summary: 'One member', security: SIGNED_IN, querystring: memberIdQuery, response: responses(memberSchema) } },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      return ok(await members.detail(ctx.enterpriseId, req.query.id));
    },
  );

  app.post(
    '/add-enterprise-user',
    {
      schema: {
        tags,
        summary: 'Add a member by mobile and/or e-mail (administrators); an unregistered one is invited by SMS / e-mail',
        security: SIGNED_IN,
        body: addMemberBody,
        response: responses(memberAnswerSchema),
      },
      preHandler: invitingAdd,
    },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      return ok(await members.add(ctx, req.body, req.ip), 'Added successfully');
    },
  );

  app.post(
    '/update-enterprise-user',
    {
      schema: {
        tags,
        summary: 'Change a member: name, create-project permission, drone photo quota, seat, role (administrators; roles: the super administrator)',
        security: SIGNED_IN,
        body: updateMemberBody,
        response: responses(memberSchema),
      },
    },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      const member = await members.update(ctx, req.body);
      // A role taken away may take project access with it.
      if (req.body.role !== undefined && member.userId !== null) await live.recheckAll(ctx.enterpriseId, member.userId);
      return ok(member, 'Updated');
    },
  );

  app.post(
    '/delete-enterprise-user',
    {
      schema: {
        tags,
        summary: "Remove a member ('you are deleting a staff member, continue?'): quota back to the pool, grants and live connections closed",
        security: SIGNED_IN,
        body: memberIdBody,
        response: responses(emptySchema),
      },
    },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      const { userId } = await members.remove(ctx, req.body.id);
      if (userId !== null) await live.denyUser(ctx.enterpriseId, userId, null, 'removed');
      return ok({}, 'Deleted');
    },
  );

  app.post(
    '/invite-enterprise-user',
    {
      schema: { tags, summary: 'Invite an unregistered member again (SMS sign-in code and/or e-mail)', security: SIGNED_IN, body: memberIdBody, response: responses(memberAnswerSchema) },
      preHandler: sending,
    },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      return ok(await members.invite(ctx, req.body.id, req.ip), 'Invitation sent');
    },
  );

  app.get(
    '/user-template/download',
    { schema: { tags, summary: 'The personnel import template (xlsx)', security: SIGNED_IN, querystring: enterpriseQuery } },
    async (req, reply) => {
      await contexts.member(req, req.query.enterpriseId);
      const bytes = await templateWorkbook();
      return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`).send(bytes);
    },
  );

  app.post(
    '/user-template/upload',
    {
      bodyLimit: ENTERPRISE_LIMITS.importMaxBytes + 64 * 1024,
      schema: {
        tags,
        summary: 'Import members from the filled template (multipart, field file): each row added or failed with its message (administrators)',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        querystring: z.object({ enterpriseId: enterpriseIdField, invite: queryBoolean.default(true).describe('invite the unregistered members') }),
        response: responses(importReportSchema),
      },
      preHandler: sending,
    },
    async (req) => {
      const ctx = await contexts.admin(req, req.query.enterpriseId);
      const [file] = await readFiles(req, ENTERPRISE_LIMITS.importMaxBytes);
      if (!file) throw apiError('UPLOAD_FAILED', { reason: 'no file was sent' }, { field: 'file' });
      return ok(await memberImport.run(ctx, file.bytes, file.fileName, req.query.invite, req.ip), 'Upload succeeded');
    },
  );

  app.get(
    '/user-template/get',
    { schema: { tags, summary: 'The report of the last import (null when cleared)', security: SIGNED_IN, querystring: enterpriseQuery, response: responses(importReportAnswerSchema) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.query.enterpriseId);
      return ok({ report: await memberImport.last(ctx.enterpriseId) });
    },
  );

  app.post(
    '/user-template/clear',
    { schema: { tags, summary: 'Clear the last import’s report', security: SIGNED_IN, body: z.object({ enterpriseId: enterpriseIdField }).nullish(), response: responses(emptySchema) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body?.enterpriseId);
      await memberImport.clear(ctx.enterpriseId);
      return ok({}, 'Cleared');
    },
  );
};

export default personnelRoutes;
