// The dashboard's proportions (spec 001 §2 dashboard: residential versus C&I, province distribution,
// personnel project distribution): each value's share of the total and of the largest, in percent,
// for bars; empty and all-zero inputs give zero shares rather than NaN.

/** Each value's share of the sum [%] (0 when the sum is 0). */
export function percentOfTotal(values: readonly number[]): number[] {
  const total = values.reduce((s, v) => s + Math.max(0, v), 0);
  return values.map((v) => (total > 0 ? (Math.max(0, v) / total) * 100 : 0));
}

/** Each value's length against the largest [%] (a bar list's widths; 0 when all are 0). */
export function percentOfLargest(values: readonly number[]): number[] {
  const top = values.reduce((m, v) => Math.max(m, v), 0);
  return values.map((v) => (top > 0 ? (Math.max(0, v) / top) * 100 : 0));
}

/** The first `n` rows and the rest summed into one 'other' row (a long province list stays readable). */
export function topWithOther<T extends { projects: number; capacity: number }>(rows: readonly T[], n: number, other: (projects: number, capacity: number) => T): T[] {
  if (rows.length <= n) return [...rows];
  const rest = rows.slice(n);
  return [...rows.slice(0, n), other(rest.reduce((s, r) => s + r.projects, 0), rest.reduce((s, r) => s + r.capacity, 0))];
}
