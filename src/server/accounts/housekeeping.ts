// Removes rows that can no longer be used: answered or expired security challenges and tickets,
// verification codes older than a day (the daily limit looks back one day), finished WeChat states,
// rate-limit counters of ended windows, wrong-password counters of names without a password idle
// for 30 days, and sessions that expired or were revoked more than 30 days ago (kept a while for
// audit). Each run also posts the membership reminders that have come due (7 days and 1 day before
// the end, once each: messages/reminders.ts).
import type { Kysely } from 'kysely';
import { addMs, DAY, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { remindExpiringMemberships } from '../messages/reminders.ts';

/** Interval of the periodic purge [ms]. */
export const HOUSEKEEPING_INTERVAL = 10 * 60_000;

export async function purgeExpired(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  await db.deleteFrom('security_challenges').where('expires_at', '<', now).execute();
  await db.deleteFrom('security_tickets').where('expires_at', '<', now).execute();
  await db.deleteFrom('verification_codes').where('created_at', '<', addMs(now, -DAY)).execute();
  await db.deleteFrom('wechat_states').where('expires_at', '<', now).execute();
  await db.deleteFrom('rate_limits').where('window_ends', '<', now).execute();
  await db.deleteFrom('sign_in_failures').where('updated_at', '<', addMs(now, -30 * DAY)).execute();
  await db.deleteFrom('sessions').where('expires_at', '<', addMs(now, -30 * DAY)).execute();
  await db
    .deleteFrom('sessions')
    .where('revoked_at', 'is not', null)
    .where('revoked_at', '<', addMs(now, -30 * DAY))
    .execute();
  await remindExpiringMemberships(db, clock);
}
