// The report's "Download" menu (spec 001 §1 "Outputs: PPT project report, Word report, evaluation
// report, feasibility report, advanced (premium) economic report, PDF, CAD and DXF drawings, 3D models,
// 8760-hour generation spreadsheet, project files"; §8 'Export PDF failed', 'File download failed,
// please try again later!'): each entry, the file it asks the server for, and the message its failure
// shows. The file's language follows the UI language. Pure.
import type { ReportFormat, ReportKind, ReportLanguage } from '../../../model/report.ts';
import type { MessageKey } from '../../i18n/index.ts';

export type DownloadKey = 'pdf' | 'docx' | 'pptx' | 'evaluation' | 'feasibility' | 'economic' | 'dxf' | 'xlsx' | 'gltf' | 'project';

export interface DownloadEntry {
  key: DownloadKey;
  /** The report file; null: the project file (.pvstudio.json, the owner only). */
  file: { format: ReportFormat; kind: ReportKind } | null;
  label: MessageKey;
}

export const DOWNLOADS: readonly DownloadEntry[] = [
  { key: 'pdf', file: { format: 'pdf', kind: 'design' }, label: 'report.download.pdf' },
  { key: 'docx', file: { format: 'docx', kind: 'design' }, label: 'report.download.docx' },
  { key: 'pptx', file: { format: 'pptx', kind: 'design' }, label: 'report.download.pptx' },
  { key: 'evaluation', file: { format: 'pdf', kind: 'evaluation' }, label: 'report.download.evaluation' },
  { key: 'feasibility', file: { format: 'pdf', kind: 'feasibility' }, label: 'report.download.feasibility' },
  { key: 'economic', file: { format: 'pdf', kind: 'economic' }, label: 'report.download.economic' },
  { key: 'dxf', file: { format: 'dxf', kind: 'design' }, label: 'report.download.dxf' },
  { key: 'xlsx', file: { format: 'xlsx', kind: 'design' }, label: 'report.download.xlsx' },
  { key: 'gltf', file: { format: 'gltf', kind: 'design' }, label: 'report.download.gltf' },
  { key: 'project', file: null, label: 'report.download.project' },
];

/** The entries a visitor sees: a share gives the report files, not the project file. */
export function downloadsFor(shared: boolean): readonly DownloadEntry[] {
  return shared ? DOWNLOADS.filter((d) => d.file !== null) : DOWNLOADS;
}

/** The message of a failed download: the PDF's own, else the general one (spec 001 §8). */
export function downloadFailure(entry: Pick<DownloadEntry, 'file'>): MessageKey {
  return entry.file?.format === 'pdf' ? 'report.download.pdfFailed' : 'report.download.failed';
}

/** The report language of a UI language (zh unless English). */
export function reportLanguageOf(uiLanguage: string | undefined): ReportLanguage {
  return uiLanguage?.startsWith('en') ? 'en' : 'zh';
}
