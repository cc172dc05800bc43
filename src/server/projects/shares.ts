// Share links of a project (spec 001 §3 "Share", §4 "Shared project", §9; spec 000 §6): a view link
// valid 1, 3, 7 or 30 days that anyone can open without signing in; a copyable link valid 2 hours
// through which a signed-in user copies the project into their own account; a report link. The key
// in the link has the md5 format of the original API (32 hex digits) but is 128 random bits, not a
// digest of anything guessable; the database keeps only its SHA-256. An unknown or altered key
// answers 404, an expired one 410: neither reveals anything about other projects.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PROJECT_LIMITS } from '../../model/api/projects.ts';
import { sha256 } from '../accounts/tokens.ts';
import { addMs, DAY, HOUR, type Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';

export type ShareKind = 'view' | 'copy' | 'report';

export interface ShareLink {
  shareKey: string;
  url: string;
  kind: ShareKind;
  expiresAt: string;
}

export interface ResolvedShare {
  projectId: number;
  sharerId: number;
  kind: ShareKind;
  expiresAt: Date;
}

/** A new share key: 32 hex digits (an MD5 of 32 random bytes). */
function newShareKey(): string {
  return createHash('md5').update(randomBytes(32)).digest('hex');
}

export class ShareService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {}

  /**
   * A new link for a project of `userId` (404 when not theirs): view for `days`, copy for 2 h, report
   * for `days` (default 7).
   */
  async create(userId: number, projectId: number, kind: ShareKind, days?: number): Promise<ShareLink> {
    const now = this.clock.now();
    const ttl = kind === 'copy' ? PROJECT_LIMITS.copyLinkHours * HOUR : (days ?? 7) * DAY;
    const expiresAt = addMs(now, ttl);
    const key = newShareKey();
    const owned = await this.db.selectFrom('projects').select('id').where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
    if (!owned) throw apiError('PROJECT_NOT_FOUND');
    await this.db
      .insertInto('project_shares')
      .values({ key_hash: sha256(key), project_id: projectId, user_id: userId, kind, days: kind === 'copy' ? null : (days ?? 7), created_at: now, expires_at: expiresAt, revoked_at: null })
      .execute();
    return { shareKey: key, url: this.urlOf(key, kind), kind, expiresAt: expiresAt.toISOString() };
  }

  urlOf(key: string, kind: ShareKind): string {
    return kind === 'report' ? `${this.publicUrl}/shareReport?shareKey=${key}` : `${this.publicUrl}/home/shareProject?shareKey=${key}`;
  }

  /** The project a key opens; 404 for an unknown key, 410 once expired or revoked. */
  async resolve(key: string): Promise<ResolvedShare> {
    const row = await this.db.selectFrom('project_shares').selectAll().where('key_hash', '=', sha256(key)).executeTakeFirst();
    if (!row) throw apiError('SHARE_NOT_FOUND', {}, { field: 'shareKey' });
    if (row.revoked_at || row.expires_at <= this.clock.now()) throw apiError('SHARE_EXPIRED', {}, { field: 'shareKey' });
    return { projectId: row.project_id, sharerId: row.user_id, kind: row.kind as ShareKind, expiresAt: row.expires_at };
  }

  /** A key that may still be copied (copy links within their 2 hours). */
  async resolveForCopy(key: string): Promise<ResolvedShare> {
    let share: ResolvedShare;
    try {
      share = await this.resolve(key);
    } catch (err) {
      if ((err as { key?: string }).key === 'SHARE_EXPIRED') throw apiError('SHARE_NOT_COPYABLE', {}, { field: 'shareKey' });
      throw err;
    }
    if (share.kind !== 'copy') throw apiError('SHARE_NOT_COPYABLE', {}, { field: 'shareKey' });
    return share;
  }

  /** Ends every link of a project of `userId`. */
  async revokeAll(userId: number, projectId: number): Promise<number> {
    const r = await this.db
      .updateTable('project_shares')
      .set({ revoked_at: this.clock.now() })
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    return r.length;
  }
}
