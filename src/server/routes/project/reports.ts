// The report calls (issue 17; spec 000 §2 report3d, §7 get-zx-pdf, getShareReport, share/report/url):
// the project's report generated and read (none | generating | ready | failed, stale with the steps
// changed since), its files (PDF, Word, PowerPoint, DXF, xlsx, glTF: server/reports/report-files.ts),
// each read call with its -md5 twin taking a share key (a visitor without sign-in; the share's expiry
// ends it: 410), the share page's getShareReport, and the project file's export and import
// (server/reports/project-file-service.ts).
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { projectIdQuery } from '../../../model/api/projects.ts';
import {
  projectImportedSchema,
  reportFileQuery,
  reportFileShareQuery,
  reportGenerateBody,
  reportPdfQuery,
  reportPdfShareQuery,
  reportStateSchema,
  shareReportQuery,
} from '../../../model/api/report.ts';
import { PROJECT_EXPORT_MAX_BYTES } from '../../../model/project-export.ts';
import type { ReportFormat, ReportKind, ReportLanguage } from '../../../model/report.ts';
import { parseProjectFile, parseProjectFileText, ProjectFileError, projectFileName } from '../../../reports/project-file.ts';
import { ok, responses } from '../../envelope.ts';
import { apiError } from '../../errors.ts';
import { SIGNED_IN } from '../../plugins/openapi.ts';
import type { ProjectRow } from '../../projects/rows.ts';
import { exportProject, importProject } from '../../reports/project-file-service.ts';
import { attachment, reportFile } from '../../reports/report-files.ts';
import { generateReport, reportState } from '../../reports/report-state.ts';
import { sharedProject } from './access.ts';

const tags = ['report'];

/** Refusal of a project file: 400 naming the field (413 for a file over the size bound). */
function refused(err: unknown): never {
  if (err instanceof ProjectFileError) {
    if (err.field === 'file' && err.reason.startsWith('larger')) throw apiError('PAYLOAD_TOO_LARGE');
    throw apiError('VALIDATION', { field: err.field, message: err.reason }, { field: err.field });
  }
  throw err;
}

