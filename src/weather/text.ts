// Text helpers shared by the weather readers: line splitting, a quote-aware CSV field splitter, strict
// number parsing, and the one error type every reader throws (naming the format, the 1-based line and
// the field). Pure: no I/O, so the readers run in a browser worker as well as in Node.

/** A weather file that cannot be read: what, where (1-based line, field name) and why. */
export class WeatherParseError extends Error {
  override readonly name = 'WeatherParseError';
  /** The format being read ('EPW', 'TMY3', 'PVGIS CSV', …). */
  readonly format: string;
  /** 1-based line number in the file, when the problem is on one line. */
  readonly line: number | undefined;
  /** Field (column) name, when the problem is in one field. */
  readonly field: string | undefined;

  constructor(format: string, message: string, where: { line?: number; field?: string } = {}) {
    const at = [where.line !== undefined ? `line ${where.line}` : '', where.field ? `field ${where.field}` : '']
      .filter(Boolean)
      .join(', ');
    super(`${format}${at ? ` ${at}` : ''}: ${message}`);
    this.format = format;
    this.line = where.line;
    this.field = where.field;
  }
}

/** The lines of a text (LF or CRLF), without a leading byte-order mark. */
export function splitLines(text: string): string[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body.split(/\r?\n/);
}

/**
 * The fields of one comma-separated line. Double-quoted fields may hold commas; `""` inside quotes is
 * a literal quote. Fields are not trimmed.
 */
export function splitCsv(line: string, separator = ','): string[] {
  if (!line.includes('"')) return line.split(separator);
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A decimal number, strictly: surrounding blanks allowed, nothing else. Negative zero becomes 0.
 * Throws a WeatherParseError naming the format, line and field otherwise.
 */
export function parseNumber(raw: string | undefined, format: string, line: number, field: string): number {
  const s = raw?.trim() ?? '';
  if (s === '') throw new WeatherParseError(format, 'value is missing (empty)', { line, field });
  if (!NUMBER.test(s)) throw new WeatherParseError(format, `'${s}' is not a number`, { line, field });
  return Number(s) + 0;
}

/** The index of `name` in `headers` (trimmed, exact), or -1. */
export function columnIndex(headers: readonly string[], name: string): number {
  return headers.findIndex((h) => h.trim() === name);
}

/**
 * Parses a JSON document (text, or a value already parsed) with a zod schema; a syntax error or the
 * first schema issue becomes a WeatherParseError naming the format and the field.
 */
export function parseJsonDocument<T>(input: unknown, schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } } }, format: string): T {
  let value: unknown = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch (e) {
      throw new WeatherParseError(format, `not valid JSON (${(e as Error).message})`);
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new WeatherParseError(format, issue.message, { field: issue.path.map(String).join('.') });
  }
  return parsed.data;
}
