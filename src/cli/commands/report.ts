// pvstudio report (docs/ENGINE-API.md "report"): a project file (the project export,
// model/project-export.ts) → one report file, headless, as the server writes it.
//
//   pvstudio report project.json --format pdf|docx|pptx|dxf|xlsx|gltf [--kind design] [--lang zh] -o FILE
//
// The file is checked (src/reports/project-file.ts: the export's schema, then every document by its
// step's schema): a bad one exits 2 with `{ "error": "invalid input", "issues": [{ "path", "message" }] }`
// on stderr naming the field. The report model (src/reports/report-model.ts) and the 8760 hours are
// worked out from it and the format's writer (src/reports/writers.ts) writes the bytes to FILE.
// Through `serve --stdio` (a JSON line each way) the same command takes `{ project, format, kind?,
// lang? }` and answers the file base64-encoded with its MIME type.
import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { reportFormats, reportKinds, reportLanguages, type ReportFormat, type ReportKind, type ReportLanguage } from '../../model/report.ts';
import { parseProjectFile, ProjectFileError } from '../../reports/project-file.ts';
import { reportHours, reportModel } from '../../reports/report-model.ts';
import { REPORT_WRITERS } from '../../reports/writers.ts';
import { defineCommand } from './command.ts';

const SUMMARY = 'a report file (pdf, docx, pptx, dxf, xlsx of the 8760 hours, gltf) of a project file (the project export); -o FILE';

export const reportInputSchema = z.object({
  /** The project file (checked by src/reports/project-file.ts). */
  project: z.unknown(),
  format: z.enum(reportFormats),
  kind: z.enum(reportKinds).default('design'),
  lang: z.enum(reportLanguages).default('zh'),
});

export const reportOutputSchema = z.object({
  format: z.enum(reportFormats),
  mime: z.string(),
  extension: z.string(),
  /** Size of the file [bytes]. */
  bytes: z.int(),
  /** The file, base64. */
  base64: z.string(),
});

/** An input problem the schema cannot see, in the shape the CLI reports (execute.ts inputErrorIssues). */
function inputError(path: string, message: string): Error {
  const e = new Error(message) as Error & { path: string };
  e.name = 'InputError';
  e.path = path;
  return e;
}

/** The report file of a project file; throws InputError naming the project file's field. */
export async function writeReportFile(project: unknown, format: ReportFormat, kind: ReportKind, language: ReportLanguage, pathPrefix = ''): Promise<Uint8Array> {
  let exp;
  try {
    exp = parseProjectFile(project);
  } catch (e) {
    if (e instanceof ProjectFileError) throw inputError(`${pathPrefix}${e.field}`, e.reason);
    throw e;
  }
  const model = reportModel(exp, new Date());
  const write = await REPORT_WRITERS[format].load();
  return write({ model, hours: reportHours(exp), project: exp, kind, language, template: null });
}

export const reportCommand = defineCommand({
  name: 'report',
  summary: SUMMARY,
  input: reportInputSchema,
  output: reportOutputSchema,
  run: async (input) => {
    const bytes = await writeReportFile(input.project, input.format, input.kind, input.lang, 'project.');
    const w = REPORT_WRITERS[input.format];
    return { format: input.format, mime: w.mime, extension: w.extension, bytes: bytes.byteLength, base64: Buffer.from(bytes).toString('base64') };
  },
});

interface Io {
  stderr: { write(s: string): unknown };
  stdout: { write(s: string): unknown };
}

const USAGE = 'Usage: pvstudio report project.json --format pdf|docx|pptx|dxf|xlsx|gltf [--kind design|evaluation|feasibility|economic] [--lang zh|en] -o FILE\n';

/** The one-shot form (see the file's header); resolves with the exit code (0 done, 2 usage or a bad file, 1 error). */
export async function reportMain(argv: readonly string[], io: Io): Promise<number> {
  const opts: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const m = /^--?(format|kind|lang|o|output)(?:=(.*))?$/.exec(a);
    if (m) {
      const value = m[2] ?? argv[++i];
      if (value === undefined || value === '') {
        io.stderr.write(`pvstudio report: ${a} needs a value\n\n${USAGE}`);
        return 2;
      }
      opts[m[1] === 'output' ? 'o' : m[1]] = value;
    } else if (a.startsWith('-') && a !== '-') {
      io.stderr.write(`pvstudio report: unknown option ${a}\n\n${USAGE}`);
      return 2;
    } else positional.push(a);
  }
  const args = reportInputSchema.omit({ project: true }).safeParse({ format: opts.format, kind: opts.kind, lang: opts.lang });
  if (positional.length !== 1 || !opts.o || !args.success) {
    const why = positional.length !== 1 ? 'give one project file' : !opts.o ? '-o FILE is required' : `--${String(args.error?.issues[0].path[0])}: ${args.error?.issues[0].message}`;
    io.stderr.write(`pvstudio report: ${why}\n\n${USAGE}`);
    return 2;
  }
  const fail = (code: number, body: Record<string, unknown>) => {
    io.stderr.write(`${JSON.stringify(body)}\n`);
    return code;
  };
  let document: unknown;
  try {
    document = JSON.parse(await readFile(positional[0], 'utf8'));
  } catch (e) {
    return fail(2, { error: 'invalid input', issues: [{ path: '', message: e instanceof Error ? e.message : String(e) }] });
  }
  let bytes: Uint8Array;
  try {
    bytes = await writeReportFile(document, args.data.format, args.data.kind, args.data.lang);
  } catch (e) {
    if (e instanceof Error && e.name === 'InputError') return fail(2, { error: 'invalid input', issues: [{ path: (e as Error & { path: string }).path, message: e.message }] });
    return fail(1, { error: 'internal error', message: e instanceof Error ? e.message : String(e) });
  }
  try {
    await writeFile(opts.o, bytes);
  } catch (e) {
    return fail(1, { error: 'cannot write output', message: e instanceof Error ? e.message : String(e) });
  }
  return 0;
}
