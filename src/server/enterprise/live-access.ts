// Live project access of enterprise members (spec 000 §4 "Enterprise live access": one real-time
// connection per project; the server sends ACCESS_GRANTED or ACCESS_DENIED; on leaving the client
// sends a release message and the connection is closed; §7 "Live connection": a WebSocket at
// /websocket/{uuid}/{userId}/{enterpriseId}, on open and on leave the client sends a JSON message with
// uuid, userId, enterpriseId; §8 '连接已断开，请重新进入项目'). This process's hub:
//   - a connection is checked when it opens (the signed-in user must be the path's userId, a member
//     of the path's organisation, and allowed to open the project: creator, administrator or granted)
//     and answered ACCESS_GRANTED, or ACCESS_DENIED and closed;
//   - one connection per user and project: a newer one, on any process, closes the older one
//     (ACCESS_DENIED 'replaced');
//   - revoking a member's grant (or removing the member) closes their connections on every process
//     with ACCESS_DENIED and the spec's text (events on the LiveBus: LISTEN / NOTIFY on PostgreSQL);
//   - every open connection is recorded in enterprise_live_connections (the socket existence check)
//     and re-checked every `sweepMs`, which also catches a change whose event was lost; rows of a
//     process that died are dropped when older than STALE_SWEEPS sweeps.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import { ENTERPRISE_MESSAGES, LIVE_CLOSE, liveClientMessage, type LiveDenyReason, type LiveServerMessage } from '../../model/api/enterprise.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { LiveBus, LiveEvent } from './live-bus.ts';
import { enterpriseProjectAccess } from './projects.ts';

/** A connection is taken as gone when its row was not refreshed for this many sweeps. */
export const STALE_SWEEPS = 3;

const DENY_TEXT: Record<LiveDenyReason, string> = {
  'no-permission': 'You do not have the permission to open this project',
  revoked: ENTERPRISE_MESSAGES.connectionLost,
  removed: ENTERPRISE_MESSAGES.connectionLost,
  replaced: ENTERPRISE_MESSAGES.connectionLost,
  'not-member': ENTERPRISE_MESSAGES.notEnterprise,
  invalid: 'You have been logged out. Please log in again',
};

interface Connection {
  id: string;
  socket: WebSocket;
  userId: number;
  projectId: number;
  enterpriseId: number;
  uuid: string;
  /** ACCESS_GRANTED sent and not yet closed. */
  open: boolean;
  /** The client's open message came (a later message without a type is the release). */
  seenOpen: boolean;
}

