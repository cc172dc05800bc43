// pvstudio: the headless engine from the command line (docs/ENGINE-API.md, "the command line" and
// "serve").
//
//   pvstudio <command> [input.json | -] [-o output.json] [--compact]
//   pvstudio schema <command>
//   pvstudio serve --stdio
//
// One JSON document in (a file, or standard input for `-` or no file), one JSON document out on
// stdout (or the -o file). Exit codes: 0 done (an engine-level failure is `success: false`, still 0);
// 2 usage, unreadable input, malformed JSON or input the schema rejects (a JSON error on stderr
// naming the offending path, nothing on stdout); 1 anything else (a bug, an unwritable output).
// `serve --stdio` answers one request per line instead (serve.ts), with the same validation.
// This module loads nothing heavy: the command registry holds names, summaries and loaders, and zod,
// the model's schemas and the engine are imported only by the command that runs (`--help` starts at
// once). The `pvstudio` bin (pvstudio.mjs) runs the compiled copy of it in build/cli when it is there.
import { readFile, writeFile } from 'node:fs/promises';
import { commands, findCommand, type Command } from './commands/index.ts';
import { execute, lazyEngine } from './execute.ts';

export interface Io {
  stdin: AsyncIterable<string | Uint8Array>;
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

export const EXIT = { OK: 0, FAILURE: 1, USAGE: 2 } as const;

interface Args {
  command: string;
  file?: string;
  output?: string;
  format?: string;
  compact: boolean;
  help: boolean;
  stdio: boolean;
}

export function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length), 'schema <command>'.length) + 2;
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`);
  return [
    'Usage: pvstudio <command> [input.json | -] [-o output.json] [--compact] [--format <name>]',
    '       pvstudio schema <command>',
    '       pvstudio serve --stdio',
    '',
    'Reads one JSON document (the file, or standard input for - or no file) and writes one JSON',
    'document to stdout, or to the -o file.',
    '',
    'Commands:',
    ...lines,
    `  ${'schema <command>'.padEnd(width)}print the JSON Schema of a command's input and output`,
    `  ${'serve --stdio'.padEnd(width)}one JSON request per line on stdin, { "id", "command", "input" } → one`,
    `  ${''.padEnd(width)}response line each on stdout, { "id", "ok", "output" | "error" }; exit 0 at the end`,
    '',
    'Exit codes: 0 done (an engine failure is "success": false), 2 invalid input or usage, 1 error.',
    'Environment: PVSTUDIO_ENGINE=release|debug|reference picks the kernels (default release).',
    'Runs compiled from build/cli (`npm run build:cli`, part of `npm run build`) when that is newer than',
    'its sources, else from the TypeScript sources through tsx; PVSTUDIO_CLI=source forces the sources,',
    'PVSTUDIO_CLI=compiled the build (exit 1 when it is missing or stale).',
    '',
  ].join('\n');
}

/** Parses the command line; a string is a usage error. */
export function parseArgs(argv: readonly string[]): Args | string {
  const args: Args = { command: '', compact: false, help: false, stdio: false };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') args.help = true;
    else if (a === '--compact') args.compact = true;
    else if (a === '--stdio') args.stdio = true;
    else if (a === '-o' || a === '--output') {
      const next = argv[++i];
      if (next === undefined || next === '') return `${a} needs a file name`;
      args.output = next;
    } else if (a.startsWith('--output=')) args.output = a.slice('--output='.length);
    else if (a === '--format') {
      const next = argv[++i];
      if (next === undefined || next === '') return `${a} needs a format name`;
      args.format = next;
    } else if (a.startsWith('--format=')) args.format = a.slice('--format='.length);
    else if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    } else if (a.startsWith('-') && a !== '-') return `unknown option ${a}`;
    else positional.push(a);
  }
  args.command = positional[0] ?? '';
  if (positional.length > 2) return `too many arguments: ${positional.slice(2).join(' ')}`;
  args.file = positional[1];
  return args;
}

function json(value: unknown, compact: boolean): string {
  return (compact ? JSON.stringify(value) : JSON.stringify(value, null, 2)) + '\n';
}

