// The alarm page's filter controls → the alarm/getList query: a "from" date is the start of that local
// day, a "to" date the end of it (both as ISO 8601 instants), an empty choice leaves the filter out.

/** 'YYYY-MM-DD' (a local calendar day) → the ISO instant of its start, or of its end with `end`. */
export function dayBound(day: string, end = false): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + (end ? 1 : 0));
  if (Number.isNaN(d.getTime())) return undefined;
  return new Date(d.getTime() - (end ? 1 : 0)).toISOString();
}

/** The read filter's choice → the query's read flag ('' → every alarm). */
export function readFlag(choice: '' | 'read' | 'unread'): boolean | undefined {
  return choice === '' ? undefined : choice === 'read';
}
