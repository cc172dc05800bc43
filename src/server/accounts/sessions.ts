// Sign-in sessions: an opaque random token, sent back as `Authorization: Bearer <token>` or in the
// `loginToken` cookie (spec 000 §3); the database keeps its SHA-256, so sessions are revocable
// (logout, password change) and expire after POLICY.sessionTtl. Expired, revoked or unknown
// tokens answer 401, a disabled account 403 (the client clears its session on both, spec 000 §4).
//
// Every signed-in call starts with a lookup, so a looked-up session (with its user) is kept in this
// process for SESSION_CACHE_TTL, keyed by the token's SHA-256. Expiry is checked against the clock
// on every use. Any write to `sessions` or `users` through this process's database (logout,
// revocation, password change, disabling, profile changes) drops the whole cache at once (the
// write watcher of db/table-writes.ts); a lookup that raced with such a write is not cached. The
// bound: a revocation, expiry change or user change made by ANOTHER process (or committed by a
// transaction of this one while a lookup read the old row) is seen here at most SESSION_CACHE_TTL
// later. Without a write watcher on the database nothing is cached.
import { performance } from 'node:perf_hooks';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { addMs, type Clock } from '../clock.ts';
import type { Database, Session, User } from '../db/schema.ts';
import { tableWritesOf } from '../db/table-writes.ts';
import { apiError } from '../errors.ts';
import { POLICY } from './policy.ts';
import { randomToken, sha256 } from './tokens.ts';

export const TOKEN_COOKIE = 'loginToken';

/** [ms] How long a looked-up session is reused without asking the database (see the file header). */
export const SESSION_CACHE_TTL = 5_000;
/** Most sessions kept; the oldest entry goes first. */
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  user: User;
  session: Session;
  /** [ms] performance.now() when read from the database. */
  readAt: number;
}

/** 'password_change': signed in with the initial system password; may only change it (and sign out). */
export type SessionScope = 'full' | 'password_change';

export interface AuthContext {
  user: User;
  session: Session;
  /** The raw token of this request. */
  token: string;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
  sessionId: number;
}