/** The JSON Schemas of a command: `{ input, output }` (input as accepted, defaults optional). */
export function commandSchemas(command: Command): { input: unknown; output: unknown } {
  // The schemas' own method (z.toJSONSchema without importing zod here).
  return {
    input: command.input.toJSONSchema({ io: 'input', unrepresentable: 'any' }),
    output: command.output.toJSONSchema({ io: 'output', unrepresentable: 'any' }),
  };
}

async function readInput(file: string | undefined, io: Io): Promise<string> {
  if (file !== undefined && file !== '-') return readFile(file, 'utf8');
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of io.stdin) text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** Runs pvstudio with the given arguments; resolves with the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  const fail = (code: number, body: Record<string, unknown>) => {
    io.stderr.write(json(body, true));
    return code;
  };
  const usageError = (message: string) => {
    io.stderr.write(`pvstudio: ${message}\n\n${usage()}`);
    return EXIT.USAGE;
  };

  // `report` writes a binary file and takes its own options (commands/report.ts).
  if (argv[0] === 'report' && !argv.includes('--help') && !argv.includes('-h')) return (await import('./commands/report.ts')).reportMain(argv.slice(1), io);
  const args = parseArgs(argv);
  if (typeof args === 'string') return usageError(args);
  if (args.command === 'help' || (args.help && !args.command)) {
    io.stdout.write(usage());
    return EXIT.OK;
  }
  if (!args.command) return usageError('no command given');

  if (args.command === 'serve') {
    if (args.help) {
      io.stdout.write('pvstudio serve --stdio\n  one JSON request per line on stdin, one response line per request on stdout (docs/ENGINE-API.md, "serve")\n');
      return EXIT.OK;
    }
    if (!args.stdio) return usageError('serve needs --stdio (requests on standard input, answers on standard output)');
    if (args.file !== undefined || args.output !== undefined || args.format !== undefined) return usageError('serve --stdio takes no input file, -o or --format');
    const { serve } = await import('./serve.ts');
    return serve(io);
  }
  if (args.stdio) return usageError('--stdio is an option of serve');

  if (args.command === 'schema') {
    const target = args.file;
    if (!target) return usageError('schema needs a command name');
    const entry = findCommand(target);
    if (!entry) return usageError(`unknown command ${target}`);
    const text = json(commandSchemas(await entry.load()), args.compact);
    if (args.output) await writeFile(args.output, text);
    else io.stdout.write(text);
    return EXIT.OK;
  }

  const entry = findCommand(args.command);
  if (!entry) return usageError(`unknown command ${args.command}`);
  const command = await entry.load();
  if (args.help) {
    const formats = Object.keys(command.formats ?? {});
    const formatHelp = formats.length ? ` [--format ${['json', ...formats].join('|')}]` : '';
    io.stdout.write(`pvstudio ${entry.name} [input.json | -] [-o output.json] [--compact]${formatHelp}\n  ${entry.summary}\n`);
    return EXIT.OK;
  }
  const format = args.format === undefined || args.format === 'json' ? undefined : command.formats?.[args.format];
  if (args.format !== undefined && args.format !== 'json' && !format) {
    return usageError(`${command.name} has no format ${args.format} (formats: ${['json', ...Object.keys(command.formats ?? {})].join(', ')})`);
  }

  let text: string;
  try {
    text = await readInput(args.file, io);
  } catch (e) {
    return fail(EXIT.USAGE, { error: 'cannot read input', message: e instanceof Error ? e.message : String(e) });
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (e) {
    return fail(EXIT.USAGE, { error: 'invalid JSON', issues: [{ path: '', message: e instanceof Error ? e.message : String(e) }] });
  }
  const outcome = await execute(command, document, { engine: lazyEngine() }, format?.prepare);
  if (!outcome.ok) {
    return outcome.kind === 'input'
      ? fail(EXIT.USAGE, { error: 'invalid input', issues: outcome.issues })
      : fail(EXIT.FAILURE, { error: 'internal error', message: outcome.message });
  }

  const out = format ? format.write(outcome.output) : json(outcome.output, args.compact);
  if (args.output) {
    try {
      await writeFile(args.output, out);
    } catch (e) {
      return fail(EXIT.FAILURE, { error: 'cannot write output', message: e instanceof Error ? e.message : String(e) });
    }
  } else io.stdout.write(out);
  return EXIT.OK;
}
