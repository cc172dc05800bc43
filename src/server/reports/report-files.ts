// The report files of a project (issue 17 §2; spec 000 §7 get-zx-pdf): the current report
// (report-state.ts: the stored one, else generated now) written by the format's writer
// (src/reports/writers.ts) with the project's 8760 hours (xlsx) and, for PowerPoint, the template of
// the organisation holding the project (its first company with a logo: the name and the logo's bytes;
// companies keep no colour, so the product's blue). Named "<project> - <kind>.<ext>" for the browser
// (Content-Disposition with the RFC 5987 UTF-8 name and an ASCII fallback).
import type { FastifyInstance } from 'fastify';
import type { ReportFormat, ReportKind, ReportLanguage } from '../../model/report.ts';
import type { ReportInput } from '../../reports/report-input.ts';
import { safeFileName } from '../../reports/project-file.ts';
import { reportHours } from '../../reports/report-hours.ts';
import { REPORT_WRITERS } from '../../reports/writers.ts';
import type { ProjectRow } from '../projects/rows.ts';
import { currentReport } from './report-state.ts';

/** The colour of a template without one (the product's primary blue). */
export const DEFAULT_TEMPLATE_COLOUR = '#1677ff';

export interface ReportFile {
  bytes: Uint8Array;
  mime: string;
  fileName: string;
}

/** The PowerPoint template of the organisation holding a project, or null. */
export async function organisationTemplate(app: FastifyInstance, projectId: number): Promise<ReportInput['template']> {
  const held = await app.db.selectFrom('enterprise_projects').select('enterprise_id').where('project_id', '=', projectId).executeTakeFirst();
  if (!held) return null;
  const companies = await app.db
    .selectFrom('enterprise_companies')
    .select(['name', 'logo_key'])
    .where('enterprise_id', '=', held.enterprise_id)
    .orderBy('id')
    .execute();
  const company = companies.find((c) => c.logo_key !== null) ?? companies[0];
  if (!company) return null;
  const logo = company.logo_key ? await app.services.blobs.get(company.logo_key) : null;
  return { name: company.name, logo: logo ? new Uint8Array(logo.bytes) : null, colour: DEFAULT_TEMPLATE_COLOUR };
}

/** A Content-Disposition attachment header for a file name (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** One report file of a project (the caller has checked access; userId null for a share visitor). */
export async function reportFile(app: FastifyInstance, row: ProjectRow, userId: number | null, format: ReportFormat, kind: ReportKind, language: ReportLanguage): Promise<ReportFile> {
  const { model, exp } = await currentReport(app, row, userId);
  const writer = REPORT_WRITERS[format];
  const write = await writer.load();
  const input: ReportInput = {
    model,
    hours: reportHours(exp),
    project: exp,
    kind,
    language,
    template: format === 'pptx' ? await organisationTemplate(app, row.id) : null,
  };
  const bytes = await write(input);
  const safeName = safeFileName(row.name);
  return { bytes, mime: writer.mime, fileName: `${safeName} - ${kind}.${writer.extension}` };
}
