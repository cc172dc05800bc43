// Generated ids (spec 000 §9): 16 random letters followed by a millisecond timestamp.
import { GEOMETRY, IDS, TOO_MANY_MESSAGE } from './constants.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Raised when more ids are asked for than the engine's cap allows. */
export class TooManyError extends Error {
  readonly code = 'TOO_MANY';
  constructor() {
    super(TOO_MANY_MESSAGE);
  }
}

function randomLetters(n: number): string {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  let s = '';
  for (let i = 0; i < n; i++) s += LETTERS[bytes[i] % LETTERS.length];
  return s;
}

/** One new id: 16 random letters + Date.now(). */
export function newId(now: number = Date.now()): string {
  return randomLetters(IDS.randomLetters) + String(now);
}

/** `count` distinct new ids; throws TooManyError past the engine's entity cap. */
export function newIds(count: number, now: number = Date.now()): string[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  if (count > GEOMETRY.maxEntities) throw new TooManyError();
  const seen = new Set<string>();
  const out: string[] = [];
  while (out.length < count) {
    const id = newId(now);
    if (!seen.has(id)) {
      seen.add(id);
      out.push(id);
    }
  }
  return out;
}

const ID_PATTERN = /^[A-Za-z]{16}\d+$/;
/** Whether a string has the shape of a generated id. */
export function isGeneratedId(id: string): boolean {
  return ID_PATTERN.test(id);
}
