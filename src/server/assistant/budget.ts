// The assistant's per-user limits (issue 22 item 3): chats started per minute (a fixed window counted
// in the shared rate_limits table, db/rate-limit-store.ts, so every server process counts the same)
// and prompt + completion tokens per UTC day (assistant_usage, migration 0015), both from the
// configuration (AI_RATE_PER_MINUTE, AI_DAILY_TOKENS). A chat is refused with 429 before it reaches
// the model when either is used up; the tokens of an answer are added when it ends (also when it was
// cut, as far as the model reported them).
import { sql, type Kysely } from 'kysely';
import { hit } from '../db/rate-limit-store.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { AssistantConfig } from './config.ts';

const MINUTE_MS = 60_000;

/** The UTC day of `now`, 'YYYY-MM-DD'. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Tokens `userId` used on the UTC day of `now`. */
export async function tokensUsed(db: Kysely<Database>, userId: number, now: Date): Promise<number> {
  const r = await db.selectFrom('assistant_usage').select(['prompt_tokens', 'completion_tokens']).where('user_id', '=', userId).where('day', '=', dayOf(now)).executeTakeFirst();
  return r ? Number(r.prompt_tokens) + Number(r.completion_tokens) : 0;
}

/** Counts one chat; throws 429 over the rate or the day's budget. */
export async function admitChat(db: Kysely<Database>, config: AssistantConfig, userId: number, now: Date): Promise<void> {
  if ((await tokensUsed(db, userId, now)) >= config.dailyTokens) {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    throw apiError('ASSISTANT_BUDGET', { tokens: config.dailyTokens }, { retryAfter: Math.max(1, Math.ceil((midnight - now.getTime()) / 1000)) });
  }
  const r = await hit(db, now, `assistant:user:${userId}`, MINUTE_MS);
  if (r.current > config.perMinute) throw apiError('ASSISTANT_TOO_FREQUENT', { max: config.perMinute }, { retryAfter: Math.max(1, Math.ceil(r.ttl / 1000)) });
}

/** Adds an answer's tokens to the user's day. */
export async function addUsage(db: Kysely<Database>, userId: number, now: Date, usage: { promptTokens: number; completionTokens: number }): Promise<void> {
  await db
    .insertInto('assistant_usage')
    .values({ user_id: userId, day: dayOf(now), prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet({
        prompt_tokens: sql<number>`assistant_usage.prompt_tokens + excluded.prompt_tokens`,
        completion_tokens: sql<number>`assistant_usage.completion_tokens + excluded.completion_tokens`,
      }),
    )
    .execute();
}
