// /api/user/enterprise/business: the companies of an organisation (spec 000 §2 businessList; spec 001
// §2 "Company information", §3 Company, §5 logo JPG/PNG 170 × 40 px ≤ 1 MB, profile / cover ≤ 2 MB):
// list, detail, add, update, delete, and the logo and PPT template images (upload, image, delete).
// Reading is open to members; changes to administrators.
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptySchema } from '../../../model/api/envelope.ts';
import {
  addCompanyBody,
  companyIdBody,
  companyIdQuery,
  companyImageQuery,
  companyListQuery,
  companyListSchema,
  companySchema,
  ENTERPRISE_LIMITS,
  updateCompanyBody,
} from '../../../model/api/enterprise.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import type { EnterpriseServices } from '../../enterprise/services.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import { multipartLimits, readFiles } from '../uploads.ts';

const tags = ['enterprise'];
const MAX_IMAGE = Math.max(ENTERPRISE_LIMITS.logo.maxBytes, ENTERPRISE_LIMITS.templateImage.maxBytes);

const businessRoutes: FastifyPluginAsyncZod<{ enterprise: EnterpriseServices }> = async (app, { enterprise }) => {
  const { contexts, companies } = enterprise;
  await app.register(multipart, multipartLimits(MAX_IMAGE, 1));

  app.get(
    '/list',
    { schema: { tags, summary: 'The organisation’s companies', security: SIGNED_IN, querystring: companyListQuery, response: responses(companyListSchema) } },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      return ok(await companies.list(ctx.enterpriseId, req.query));
    },
  );

  app.get(
    '/detail',
    { schema: { tags, summary: 'One company', security: SIGNED_IN, querystring: companyIdQuery, response: responses(companySchema) } },
    async (req) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      return ok(companies.view(await companies.row(ctx.enterpriseId, req.query.id)));
    },
  );

  app.post(
    '/add',
    { schema: { tags, summary: 'Add a company: name, address, contact, phone, e-mail (administrators)', security: SIGNED_IN, body: addCompanyBody, response: responses(companySchema) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      return ok(await companies.add(ctx.enterpriseId, req.body), 'Added successfully');
    },
  );

  app.post(
    '/update',
    { schema: { tags, summary: 'Change a company (administrators)', security: SIGNED_IN, body: updateCompanyBody, response: responses(companySchema) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      return ok(await companies.update(ctx.enterpriseId, req.body.id, req.body), 'Updated');
    },
  );

  app.post(
    '/delete',
    { schema: { tags, summary: 'Delete a company and its images (administrators)', security: SIGNED_IN, body: companyIdBody, response: responses(emptySchema) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      await companies.delete(ctx.enterpriseId, req.body.id);
      return ok({}, 'Deleted');
    },
  );

  app.post(
    '/image/upload',
    {
      bodyLimit: MAX_IMAGE + 64 * 1024,
      schema: {
        tags,
        summary: 'Upload the logo (JPG/PNG, 170 × 40 px, ≤ 1 MB) or a PPT profile / cover image (JPG/PNG, ≤ 2 MB) (multipart, field file)',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        querystring: companyImageQuery,
        response: responses(companySchema),
      },
    },
    async (req) => {
      const ctx = await contexts.admin(req, req.query.enterpriseId);
      await companies.row(ctx.enterpriseId, req.query.id);
      const [file] = await readFiles(req, MAX_IMAGE);
      if (!file) throw apiError('UPLOAD_FAILED', { reason: 'no file was sent' }, { field: 'file' });
      return ok(await companies.setImage(ctx.enterpriseId, req.query.id, req.query.kind, file.bytes), 'Upload succeeded');
    },
  );

  app.get(
    '/image',
    { schema: { tags, summary: 'A company image (logo, profile, cover)', security: SIGNED_IN, querystring: companyImageQuery } },
    async (req, reply) => {
      const ctx = await contexts.member(req, req.query.enterpriseId);
      const blob = await companies.image(ctx.enterpriseId, req.query.id, req.query.kind);
      return reply.type(blob.contentType).header('x-content-type-options', 'nosniff').send(blob.bytes);
    },
  );

  app.post(
    '/image/delete',
    { schema: { tags, summary: 'Remove a company image (administrators)', security: SIGNED_IN, body: companyImageQuery, response: responses(companySchema) } },
    async (req) => {
      const ctx = await contexts.admin(req, req.body.enterpriseId);
      return ok(await companies.deleteImage(ctx.enterpriseId, req.body.id, req.body.kind), 'Deleted');
    },
  );
};

export default businessRoutes;
