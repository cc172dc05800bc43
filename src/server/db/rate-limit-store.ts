// The store of @fastify/rate-limit's counters in the database (table rate_limits), so that every
// server process on one database counts the same requests. Fixed windows: the first hit of a key
// opens a window of `timeWindow` [ms]; hits in it are counted in one atomic upsert (no lost update
// between processes); the first hit after it opens the next. Time is the app's clock.
//
// The plugin builds one store, and a child for each limiter (`createRateLimit(options)`); a child
// prefixes its keys with the `bucket` named in the options, so that one address has separate
// counters per bucket while limiters of one bucket on several routes share theirs.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import { addMs, type Clock } from '../clock.ts';
import type { Database } from './schema.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The counter of `key` after one more hit: hits in the window and the window's remaining time [ms]. */
export async function hit(db: Kysely<Database>, now: Date, key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
  const ends = addMs(now, timeWindow);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_ends: ends })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_ends <= ${now} then 1 else rate_limits.hits + 1 end`,
        window_ends: sql<Date>`case when rate_limits.window_ends <= ${now} then excluded.window_ends else rate_limits.window_ends end`,
      }),
    )
    .returning(['hits', 'window_ends'])
    .executeTakeFirstOrThrow();
  return { current: row.hits, ttl: Math.max(0, row.window_ends.getTime() - now.getTime()) };
}

/** The counter of `key` without a hit (0 when no window is open). */
export async function peek(db: Kysely<Database>, now: Date, key: string): Promise<{ current: number; ttl: number }> {
  const row = await db.selectFrom('rate_limits').select(['hits', 'window_ends']).where('key', '=', key).executeTakeFirst();
  if (!row || row.window_ends <= now) return { current: 0, ttl: 0 };
  return { current: row.hits, ttl: row.window_ends.getTime() - now.getTime() };
}

/** The store class the plugin instantiates (`store` option), bound to a database and a clock. */
export function databaseRateLimitStore(db: Kysely<Database>, clock: Clock): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: { bucket?: unknown }) {
      this.prefix = typeof options.bucket === 'string' ? `${options.bucket}:` : '';
    }

    incr(key: string, callback: Callback, timeWindow?: number): void {
      hit(db, clock.now(), this.prefix + key, timeWindow ?? 60_000).then(
        (r) => callback(null, r),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    read(key: string, callback: Callback): void {
      peek(db, clock.now(), this.prefix + key).then(
        (r) => callback(null, r),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(options: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(options as { bucket?: unknown });
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
