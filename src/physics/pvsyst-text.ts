// The PVsyst component text format shared by .PAN (PV module) and .OND (grid inverter) files: a tree
// of `Key=Value` lines. A block opens with `PVObject_…=pvType` (closed by `End of PVObject pvType`),
// `Key=TType` (closed by `End of TType`), `Name, Count=n` (closed by `End of Name…`) or
// `Name, list of=n tType` (closed by `End of List Name`). Indentation is two spaces per level but is
// not relied upon: blocks are matched by their `End of` lines.
//
// Format as read by pvlib-python `pvlib.iotools.read_panond` (C. Krening, pvlib PR #1749, 2023) and
// as written by PVsyst 6–8 ("PVsyst help: component files"). Our own reader, not a port.
import { EQUIPMENT_MESSAGES } from '../model/equipment.ts';

/** A block of a PVsyst file: its type (`pvModule`, `TCubicProfile`…) and its entries in file order. */
export interface PvsystBlock {
  /** The block's type: the value of the line that opened it (`pvCommercial`, `TConverter`…). */
  type: string;
  /** Scalar values (raw text) and nested blocks, by key. A repeated key keeps the last value. */
  entries: Map<string, string | PvsystBlock>;
}

/** Why a file could not be read. */
export type PvsystErrorCode = 'NOT_TEXT' | 'NOT_PVSYST' | 'WRONG_OBJECT' | 'MISSING_FIELDS' | 'INVALID_VALUES';

/** A .PAN/.OND file that cannot be imported; `fields` names the missing or invalid fields. */
export class PvsystFileError extends Error {
  readonly code: PvsystErrorCode;
  readonly fields: readonly string[];
  constructor(code: PvsystErrorCode, message: string, fields: readonly string[] = []) {
    super(message);
    this.name = 'PvsystFileError';
    this.code = code;
    this.fields = fields;
  }
}

/** What a PVsyst reader accepts: the file's text or its bytes (UTF-8, or Windows-1252 from PVsyst < 6.8). */
export type PvsystInput = string | Uint8Array | ArrayBuffer;

const SELECT = EQUIPMENT_MESSAGES.selectPanOnd;

/**
 * The file's text. Bytes are decoded as UTF-8, or as Windows-1252 when they are not valid UTF-8.
 * @throws PvsystFileError NOT_TEXT for binary content (NUL bytes or many control characters)
 */
export function decodePvsyst(input: PvsystInput): string {
  let text: string;
  if (typeof input === 'string') {
    text = input;
  } else {
    const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let control = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) throw new PvsystFileError('NOT_TEXT', `${SELECT}: the file is binary, not a PVsyst text file`);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) control++;
  }
  if (control > 0.01 * text.length + 2) {
    throw new PvsystFileError('NOT_TEXT', `${SELECT}: the file is binary, not a PVsyst text file`);
  }
  return text;
}

interface Line {
  key: string;
  value: string;
  /** For an `End of …` line: the text after `End of `. */
  end?: string;
}

function splitLines(text: string): Line[] {
  const out: Line[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('End of ')) {
      out.push({ key: '', value: '', end: line.slice(7).trim() });
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) out.push({ key: line, value: '' });
    else out.push({ key: line.slice(0, eq).trim(), value: line.slice(eq + 1).trim() });
  }
  return out;
}

/** The `End of …` text that would close a block opened by `line`, or null when it opens none. */
function closerOf(line: Line): ((end: string) => boolean) | null {
  const { key, value } = line;
  if (key.startsWith('PVObject_')) return (end) => end.startsWith('PVObject') || end === value;
  const comma = key.indexOf(',');
  if (comma > 0) {
    const base = key.slice(0, comma).trim();
    const kind = key.slice(comma + 1).trim().toLowerCase();
    if (kind === 'count') return (end) => end === base || end.startsWith(`${base}=`) || end.startsWith(`${base} `);
    if (kind === 'list of') return (end) => end === `List ${base}`;
  }
  if (/^T[A-Z]\w*$/.test(value)) return (end) => end === value;
  return null;
}

/**
 * Parses PVsyst component text into its block tree.
 * @param input file text or bytes
 * @returns the root block (`type` = `pvModule`, `pvGInverter`…)
 * @throws PvsystFileError NOT_TEXT (binary) or NOT_PVSYST (no `PVObject_=` root line)
 */
export function parsePvsystText(input: PvsystInput): PvsystBlock {
  const lines = splitLines(decodePvsyst(input));
  const first = lines[0];
  if (first === undefined || first.key !== 'PVObject_' || first.value === '') {
    throw new PvsystFileError('NOT_PVSYST', `${SELECT}: the file does not start with a PVsyst "PVObject_=" line`);
  }
  const root: PvsystBlock = { type: first.value, entries: new Map() };
  const stack: PvsystBlock[] = [root];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const top = stack[stack.length - 1];
    if (line.end !== undefined) {
      if (stack.length === 1) break; // end of the root object: anything after it is ignored
      stack.pop();
      continue;
    }
    const closes = closerOf(line);
    const opens = closes !== null && lines.slice(i + 1).some((l) => l.end !== undefined && closes(l.end));
    if (opens) {
      const block: PvsystBlock = { type: line.value, entries: new Map() };
      top.entries.set(line.key, block);
      stack.push(block);
    } else {
      top.entries.set(line.key, line.value);
    }
  }
  return root;
}

