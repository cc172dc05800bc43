// What every report file writer (src/reports/<format>/index.ts, `write<Format>(input)`) is given:
// the report model, the 8760 hours of year 1 (xlsx), the project file it was made from, which
// document and in which language, and the organisation's PowerPoint template when one is set.
import type { ProjectExport } from '../model/project-export.ts';
import type { ReportHours, ReportKind, ReportLanguage, ReportModel } from '../model/report.ts';
export interface ReportInput { model: ReportModel; hours: ReportHours | null; project: ProjectExport; kind: ReportKind; language: ReportLanguage; /** PowerPoint: the organisation's template (logo PNG/JPEG bytes, colour, name) when one is set */ template?: { name: string; logo: Uint8Array | null; colour: string } | null }
