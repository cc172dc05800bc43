// The report calls of the web (issue 17; spec 000 §7 get-zx-pdf, getShareReport, share/report/url;
// spec 001 §1 outputs, §4 "Report: generating, then ready"): the project's report state, generating
// it, the report of a report share, the report files (blobs named by the server's
// Content-Disposition), the project file's export and import, and the project's screenshots (the
// Report step saves the 3D view as the project's thumbnail). Schemas from src/model/api/report.ts.
import { projectImportedSchema, reportStateSchema, type ReportState } from '../../model/api/report.ts';
import { aiomDeviceListSchema } from '../../model/api/aiom-devices.ts';
import { screenshotListSchema } from '../../model/api/projects.ts';
import type { ReportFormat, ReportKind, ReportLanguage } from '../../model/report.ts';
import { i18n } from '../i18n/index.ts';
import { ApiError, clientStore, request, requestHeaders, withQuery, type QueryValue } from './http.ts';
import { interpretAnswer } from './envelope.ts';

const BASE = '/api/web/project';

/** The report's state and model (signed in: the owner). */
export function getReport(projectId: number, signal?: AbortSignal): Promise<ReportState> {
  return request(`${BASE}/report`, reportStateSchema, { query: { projectId }, silent: true, signal });
}

/** Starts (or runs) the report's generation; answers the state (often 'generating'). */
export function generateReport(projectId: number): Promise<ReportState> {
  return request(`${BASE}/report/generate`, reportStateSchema, { method: 'POST', body: { projectId }, silent: true });
}

/** The report of a report share (no sign-in). */
export function getSharedReport(shareKey: string, signal?: AbortSignal): Promise<ReportState> {
  return request('/api/web/getShareReport', reportStateSchema, { query: { shareKey }, silent: true, signal });
}

/** A file the server named. */
export interface NamedFile {
  blob: Blob;
  name: string;
}

/**
 * The file name of a Content-Disposition header: RFC 6266 / RFC 5987 `filename*=UTF-8''…` first (it
 * carries non-ASCII names), else `filename="…"` or `filename=…`; null when none.
 */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    const v = star[1].trim().replace(/^"|"$/g, '');
    const m = /^([\w-]+)'[^']*'(.*)$/.exec(v);
    try {
      return decodeURIComponent(m ? m[2] : v);
    } catch {
      // fall through to the plain name
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const plain = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return plain ? plain[1] : null;
}

/** GET a file with the session's headers; a failure rejects with an ApiError (never toasted: the caller says what failed). */
async function requestFile(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<NamedFile> {
  const headers = requestHeaders(clientStore(), i18n.language || 'zh');
  let res: Response;
  try {
    res = await fetch(withQuery(path, query), { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, '');
  }
  const type = res.headers.get('content-type') ?? '';
  const disposition = res.headers.get('content-disposition');
  // A file is an attachment (the project file is JSON too) or any success that is not the JSON envelope.
  if (res.ok && (disposition !== null || !type.includes('application/json'))) {
    return { blob: await res.blob(), name: fileNameOf(disposition) ?? fallbackName };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const outcome = interpretAnswer(res.status, body);
  throw new ApiError(outcome.kind === 'error' || outcome.kind === 'sessionEnded' ? outcome.code : res.status, 'msg' in outcome ? outcome.msg : '');
}

/** Who asks for a file: the owner (project id) or a visitor with a share key. */
export type ReportAccess = { projectId: number } | { shareKey: string };

/** One report file: what it is, its document kind and language. */
export interface ReportFileRequest {
  format: ReportFormat;
  kind: ReportKind;
  lang: ReportLanguage;
}

/** The PDF report through the original API's call (get-zx-pdf), or any report file (report/file). */
export function downloadReportFile(access: ReportAccess, f: ReportFileRequest): Promise<NamedFile> {
  const share = 'shareKey' in access;
  const fallback = `report-${f.kind}.${f.format}`;
  if (f.format === 'pdf' && f.kind === 'design') {
    return requestFile(`${BASE}/get-zx-pdf${share ? '-md5' : ''}`, { ...access, kind: f.kind, lang: f.lang }, fallback);
  }
  return requestFile(`${BASE}/report/file${share ? '-md5' : ''}`, { ...access, format: f.format, kind: f.kind, lang: f.lang }, fallback);
}

/** The project file (.pvstudio.json). */
export function exportProjectFile(projectId: number): Promise<NamedFile> {
  return requestFile(`${BASE}/export`, { projectId }, `project-${projectId}.pvstudio.json`);
}

/** Imports a project file as a new project of the signed-in user. */
export function importProjectFile(file: File): Promise<{ projectId: number }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request(`${BASE}/import`, projectImportedSchema, { method: 'POST', form });
}

/** The project's screenshots (the first is the list's thumbnail). */
export function listScreenshots(projectId: number) {
  return request(`${BASE}/screenshots`, screenshotListSchema, { query: { projectId }, silent: true });
}

/** Uploads one screenshot (PNG). */
export function uploadScreenshot(projectId: number, png: Blob, name = 'report-3d.png') {
  const form = new FormData();
  form.append('file', png, name);
  return request(`${BASE}/screenshots`, screenshotListSchema, { query: { projectId }, form, silent: true });
}

/** The design project an O&M plant is bound to (null: none, or the plant cannot be read). */
export async function plantDesignOf(plantId: number): Promise<number | null> {
  const r = await request('/api/web/aiom/devices', aiomDeviceListSchema, { query: { projectId: plantId }, silent: true }).catch(() => null);
  return r?.designProjectId ?? null;
}
