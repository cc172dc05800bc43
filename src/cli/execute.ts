// One pvstudio command call on a parsed JSON document: validation by the command's zod schema, the
// run, and the classification of what went wrong (docs/ENGINE-API.md, "the command line" and "serve").
// The one-shot form (main.ts) turns the outcome into an exit code and a JSON error on stderr, serve
// mode (serve.ts) into one response line; both go through `execute`, so both validate alike.
import type { z } from 'zod';
import type { EngineApi } from '../engine/types.ts';
import type { Command, CommandContext } from './commands/index.ts';

/** One problem with the input: its zod issue path joined with dots ('' for the whole document). */
export interface Issue {
  path: string;
  message: string;
}

/** What one call gave: the output, input the command rejects, or a failure of ours. */
export type Outcome =
  | { ok: true; output: unknown }
  | { ok: false; kind: 'input'; issues: Issue[] }
  | { ok: false; kind: 'internal'; message: string };

export function zodIssues(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
}

/** An error thrown by the engine for input the schema cannot see (an unknown point id …): errors.ts. */
export function inputErrorIssues(e: unknown): Issue[] | undefined {
  if (!(e instanceof Error) || e.name !== 'InputError') return undefined;
  const { path, issues } = e as Error & { path?: unknown; issues?: unknown };
  if (Array.isArray(issues) && issues.length > 0) {
    return issues.map((i: { path?: unknown; message?: unknown }) => ({ path: String(i.path ?? ''), message: String(i.message ?? e.message) }));
  }
  const p = Array.isArray(path) ? path.map(String).join('.') : typeof path === 'string' ? path : '';
  return [{ path: p, message: e.message }];
}

/** The in-process engine, loaded on first use and then shared by every call given this context. */
export function lazyEngine(): CommandContext['engine'] {
  let engine: Promise<EngineApi> | undefined;
  return () =>
    (engine ??= import('../engine/api.ts').then(({ loadEngine, engineVariantFromEnv }) => loadEngine(engineVariantFromEnv())));
}

/**
 * Validates a document with the command's input schema and runs the command.
 * @param prepare adjusts the parsed input before the run (an output format asking for what it needs)
 */
export async function execute(command: Command, document: unknown, ctx: CommandContext, prepare?: (input: unknown) => unknown): Promise<Outcome> {
  const parsed = command.input.safeParse(document);
  if (!parsed.success) return { ok: false, kind: 'input', issues: zodIssues(parsed.error) };
  try {
    const output = await command.run(prepare ? prepare(parsed.data) : parsed.data, ctx);
    return { ok: true, output };
  } catch (e) {
    const issues = inputErrorIssues(e);
    if (issues) return { ok: false, kind: 'input', issues };
    return { ok: false, kind: 'internal', message: e instanceof Error ? e.message : String(e) };
  }
}
