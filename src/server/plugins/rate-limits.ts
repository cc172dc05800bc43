// The abuse limits of the account routes (RATE_LIMITS in accounts/policy.ts): @fastify/rate-limit
// with its counters in the database (db/rate-limit-store.ts), so they hold across server processes.
// Routes take a guard as their preHandler (after the schema check, so the account is the parsed
// field): `preHandler: app.limits.guard('signIn', bodyField('phone'))`. A guard counts the
// request in its bucket's per-address counter (the client address; IPv6 by /64, the plugin's own
// key) and, when the route names one, the per-account counter; over either limit it answers 429
// with the bucket's error and Retry-After.
import rateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { RATE_LIMITS, type RateLimitBucket } from '../accounts/policy.ts';
import { databaseRateLimitStore } from '../db/rate-limit-store.ts';
import { apiError } from '../errors.ts';
import '../types.ts';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The account a request is about (a phone or an e-mail), or null when it names none. */
export type AccountOf = (req: FastifyRequest) => string | null | undefined;

/** The account in a (validated) body field, e.g. `bodyField('phone')`. */
export function bodyField(...names: string[]): AccountOf {
  return (req) => firstString(req.body, names);
}

/** The account in a (validated) query field. */
export function queryField(...names: string[]): AccountOf {
  return (req) => firstString(req.query, names);
}

function firstString(source: unknown, names: string[]): string | null {
  if (typeof source !== 'object' || source === null) return null;
  for (const n of names) {
    const v = (source as Record<string, unknown>)[n];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return null;
}

/** A sign-in name as counted: trimmed, lower case (e-mails are case-insensitive). */
export function accountKey(name: string | null | undefined): string | null {
  const k = name?.trim().toLowerCase();
  return k ? k : null;
}

export class AbuseLimits {
  private readonly byAddress = new Map<RateLimitBucket, Limiter>();
  private readonly byAccount = new Map<RateLimitBucket, Limiter>();

  constructor(private readonly app: FastifyInstance) {}

  private limiter(bucket: RateLimitBucket, scope: 'address' | 'account'): Limiter {
    const cache = scope === 'address' ? this.byAddress : this.byAccount;
    let limiter = cache.get(bucket);
    if (!limiter) {
      const spec = RATE_LIMITS[bucket];
      const max = scope === 'address' ? spec.perAddress : (spec.perAccount ?? Number.MAX_SAFE_INTEGER);
      // `bucket` travels to the store's child (it names the counters); the account limiter's key
      // is the account the guard found on the request.
      const options = {
        max,
        timeWindow: spec.window,
        bucket: `${bucket}:${scope}`,
        ...(scope === 'account' ? { keyGenerator: (req: FastifyRequest) => accountOfRequest.get(req) ?? '' } : {}),
      } as CreateRateLimitOptions;
      limiter = this.app.createRateLimit(options);
      cache.set(bucket, limiter);
    }
    return limiter;
  }

  /** Counts `req` in `bucket` (per address, and per account when `account` names one); throws 429 when over. */
  async check(req: FastifyRequest, bucket: RateLimitBucket, account?: string | null): Promise<void> {
    const spec = RATE_LIMITS[bucket];
    const results = [await this.limiter(bucket, 'address')(req)];
    const key = spec.perAccount === null ? null : accountKey(account);
    if (key) {
      accountOfRequest.set(req, key);
      results.push(await this.limiter(bucket, 'account')(req));
    }
    const over = results.filter((r) => !r.isAllowed && r.isExceeded);
    if (over.length > 0) throw apiError(spec.error, {}, { retryAfter: Math.max(1, ...over.map((r) => (r.isAllowed ? 0 : r.ttlInSeconds))) });
  }

  /** A preHandler that checks `bucket` for the request (and the account `accountOf` finds in it). */
  guard(bucket: RateLimitBucket, accountOf?: AccountOf): preHandlerAsyncHookHandler {
    return async (req) => {
      await this.check(req, bucket, accountOf?.(req));
    };
  }
}

/** The account key of a request being checked (read by the account limiters' key generator). */
const accountOfRequest = new WeakMap<FastifyRequest, string>();

declare module 'fastify' {
  interface FastifyInstance {
    /** The abuse limits (RATE_LIMITS): guards for the account routes. */
    limits: AbuseLimits;
  }
}

export default fp(
  async (app) => {
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.db, app.clock) });
    app.decorate('limits', new AbuseLimits(app));
  },
  { name: 'rate-limits', dependencies: ['config', 'database'] },
);
