// Errors of the engine's host side. InputError: the input is wrong in a way its zod schema cannot see
// (an unknown point id, a duplicate id, outer lines that do not close) or fails the schema when the
// engine is called directly. The CLI turns it into exit code 2 and the HTTP layer into 400, both
// naming `path`. Its fields are plain data, so they survive a worker boundary (pool.ts).
import type { z } from 'zod';

/** A path into the input document, as zod reports it: keys and array indices. */
export type InputPath = (string | number)[];

/** One problem with the input: where, and what. */
export interface InputIssue {
  /** The path joined with dots ('building.lines.3.idp1'). */
  path: string;
  message: string;
}

export class InputError extends Error {
  override readonly name = 'InputError';
  /** Where the (first) problem is. */
  readonly path: InputPath;
  /** Every problem found (at least the first). */
  readonly issues: InputIssue[];

  /** path: an array, or a dotted string ('lines.3.id', numeric parts become indices). */
  constructor(path: InputPath | string, message: string, issues?: InputIssue[]) {
    super(message);
    this.path = typeof path === 'string' ? parsePath(path) : [...path];
    this.issues = issues ?? [{ path: this.path.map(String).join('.'), message }];
  }
}

function parsePath(path: string): InputPath {
  if (path === '') return [];
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** An InputError from a failed zod parse: its first issue's path and message, all issues listed. */
export function inputErrorFromZod(error: z.ZodError): InputError {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = error.issues[0];
  const path = first ? first.path.map((p) => (typeof p === 'number' ? p : String(p))) : [];
  return new InputError(path, first?.message ?? 'invalid input', issues);
}
