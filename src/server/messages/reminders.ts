// Reminders the housekeeping posts: the satellite membership ends in 7 days, then in 1 day (spec 001
// §3 Membership; MEMBERSHIP_REMINDER_DAYS). Each reminder is posted once per membership end: the
// dedupe key names the end time and the stage, so a renewal (a new end) arms both again, and a run
// that finds less than a day left posts only the 1-day reminder (the 7-day one would be wrong by then).
import type { Kysely } from 'kysely';
import { MEMBERSHIP_REMINDER_DAYS } from '../../model/api/messages.ts';
import { addMs, DAY, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { MessageService } from './messages.ts';

/** The reminder stage due `remainingMs` before the end [days], or null when none is due yet. */
export function reminderStage(remainingMs: number): number | null {
  if (remainingMs <= 0) return null;
  const stages = [...MEMBERSHIP_REMINDER_DAYS].sort((a, b) => a - b);
  return stages.find((d) => remainingMs <= d * DAY) ?? null;
}

/** Posts the due membership reminders; returns how many were posted now. */
export async function remindExpiringMemberships(db: Kysely<Database>, clock: Clock, messages = new MessageService(db, clock)): Promise<number> {
  const now = clock.now();
  const longest = Math.max(...MEMBERSHIP_REMINDER_DAYS);
  const due = await db
    .selectFrom('memberships')
    .select(['user_id', 'expires_at'])
    .where('expires_at', '>', now)
    .where('expires_at', '<=', addMs(now, longest * DAY))
    .execute();
  let posted = 0;
  for (const m of due) {
    if (!m.expires_at) continue;
    const stage = reminderStage(m.expires_at.getTime() - now.getTime());
    if (stage === null) continue;
    const expiresAt = m.expires_at.toISOString();
    const id = await messages.post(m.user_id, { kind: 'membership.expiring', params: { expiresAt, days: stage } }, { dedupeKey: `membership.expiring:${expiresAt}:${stage}` });
    if (id !== null) posted++;
  }
  return posted;
}