export class LiveAccess {
  readonly serverId = randomUUID();
  private readonly connections = new Map<string, Connection>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly bus: LiveBus,
    private readonly log: FastifyBaseLogger,
    private readonly sweepMs: number,
  ) {
    bus.subscribe((e) => {
      this.onEvent(e).catch((err: unknown) => this.log.error({ err }, 'live access: an event failed'));
    });
    this.timer = setInterval(() => {
      this.sweep().catch((err: unknown) => this.log.error({ err }, 'live access: the sweep failed'));
    }, sweepMs);
    this.timer.unref();
  }

  get busKind(): string {
    return this.bus.kind;
  }

  /** Connections open on this process (tests, metrics). */
  get size(): number {
    return this.connections.size;
  }

  private send(socket: WebSocket, m: LiveServerMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
  }

  private deny(socket: WebSocket, uuid: string, reason: LiveDenyReason): void {
    this.send(socket, { type: 'ACCESS_DENIED', uuid, reason, msg: DENY_TEXT[reason] });
    socket.close(reason === 'invalid' ? LIVE_CLOSE.invalid : LIVE_CLOSE.denied, reason);
  }

  /**
   * Takes a new connection: `authUserId` is the signed-in user (null: none), the rest the path's.
   * Answers ACCESS_GRANTED or ACCESS_DENIED (and closes). Messages that arrive while the access is
   * being checked are kept and handled after the answer.
   */
  async accept(socket: WebSocket, authUserId: number | null, path: { uuid: string; userId: number; enterpriseId: number }): Promise<void> {
    const early: string[] = [];
    let conn: Connection | null = null;
    socket.on('message', (raw) => {
      const text = raw.toString();
      if (conn) this.onMessage(conn, text);
      else early.push(text);
    });
    socket.on('close', () => {
      if (conn) void this.forget(conn);
    });
    const projectId = Number(path.uuid);
    if (authUserId === null || authUserId !== path.userId || !Number.isInteger(projectId)) return this.deny(socket, path.uuid, 'invalid');
    const member = await this.db.selectFrom('enterprise_members').select('id').where('enterprise_id', '=', path.enterpriseId).where('user_id', '=', authUserId).executeTakeFirst();
    if (!member) return this.deny(socket, path.uuid, 'not-member');
    const access = await enterpriseProjectAccess(this.db, authUserId, projectId);
    if (!access || access.enterpriseId !== path.enterpriseId) return this.deny(socket, path.uuid, 'no-permission');
    const c: Connection = { id: randomUUID(), socket, userId: authUserId, projectId, enterpriseId: path.enterpriseId, uuid: path.uuid, open: true, seenOpen: false };
    const now = this.clock.now();
    await this.db
      .insertInto('enterprise_live_connections')
      .values({ connection_id: c.id, enterprise_id: c.enterpriseId, project_id: projectId, user_id: authUserId, server_id: this.serverId, opened_at: now, seen_at: now })
      .execute();
    this.connections.set(c.id, c);
    conn = c;
    // Closed while its access was checked: nothing to answer.
    if (socket.readyState !== socket.OPEN) return this.forget(c);
    this.send(socket, { type: 'ACCESS_GRANTED', uuid: path.uuid });
    // The older connections of this user to this project, on any process, are closed.
    await this.bus.publish({ type: 'deny', enterpriseId: c.enterpriseId, userId: authUserId, projectId, reason: 'replaced', except: c.id });
    for (const text of early) this.onMessage(c, text);
  }

  /** The client's messages: open (answered with the state again) and release (closes). */
  private onMessage(c: Connection, text: string): void {
    let m;
    try {
      m = liveClientMessage.parse(JSON.parse(text));
    } catch {
      return;
    }
    if (m.uuid !== c.uuid || m.userId !== c.userId || m.enterpriseId !== c.enterpriseId) return;
    const type = m.type ?? (c.seenOpen ? 'release' : 'open');
    c.seenOpen = true;
    if (type === 'open') {
      if (c.open) this.send(c.socket, { type: 'ACCESS_GRANTED', uuid: c.uuid });
      return;
    }
    c.open = false;
    this.send(c.socket, { type: 'RELEASED', uuid: c.uuid });
    c.socket.close(LIVE_CLOSE.released, 'released');
    void this.forget(c);
  }

  private async forget(c: Connection): Promise<void> {
    c.open = false;
    if (!this.connections.delete(c.id)) return;
    await this.db.deleteFrom('enterprise_live_connections').where('connection_id', '=', c.id).execute().catch((err: unknown) => this.log.warn({ err }, 'live access: a connection row was not removed'));
  }

  private close(c: Connection, reason: LiveDenyReason): void {
    if (!c.open) return;
    c.open = false;
    this.deny(c.socket, c.uuid, reason);
    void this.forget(c);
  }

  private async onEvent(e: LiveEvent): Promise<void> {
    if (e.type === 'deny') {
      for (const c of [...this.connections.values()]) {
        if (c.enterpriseId !== e.enterpriseId || c.userId !== e.userId || c.id === e.except) continue;
        if (e.projectId !== null && c.projectId !== e.projectId) continue;
        this.close(c, e.reason);
      }
      return;
    }
    for (const c of [...this.connections.values()]) {
      if (c.enterpriseId !== e.enterpriseId || (e.userId !== null && c.userId !== e.userId)) continue;
      await this.recheck(c);
    }
  }

  /** Closes a connection whose access is gone ('removed' when no longer a member, else 'revoked'). */
  private async recheck(c: Connection): Promise<void> {
    const access = await enterpriseProjectAccess(this.db, c.userId, c.projectId);
    if (access && access.enterpriseId === c.enterpriseId) return;
    const member = await this.db.selectFrom('enterprise_members').select('id').where('enterprise_id', '=', c.enterpriseId).where('user_id', '=', c.userId).executeTakeFirst();
    this.close(c, member ? 'revoked' : 'removed');
  }

  /** Tells every process to close a user's connections (revoked grant, removed member). */
  denyUser(enterpriseId: number, userId: number, projectId: number | null, reason: LiveDenyReason): Promise<void> {
    return this.bus.publish({ type: 'deny', enterpriseId, userId, projectId, reason, except: null });
  }

  /** Tells every process to check a user's (or everyone's) connections to an organisation again. */
  recheckAll(enterpriseId: number, userId: number | null): Promise<void> {
    return this.bus.publish({ type: 'recheck', enterpriseId, userId });
  }

  /** The socket existence check: an open connection of the user to the organisation's project, on any process. */
  async exists(enterpriseId: number, userId: number, projectId: number): Promise<{ exists: boolean; since: string | null }> {
    const fresh = new Date(this.clock.now().getTime() - STALE_SWEEPS * this.sweepMs);
    const r = await this.db
      .selectFrom('enterprise_live_connections')
      .select(['opened_at'])
      .where('enterprise_id', '=', enterpriseId)
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .where('seen_at', '>', fresh)
      .orderBy('opened_at', 'desc')
      .executeTakeFirst();
    return { exists: r !== undefined, since: r ? r.opened_at.toISOString() : null };
  }

  /** Refreshes this process's rows, re-checks every connection, drops dead processes' rows. */
  async sweep(): Promise<void> {
    const now = this.clock.now();
    await this.db.updateTable('enterprise_live_connections').set({ seen_at: now }).where('server_id', '=', this.serverId).execute();
    for (const c of [...this.connections.values()]) await this.recheck(c);
    await this.db
      .deleteFrom('enterprise_live_connections')
      .where('seen_at', '<', new Date(now.getTime() - STALE_SWEEPS * this.sweepMs))
      .where('server_id', '!=', this.serverId)
      .execute();
  }

  /** Closes this process's connections (server going away: 1001) and its rows. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const c of this.connections.values()) {
      c.open = false;
      c.socket.close(1001, 'server going away');
    }
    this.connections.clear();
    await this.db.deleteFrom('enterprise_live_connections').where('server_id', '=', this.serverId).execute().catch(() => undefined);
    await this.bus.close();
  }
}