/** Reads fields of a parsed file by dotted path (`pvCommercial.Model` is `PVObject_Commercial.Model`). */
export class PvsystReader {
  /** Paths of mandatory fields that were absent or empty. */
  readonly missing: string[] = [];
  /** Paths of fields whose text is not a number. */
  readonly invalid: string[] = [];

  constructor(readonly root: PvsystBlock) {}

  /** The block at a dotted path of keys, or undefined. */
  block(path: string): PvsystBlock | undefined {
    let node: PvsystBlock | undefined = this.root;
    for (const key of path.split('.')) {
      const next: string | PvsystBlock | undefined = node?.entries.get(key);
      node = typeof next === 'object' ? next : undefined;
    }
    return node;
  }

  /** The raw text at a dotted path (`Block.Key`), or undefined when absent or empty. */
  text(path: string): string | undefined {
    const dot = path.lastIndexOf('.');
    const block = dot < 0 ? this.root : this.block(path.slice(0, dot));
    const v = block?.entries.get(path.slice(dot + 1));
    return typeof v === 'string' && v !== '' ? v : undefined;
  }

  /** A number at a path, or undefined (absent); text that is not a number is recorded as invalid. */
  number(path: string): number | undefined {
    const t = this.text(path);
    if (t === undefined) return undefined;
    const n = Number(t);
    if (!Number.isFinite(n)) {
      this.invalid.push(path);
      return undefined;
    }
    return n;
  }

  /** A mandatory number: when absent it is recorded as missing and NaN is returned. */
  requireNumber(path: string): number {
    const n = this.number(path);
    if (n === undefined) {
      if (!this.invalid.includes(path)) this.missing.push(path);
      return Number.NaN;
    }
    return n;
  }

  /** A mandatory text: when absent it is recorded as missing and '' is returned. */
  requireText(path: string): string {
    const t = this.text(path);
    if (t === undefined) {
      this.missing.push(path);
      return '';
    }
    return t;
  }

  /** A comma-separated list of numbers (`530.0,720.0,850.0,`), empty items dropped. */
  numberList(path: string): number[] | undefined {
    const t = this.text(path);
    if (t === undefined) return undefined;
    const items = t.split(',').map((s) => s.trim()).filter((s) => s !== '');
    const out = items.map(Number);
    if (out.some((n) => !Number.isFinite(n))) {
      this.invalid.push(path);
      return undefined;
    }
    return out;
  }

  /**
   * The points of a `TCubicProfile` block (`Point_1=x,y` …), the first `NPtsEff` of them.
   * @returns [x, y] pairs, or undefined when the block is absent
   */
  profile(path: string): Array<[number, number]> | undefined {
    const block = this.block(path);
    if (block === undefined) return undefined;
    const effective = Number(block.entries.get('NPtsEff'));
    const out: Array<[number, number]> = [];
    for (let i = 1; ; i++) {
      const v = block.entries.get(`Point_${i}`);
      if (typeof v !== 'string') break;
      if (Number.isFinite(effective) && effective > 0 && i > effective) break;
      const [x, y] = v.split(',').map((s) => Number(s.trim()));
      if (!Number.isFinite(x) || !Number.isFinite(y)) {
        this.invalid.push(`${path}.Point_${i}`);
        return undefined;
      }
      out.push([x, y]);
    }
    return out;
  }

  /** Throws MISSING_FIELDS / INVALID_VALUES naming the fields, when any were recorded. */
  assertComplete(fileKind: '.PAN' | '.OND'): void {
    if (this.missing.length > 0) {
      throw new PvsystFileError(
        'MISSING_FIELDS',
        `The ${fileKind} file lacks mandatory fields: ${this.missing.join(', ')}`,
        [...this.missing],
      );
    }
    if (this.invalid.length > 0) {
      throw new PvsystFileError(
        'INVALID_VALUES',
        `The ${fileKind} file has fields that are not numbers: ${this.invalid.join(', ')}`,
        [...this.invalid],
      );
    }
  }
}

/** Builds the INVALID_VALUES error of a mapped entry that fails the library schema. */
export function schemaError(
  fileKind: '.PAN' | '.OND',
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): PvsystFileError {
  const fields = issues.map((i) => i.path.map(String).join('.'));
  const detail = issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ');
  return new PvsystFileError('INVALID_VALUES', `The ${fileKind} file has invalid values: ${detail}`, fields);
}
