// The user's messages (personal centre /user/message): other services post them, the owner lists,
// counts, reads and deletes them. A message is a kind and its parameters (src/model/api/messages.ts),
// stored as JSON and rendered in the reader's language by the web app. Only the owner ever sees a
// message: every read and write is filtered by the user id, and another user's message answers 404
// like a missing one.
//
// Posting: `await app.services.messages.post(userId, { kind: 'drone.modelled', params: { … } })`.
// The parameters are checked against the kind's schema (a wrong shape is a programming error and
// throws). With `dedupeKey`, a message is posted at most once per user and key (the membership
// reminders use it so that every housekeeping run can ask again safely).
import type { Kysely } from 'kysely';
import { MESSAGE_PARAMS, type MessageKind, type NewMessage, type UserMessage } from '../../model/api/messages.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';

export interface MessageListFilter {
  page: number;
  size: number;
  status: 'all' | 'unread' | 'read';
}

export class MessageService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /**
   * Posts a message to a user; returns its id, or null when `dedupeKey` was used before for this user.
   * Throws when the parameters do not fit the kind (zod error).
   */
  async post(userId: number, message: NewMessage, options: { dedupeKey?: string } = {}): Promise<number | null> {
    const params = MESSAGE_PARAMS[message.kind].parse(message.params);
    const row = await this.db
      .insertInto('user_messages')
      .values({ user_id: userId, kind: message.kind, params: JSON.stringify(params), dedupe_key: options.dedupeKey ?? null, created_at: this.clock.now(), read_at: null })
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * 'share.copied' to the sharer when `copierId` copied the shared project `projectId`: names the
   * project (as it is now) and the copier (name, nickname, or the phone with its middle hidden).
   */
  async shareCopied(sharerId: number, projectId: number, copierId: number): Promise<void> {
    if (sharerId === copierId) return;
    const project = await this.db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirst();
    const copier = await this.db.selectFrom('users').select(['name', 'nick_name', 'phone', 'email']).where('id', '=', copierId).executeTakeFirst();
    if (!project || !copier) return;
    await this.post(sharerId, { kind: 'share.copied', params: { projectId, projectName: project.name, by: displayName(copier) } });
  }

  /** A page of the user's messages, newest first, with the user's unread count. */
  async list(userId: number, f: MessageListFilter): Promise<{ total: number; page: number; size: number; unread: number; list: UserMessage[] }> {
    let q = this.db.selectFrom('user_messages').where('user_id', '=', userId);
    if (f.status === 'unread') q = q.where('read_at', 'is', null);
    else if (f.status === 'read') q = q.where('read_at', 'is not', null);
    const rows = await q
      .select(['id', 'kind', 'params', 'created_at', 'read_at'])
      .orderBy('id', 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute();
    const n = await q.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return {
      total: Number(n.n),
      page: f.page,
      size: f.size,
      unread: await this.unread(userId),
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind as MessageKind,
        params: JSON.parse(r.params) as Record<string, unknown>,
        read: r.read_at !== null,
        createTime: r.created_at.toISOString(),
        readTime: r.read_at ? r.read_at.toISOString() : null,
      })),
    };
  }

  /** How many of the user's messages are unread. */
  async unread(userId: number): Promise<number> {
    const n = await this.db
      .selectFrom('user_messages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(n.n);
  }

  /** Marks one message read (reading it again changes nothing); 404 when it is not the user's. */
  async markRead(userId: number, id: number): Promise<number> {
    const own = await this.db.selectFrom('user_messages').select(['id', 'read_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!own) throw apiError('MESSAGE_NOT_FOUND', {}, { field: 'id' });
    if (own.read_at) return 0;
    await this.db.updateTable('user_messages').set({ read_at: this.clock.now() }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute();
    return 1;
  }

  /** Marks every unread message of the user read; returns how many. */
  async markAllRead(userId: number): Promise<number> {
    const r = await this.db.updateTable('user_messages').set({ read_at: this.clock.now() }).where('user_id', '=', userId).where('read_at', 'is', null).returning('id').execute();
    return r.length;
  }

  /** Deletes one message; 404 when it is not the user's. */
  async delete(userId: number, id: number): Promise<number> {
    const gone = await this.db.deleteFrom('user_messages').where('id', '=', id).where('user_id', '=', userId).returning('id').executeTakeFirst();
    if (!gone) throw apiError('MESSAGE_NOT_FOUND', {}, { field: 'id' });
    return 1;
  }
}

/** How a user is named to another user: name, nickname, phone 138****0000, or the e-mail's domain hidden. */
export function displayName(u: { name: string | null; nick_name: string | null; phone: string | null; email: string | null }): string {
  if (u.name) return u.name;
  if (u.nick_name) return u.nick_name;
  if (u.phone) return `${u.phone.slice(0, 3)}****${u.phone.slice(-4)}`;
  if (u.email) return `${u.email.split('@')[0]}@…`;
  return '—';
}