/** The project file of an import request: the multipart field `file`, or the JSON body. */
async function importedFile(req: FastifyRequest) {
  if (!req.isMultipart()) return parseProjectFile(req.body);
  let text: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file' && text === null) text = (await part.toBuffer()).toString('utf8');
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw apiError('PAYLOAD_TOO_LARGE');
    if (typeof (err as { statusCode?: unknown }).statusCode === 'number') throw err;
    throw apiError('UPLOAD_FAILED', { reason: 'the multipart body is malformed' }, { field: 'file' });
  }
  if (text === null) throw apiError('VALIDATION', { field: 'file', message: 'This field is required' }, { field: 'file' });
  return parseProjectFileText(text);
}

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: PROJECT_EXPORT_MAX_BYTES, files: 1, fields: 20, fieldSize: 1024, parts: 21 } });
  const { sessions, projects } = app.services;

  /** The row a signed-in caller may read (owner or enterprise grant), and who they are. */
  const own = async (req: FastifyRequest, projectId: number): Promise<{ row: ProjectRow; userId: number }> => {
    const { user } = await sessions.require(req);
    return { row: await projects.row(user.id, projectId), userId: user.id };
  };
  const shared = async (shareKey: string, projectId?: number): Promise<ProjectRow> => projects.rowById((await sharedProject(app, shareKey, projectId)).projectId);
  const send = async (reply: FastifyReply, row: ProjectRow, userId: number | null, format: ReportFormat, kind: ReportKind, lang: ReportLanguage) => {
    const file = await reportFile(app, row, userId, format, kind, lang);
    return reply.type(file.mime).header('content-disposition', attachment(file.fileName)).send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  };

  app.post(
    '/project/report/generate',
    { schema: { tags, summary: 'Generate the project’s report from its documents now and keep it', security: SIGNED_IN, body: reportGenerateBody, response: responses(reportStateSchema) } },
    async (req) => {
      const { row, userId } = await own(req, req.body.projectId);
      await generateReport(app, row, userId);
      return ok(await reportState(app, row.id));
    },
  );

  app.get(
    '/project/report',
    { schema: { tags, summary: 'The project’s report: none, generating, ready or failed; stale when a document it was made from changed since', security: SIGNED_IN, querystring: projectIdQuery, response: responses(reportStateSchema) } },
    async (req) => {
      const { row } = await own(req, req.query.projectId);
      return ok(await reportState(app, row.id));
    },
  );

  app.get(
    '/project/report-md5',
    { schema: { tags: ['share'], summary: 'The report of a shared project (no sign-in)', querystring: reportFileShareQuery.pick({ shareKey: true, projectId: true }), response: responses(reportStateSchema) } },
    async (req) => {
      const row = await shared(req.query.shareKey, req.query.projectId);
      return ok(await reportState(app, row.id));
    },
  );

  app.get(
    '/getShareReport',
    { schema: { tags: ['share'], summary: 'The report a report share opens (no sign-in): key (or shareKey) from the link; ends with the share', querystring: shareReportQuery, response: responses(reportStateSchema) } },
    async (req) => {
      const row = await shared((req.query.key ?? req.query.shareKey) as string);
      const state = await reportState(app, row.id);
      if (state.status === 'ready' && !state.stale) return ok(state);
      // A visitor sees the design as it is: the report is made again from the shared project's documents.
      await generateReport(app, row, null);
      return ok(await reportState(app, row.id));
    },
  );

  app.get(
    '/project/report/file',
    { schema: { tags, summary: 'A report file: pdf, docx, pptx, dxf, xlsx (8760 hours) or gltf (generated first when none or stale)', security: SIGNED_IN, querystring: reportFileQuery } },
    async (req, reply) => {
      const { row, userId } = await own(req, req.query.projectId);
      return send(reply, row, userId, req.query.format, req.query.kind, req.query.lang);
    },
  );

  app.get(
    '/project/report/file-md5',
    { schema: { tags: ['share'], summary: 'A report file of a shared project (no sign-in)', querystring: reportFileShareQuery } },
    async (req, reply) => {
      const row = await shared(req.query.shareKey, req.query.projectId);
      return send(reply, row, null, req.query.format, req.query.kind, req.query.lang);
    },
  );

  app.get(
    '/project/get-zx-pdf',
    { schema: { tags, summary: 'The report as PDF (application/pdf)', security: SIGNED_IN, querystring: reportPdfQuery } },
    async (req, reply) => {
      const { row, userId } = await own(req, req.query.projectId);
      return send(reply, row, userId, 'pdf', req.query.kind, req.query.lang);
    },
  );

  app.get(
    '/project/get-zx-pdf-md5',
    { schema: { tags: ['share'], summary: 'The report of a shared project as PDF (no sign-in)', querystring: reportPdfShareQuery } },
    async (req, reply) => {
      const row = await shared(req.query.shareKey, req.query.projectId);
      return send(reply, row, null, 'pdf', req.query.kind, req.query.lang);
    },
  );

  app.get(
    '/project/export',
    { schema: { tags, summary: 'The project file (<name>.pvstudio.json): every document and the datasheets it names', security: SIGNED_IN, querystring: projectIdQuery } },
    async (req, reply) => {
      const { row, userId } = await own(req, req.query.projectId);
      const exp = await exportProject(app, row, userId);
      return reply.type('application/json; charset=utf-8').header('content-disposition', attachment(projectFileName(row.name))).send(JSON.stringify(exp));
    },
  );

  app.post(
    '/project/import',
    {
      bodyLimit: PROJECT_EXPORT_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Import a project file (multipart field file, or the JSON body) as a new project of the caller',
        description: 'Each document is checked by its schema: 400 naming the field; a file over 64 MB answers 413.',
        security: SIGNED_IN,
        consumes: ['multipart/form-data', 'application/json'],
        response: responses(projectImportedSchema),
      },
    },
    async (req) => {
      const { user } = await sessions.require(req);
      let exp;
      try {
        exp = await importedFile(req);
      } catch (err) {
        refused(err);
      }
      return ok({ projectId: await importProject(app, user.id, exp) }, 'Upload succeeded');
    },
  );
};

export default reportRoutes;
