// The comparison's limits (spec 000 §5, §9; 001 §2, §5): 2 to 3 projects, with the spec's messages.
import { PROJECT_LIMITS } from '../../model/api/projects.ts';
import type { MessageKey } from '../i18n/index.ts';

/** Why `count` selected projects cannot be compared (a catalogue key), or null when they can. */
export function compareProblem(count: number): MessageKey | null {
  if (count < PROJECT_LIMITS.compareMin) return 'home.compare.atLeast';
  if (count > PROJECT_LIMITS.compareMax) return 'home.compare.atMost';
  return null;
}

/** Project ids from the compare page's `ids` query ('3,5,8'): positive integers, no repeats. */
export function parseCompareIds(text: string | null): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)];
}
