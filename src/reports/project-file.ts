// The project file (model/project-export.ts) read back: the JSON checked by projectExportSchema and
// every document by its step's schema (model/api/design.ts DESIGN_DOCUMENT_SCHEMAS and the JSON bounds
// every design document keeps), each refusal naming its field ("documents.component-layout.arrays.0.tilt");
// and the file name an export is saved under. Shared by the server's import and the headless
// `pvstudio report`.
import { designDocumentIssue, designSteps, type DesignStep } from '../model/api/design.ts';
import { PROJECT_EXPORT_KIND, PROJECT_EXPORT_MAX_BYTES, projectExportSchema, type ProjectExport } from '../model/project-export.ts';

/** A project file that cannot be read: the field and why. */
export class ProjectFileError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
  ) {
    super(`${field}: ${reason}`);
    this.name = 'ProjectFileError';
  }
}

/** What wrote a project file (the file's `generator`). */
export const PROJECT_FILE_GENERATOR = 'PV Studio 0.1';

/** Steps a project file carries: every design document but the generated report (made again from the rest). */
export const EXPORTED_STEPS: readonly DesignStep[] = designSteps.filter((s) => s !== 'report');

/** A project file's JSON value checked (see the file's header); throws ProjectFileError naming the field. */
export function parseProjectFile(value: unknown): ProjectExport {
  const r = projectExportSchema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ProjectFileError(issue.path.map(String).join('.') || 'kind', issue.message);
  }
  for (const [step, data] of Object.entries(r.data.documents)) {
    if (!(designSteps as string[]).includes(step)) throw new ProjectFileError(`documents.${step}`, 'not a document of a project');
    const issue = designDocumentIssue(step as DesignStep, data);
    if (issue) throw new ProjectFileError(`documents.${step}${issue.field.slice('data'.length)}`, issue.message);
  }
  return r.data;
}

/** A project file's text checked; throws ProjectFileError ('file') when it is too large or not JSON. */
export function parseProjectFileText(text: string): ProjectExport {
  if (text.length > PROJECT_EXPORT_MAX_BYTES) throw new ProjectFileError('file', `larger than ${PROJECT_EXPORT_MAX_BYTES / 1024 / 1024} MB`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProjectFileError('file', `not JSON: a ${PROJECT_EXPORT_KIND} file is the JSON of a project export`);
  }
  return parseProjectFile(value);
}

/** A name with the characters file systems refuse (\\ / : * ? " < > | and control characters) replaced by _. */
export function safeFileName(name: string): string {
  return Array.from(name, (c) => (c.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('');
}

/** The file name of a project's export: "<name>.pvstudio.json", without characters file systems refuse. */
export function projectFileName(name: string): string {
  const safe = safeFileName(name).trim() || 'project';
  return `${safe.slice(0, 120)}.pvstudio.json`;
}
