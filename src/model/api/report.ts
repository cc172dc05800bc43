// The report calls (issue 17; spec 000 §2 report3d, §7 get-zx-pdf, getShareReport, share/report/url;
// spec 001 §4 "modification succeeded (regenerate the report)"): generate the project's report, read
// its state (none → generating → ready | failed, stale when a document it was made from changed
// since), the report files, and the project file's export and import.
import { z } from 'zod';
import { reportFormats, reportKinds, reportLanguages, reportModelSchema } from '../report.ts';
import { recordId } from './common.ts';
import { shareKeyQuery } from './projects.ts';

export const reportStatuses = ['none', 'generating', 'ready', 'failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** GET project/report, -md5 and getShareReport: the state of the project's report and its model. */
export const reportStateSchema = z.object({
  status: z.enum(reportStatuses),
  /** Some document the report was made from has a newer version now. */
  stale: z.boolean(),
  /** The steps (DESIGN_STEPS names) changed since the report was made. */
  staleSteps: z.array(z.string()),
  generatedAt: z.string().nullable(),
  model: reportModelSchema.nullable(),
});
export type ReportState = z.infer<typeof reportStateSchema>;

export const reportGenerateBody = z.object({ projectId: recordId });

const format = z.enum(reportFormats, { error: 'must be one of pdf, docx, pptx, dxf, xlsx, gltf' });
const kind = z.enum(reportKinds, { error: 'must be one of design, evaluation, feasibility, economic' }).default('design');
const lang = z.enum(reportLanguages, { error: 'must be zh or en' }).default('zh');

/** GET project/report/file: one report file. */
export const reportFileQuery = z.object({ projectId: recordId, format, kind, lang });
/** GET project/report/file-md5: the same with a share key. */
export const reportFileShareQuery = shareKeyQuery.extend({ projectId: recordId.optional(), format, kind, lang });

/** GET project/get-zx-pdf: the report as PDF (the original API's name). */
export const reportPdfQuery = z.object({ projectId: recordId, kind, lang });
export const reportPdfShareQuery = shareKeyQuery.extend({ projectId: recordId.optional(), kind, lang });

/** GET getShareReport: the report of a report share (the share key as `key`, or `shareKey`). */
export const shareReportQuery = z
  .object({
    key: shareKeyQuery.shape.shareKey.optional(),
    shareKey: shareKeyQuery.shape.shareKey.optional(),
  })
  .refine((q) => q.key !== undefined || q.shareKey !== undefined, { message: 'This field is required', path: ['key'] });

/** POST project/import: the new project. */
export const projectImportedSchema = z.object({ projectId: z.number().int() });

/** The 'report' design document (written by project/report/generate only). */
export const reportDocumentSchema = z.object({
  kind: z.literal('report'),
  version: z.literal(1),
  status: z.enum(['generating', 'ready', 'failed']),
  /** When the generation started. */
  startedAt: z.string(),
  generatedAt: z.string().nullable(),
  /** The version of each document the report was made from (DESIGN_STEPS names; absent: never saved). */
  versions: z.record(z.string(), z.int()),
  model: reportModelSchema.nullable(),
  /** Why the generation failed (English), for the log and support. */
  error: z.string().nullable(),
});
export type ReportDocument = z.infer<typeof reportDocumentSchema>;
