// The report file writers by format (issue 17 §2): each format's writer is loaded on first use
// (a lazy import, so the server, the CLI and the web bundle only pay for the writers they call),
// with the MIME type and the file extension its files are served and saved with.
import type { ReportFormat } from '../model/report.ts';
import type { ReportInput } from './report-input.ts';

export type ReportWriter = (input: ReportInput) => Promise<Uint8Array>;

export interface ReportWriterEntry {
  mime: string;
  extension: string;
  load: () => Promise<ReportWriter>;
}

export const REPORT_WRITERS: Record<ReportFormat, ReportWriterEntry> = {
  pdf: { mime: 'application/pdf', extension: 'pdf', load: async () => (await import('./pdf/index.ts')).writePdf },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    load: async () => (await import('./docx/index.ts')).writeDocx,
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
    load: async () => (await import('./pptx/index.ts')).writePptx,
  },
  dxf: { mime: 'application/dxf', extension: 'dxf', load: async () => (await import('./dxf/index.ts')).writeDxf },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    load: async () => (await import('./xlsx/index.ts')).writeXlsx,
  },
  gltf: { mime: 'model/gltf-binary', extension: 'glb', load: async () => (await import('./gltf/index.ts')).writeGltf },
};

/** Writes one report file in the given format. */
export async function writeReport(format: ReportFormat, input: ReportInput): Promise<Uint8Array> {
  const write = await REPORT_WRITERS[format].load();
  return write(input);
}
