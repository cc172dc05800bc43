// `pvstudio serve --stdio`: many calls through one process (docs/ENGINE-API.md, "serve"). One JSON
// request per line on standard input, `{ "id": any, "command": "roof", "input": { … } }`, one response
// line per request on standard output, in order: `{ "id", "ok": true, "output" }` or
// `{ "id", "ok": false, "error": { "code", "message", "path?", "issues?" } }`. A bad line is answered
// and the process goes on; blank lines are skipped; the end of the input ends it (exit 0).
// Every command is validated and run by execute.ts, exactly as in the one-shot form; the engine and
// each command's module are loaded once, on first use, and kept for the following requests.
import { execute, lazyEngine, type Issue } from './execute.ts';
import { findCommand, type CommandContext } from './commands/index.ts';
import type { Io } from './main.ts';

/** The error codes of a response. */
export const SERVE_ERROR = {
  /** The line is not JSON. */
  INVALID_JSON: 'INVALID_JSON',
  /** The line is JSON but not a request object with a string `command` and an `input`. */
  INVALID_REQUEST: 'INVALID_REQUEST',
  /** No command of that name. */
  UNKNOWN_COMMAND: 'UNKNOWN_COMMAND',
  /** The input the command rejects (its zod schema, or the engine's InputError): as exit code 2. */
  INVALID_INPUT: 'INVALID_INPUT',
  /** Anything else (a bug): as exit code 1. */
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export type ServeErrorCode = (typeof SERVE_ERROR)[keyof typeof SERVE_ERROR];

export interface ServeError {
  code: ServeErrorCode;
  message: string;
  /** The offending path, dot-joined: inside `input` for INVALID_INPUT, of the request otherwise. */
  path?: string;
  /** Every issue of an INVALID_INPUT (the first one is `path` and `message`). */
  issues?: Issue[];
}

export type ServeResponse = { id: unknown; ok: true; output: unknown } | { id: unknown; ok: false; error: ServeError };

/**
 * The lines of a stream of text chunks (UTF-8 bytes or strings), without their \n or \r\n, in batches:
 * every line a chunk completes, together (the last line may lack its newline).
 */
export async function* lineBatches(input: AsyncIterable<string | Uint8Array>): AsyncGenerator<string[]> {
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of input) {
    const searched = pending.length; // what is pending has no newline: search only the new text
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    const batch: string[] = [];
    let start = 0;
    for (let nl = pending.indexOf('\n', searched); nl >= 0; nl = pending.indexOf('\n', start)) {
      batch.push(stripCr(pending.slice(start, nl)));
      start = nl + 1;
    }
    pending = pending.slice(start);
    if (batch.length > 0) yield batch;
  }
  pending += decoder.decode();
  if (pending !== '') yield [stripCr(pending)];
}

/** The lines of a stream of text chunks, one by one (see lineBatches). */
export async function* lines(input: AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  for await (const batch of lineBatches(input)) yield* batch;
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

function failure(id: unknown, code: ServeErrorCode, message: string, path?: string, issues?: Issue[]): ServeResponse {
  const error: ServeError = { code, message };
  if (path !== undefined) error.path = path;
  if (issues) error.issues = issues;
  return { id, ok: false, error };
}

/** The answer to one request line. */
export async function answer(line: string, ctx: CommandContext): Promise<ServeResponse> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return failure(null, SERVE_ERROR.INVALID_JSON, e instanceof Error ? e.message : String(e));
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return failure(null, SERVE_ERROR.INVALID_REQUEST, 'a request is an object { "id", "command", "input" }', '');
  }
  const { id = null, command: name, input } = request as { id?: unknown; command?: unknown; input?: unknown };
  if (typeof name !== 'string') return failure(id, SERVE_ERROR.INVALID_REQUEST, 'command must be a string', 'command');
  const entry = findCommand(name);
  if (!entry) return failure(id, SERVE_ERROR.UNKNOWN_COMMAND, `unknown command ${name}`, 'command');
  if (input === undefined) return failure(id, SERVE_ERROR.INVALID_REQUEST, 'input is required', 'input');
  let command;
  try {
    command = await entry.load();
  } catch (e) {
    return failure(id, SERVE_ERROR.INTERNAL_ERROR, `cannot load ${name}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const outcome = await execute(command, input, ctx);
  if (outcome.ok) return { id, ok: true, output: outcome.output };
  if (outcome.kind === 'input') {
    const [first] = outcome.issues;
    return failure(id, SERVE_ERROR.INVALID_INPUT, first?.message ?? 'invalid input', first?.path ?? '', outcome.issues);
  }
  return failure(id, SERVE_ERROR.INTERNAL_ERROR, outcome.message);
}

/** Longest an answer waits for the others of its chunk before it is written [ms]. */
const FLUSH_MS = 20;

/** Writes text, waiting for the stream to drain when it asks to (a slow reader). */
async function writeText(out: Io['stdout'], text: string): Promise<void> {
  const more = out.write(text);
  const stream = out as { once?(event: 'drain', listener: () => void): unknown };
  if (more === false && typeof stream.once === 'function') await new Promise<void>((resolve) => stream.once!('drain', resolve));
}

/**
 * Answers every request line of `io.stdin` on `io.stdout`, in order; resolves with exit code 0 at the
 * end of the input.
 * @param ctx what the commands use (default: the in-process engine, loaded by the first request that needs it)
 */
export async function serve(io: Io, ctx: CommandContext = { engine: lazyEngine() }): Promise<number> {
  // The answers to the lines of one chunk are written together (one write, not one per line), unless
  // they take long: then each goes out as soon as FLUSH_MS have passed since the last write.
  for await (const batch of lineBatches(io.stdin)) {
    let out = '';
    let since = performance.now();
    for (const line of batch) {
      if (line.trim() === '') continue;
      const response = await answer(line, ctx);
      try {
        out += JSON.stringify(response) + '\n';
      } catch (e) {
        out += JSON.stringify(failure(response.id, SERVE_ERROR.INTERNAL_ERROR, `the answer is not JSON: ${e instanceof Error ? e.message : String(e)}`)) + '\n';
      }
      if (performance.now() - since > FLUSH_MS) {
        await writeText(io.stdout, out);
        out = '';
        since = performance.now();
      }
    }
    if (out !== '') await writeText(io.stdout, out);
  }
  return 0;
}