/** The token of a request: the bearer header first, then the cookie. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (m) return m[1];
  }
  const cookie = request.cookies?.[TOKEN_COOKIE];
  return cookie ? cookie : null;
}

export class SessionService {
  /** Token SHA-256 → the session read from the database; null: no write watcher, no cache. */
  private readonly cache: Map<string, CachedSession> | null;
  /** Counts cache drops: a lookup caches its row only when no drop happened while it read. */
  private generation = 0;
  /** Token SHA-256 → the database read under way for it, and the generation it began in. */
  private readonly reading = new Map<string, { generation: number; read: Promise<{ user: User; session: Session } | null> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {
    const writes = tableWritesOf(db);
    this.cache = writes ? new Map() : null;
    writes?.watch(['sessions', 'users'], () => this.dropCache());
  }

  /** Forgets every cached session (any write to sessions or users). */
  private dropCache(): void {
    this.generation++;
    this.cache?.clear();
  }

  async create(userId: number, scope: SessionScope, meta: { source?: string | null; ip?: string | null; userAgent?: string | null }): Promise<NewSession> {
    const token = randomToken(32);
    const now = this.clock.now();
    const expiresAt = addMs(now, POLICY.sessionTtl);
    const row = await this.db
      .insertInto('sessions')
      .values({
        user_id: userId,
        token_hash: sha256(token),
        scope,
        source: meta.source?.slice(0, 64) ?? null,
        ip: meta.ip ?? null,
        user_agent: meta.userAgent?.slice(0, 256) ?? null,
        created_at: now,
        expires_at: expiresAt,
        last_seen_at: now,
        revoked_at: null,
        revoked_reason: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { token, expiresAt, sessionId: row.id };
  }

  /** The session of a token, or null when unknown, expired or revoked. */
  async lookup(token: string): Promise<{ user: User; session: Session } | null> {
    const now = this.clock.now();
    const hash = sha256(token);
    const hit = this.cache?.get(hash);
    if (hit && performance.now() - hit.readAt < SESSION_CACHE_TTL) {
      if (hit.session.expires_at <= now) return null;
      // The cached rows are frozen: a caller cannot change the cache by changing its user or session.
      if (now.getTime() - hit.session.last_seen_at.getTime() <= POLICY.sessionTouchInterval) return { user: hit.user, session: hit.session };
    }
    // Calls that miss together share one read (when the cache entry of a busy token ages out, every
    // call in flight would otherwise ask the database at once); a call joins only a read begun since
    // the last cache drop, so a call after a logout never gets a row read before it.
    const pending = this.reading.get(hash);
    if (pending && pending.generation === this.generation) return pending.read;
    const generation = this.generation;
    const read = this.read(hash, now, generation).finally(() => {
      if (this.reading.get(hash)?.read === read) this.reading.delete(hash);
    });
    this.reading.set(hash, { generation, read });
    return read;
  }

  /** The session of a token hash from the database (lookup); cached when no drop happened meanwhile. */
  private async read(hash: string, now: Date, generation: number): Promise<{ user: User; session: Session } | null> {
    // One round trip: the session with its user (every signed-in call starts here).
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .selectAll('u')
      .select([
        's.id as s_id',
        's.user_id as s_user_id',
        's.token_hash as s_token_hash',
        's.scope as s_scope',
        's.source as s_source',
        's.ip as s_ip',
        's.user_agent as s_user_agent',
        's.created_at as s_created_at',
        's.expires_at as s_expires_at',
        's.last_seen_at as s_last_seen_at',
        's.revoked_at as s_revoked_at',
        's.revoked_reason as s_revoked_reason',
      ])
      .where('s.token_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return null;
    const { s_id, s_user_id, s_token_hash, s_scope, s_source, s_ip, s_user_agent, s_created_at, s_expires_at, s_last_seen_at, s_revoked_at, s_revoked_reason, ...user } = row;
    const session: Session = {
      id: s_id,
      user_id: s_user_id,
      token_hash: s_token_hash,
      scope: s_scope,
      source: s_source,
      ip: s_ip,
      user_agent: s_user_agent,
      created_at: s_created_at,
      expires_at: s_expires_at,
      last_seen_at: s_last_seen_at,
      revoked_at: s_revoked_at,
      revoked_reason: s_revoked_reason,
    };
    if (session.revoked_at || session.expires_at <= now) return null;
    if (now.getTime() - session.last_seen_at.getTime() > POLICY.sessionTouchInterval) {
      // (A write to sessions: drops the cache, and this lookup is not cached; the next one is.)
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', session.id).execute();
    }
    // Frozen (not copied: a spread of a 20-column row costs more than the rest of a cache hit): the
    // rows go to every call that shared the read and, cached, to later ones.
    Object.freeze(user);
    Object.freeze(session);
    if (this.cache && this.generation === generation) {
      if (this.cache.size >= SESSION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(hash, { user, session, readAt: performance.now() });
    }
    return { user, session };
  }

  /**
   * The signed-in user of a request, or an ApiError: 401 without a valid session, 403 for a disabled
   * account, 428 while the initial password must be changed (unless `allowPasswordChange`).
   */
  async require(request: FastifyRequest, options: { allowPasswordChange?: boolean } = {}): Promise<AuthContext> {
    const token = tokenOf(request);
    if (!token) throw apiError('UNAUTHORIZED');
    const found = await this.lookup(token);
    if (!found) throw apiError('UNAUTHORIZED');
    if (!found.user.enabled) throw apiError('ACCOUNT_DISABLED');
    if (found.session.scope !== 'full' && !options.allowPasswordChange) throw apiError('PASSWORD_CHANGE_REQUIRED');
    return { ...found, token };
  }

  /** The signed-in user, or null (routes that also serve visitors). */
  async optional(request: FastifyRequest): Promise<AuthContext | null> {
    const token = tokenOf(request);
    if (!token) return null;
    const found = await this.lookup(token);
    return found && found.user.enabled ? { ...found, token } : null;
  }

  /** Revokes one token (logout); true when a live session was revoked. */
  async revokeToken(token: string, reason: string): Promise<boolean> {
    // (The update drops the session cache before it is sent and again when it is answered.)
    const r = await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now(), revoked_reason: reason })
      .where('token_hash', '=', sha256(token))
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return r.length > 0;
  }

  /** Revokes every session of a user but `keep` (password changed or reset). */
  async revokeAll(userId: number, reason: string, keep: number | null = null): Promise<void> {
    let q = this.db.updateTable('sessions').set({ revoked_at: this.clock.now(), revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (keep !== null) q = q.where('id', '!=', keep);
    await q.execute();
  }
}
