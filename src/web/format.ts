// Display formats shared by the pages: dates, thousand separators (spec 000 §5 "a thousand-separator
// formatting helper exists for numbers"), long names.
import { PROJECT_LIMITS } from '../model/api/projects.ts';

/** '2025-03-01' from an ISO timestamp (local date), '—' when absent or invalid. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** '2025-03-01 14:05' (local time). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${formatDate(iso)} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** 1234567.891 → '1,234,567.89' (at most `decimals` decimals; '—' for null / non-finite). */
export function thousands(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const [int, frac] = (Math.round(value * 10 ** decimals) / 10 ** decimals).toFixed(decimals).split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = frac ? frac.replace(/0+$/, '') : '';
  return sign + grouped + (trimmed ? `.${trimmed}` : '');
}

/** Names longer than this show in a popover (spec 001 §2, §9). */
export const NAME_POPOVER_LENGTH = PROJECT_LIMITS.namePopoverLength;

/** Whether a project name needs the popover (more than 20 characters, counted as code points). */
export function needsPopover(name: string): boolean {
  return [...name].length > NAME_POPOVER_LENGTH;
}

/** The first 20 characters and an ellipsis, or the name itself. */
export function shortName(name: string): string {
  const chars = [...name];
  return chars.length > NAME_POPOVER_LENGTH ? chars.slice(0, NAME_POPOVER_LENGTH).join('') + '…' : name;
}
