// The live project connection of an enterprise session (spec 000 §4 "Enterprise live access": one
// real-time connection per project; the server sends ACCESS_GRANTED or ACCESS_DENIED; on close or
// error while the user is not deliberately leaving, '连接已断开，请重新进入项目' and the enterprise
// project list; on leaving, a release message is sent and the connection closed; §7 "Live
// connection": a WebSocket at /websocket/{uuid}/{userId}/{enterpriseId}, on open and on leave the
// client sends {uuid, userId, enterpriseId}). The server side: docs/ENTERPRISE.md, the message
// schemas in src/model/api/enterprise.ts. No React and no DOM here: the socket comes from a factory,
// so the tests drive it with a fake.
import { liveServerMessage } from '../../model/api/enterprise.ts';

export interface LiveTarget {
  /** The project id (the spec's uuid). */
  uuid: string;
  userId: number;
  enterpriseId: number;
}

/** The part of the browser's WebSocket this module uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

/** WebSocket readyState OPEN. */
const OPEN = 1;

export type LiveState = 'connecting' | 'granted' | 'denied' | 'lost' | 'released';

/** Why the user is sent out: the server denied access (revoked, removed, replaced …) or the connection dropped. */
export interface LiveLoss {
  cause: 'denied' | 'closed';
  /** The server's reason when denied ('revoked', 'removed', 'replaced', 'no-permission' …). */
  reason: string | null;
}

/** ws(s)://host/websocket/{uuid}/{userId}/{enterpriseId} for the page at `location`. */
export function liveUrl(location: { protocol: string; host: string }, t: LiveTarget): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/websocket/${encodeURIComponent(t.uuid)}/${t.userId}/${t.enterpriseId}`;
}

/** One connection to one project: opens, tells the server, follows its answers, reports a loss once. */
export class LiveConnection {
  private socket: SocketLike | null = null;
  private leaving = false;
  private reported = false;
  state: LiveState = 'connecting';

  constructor(
    private readonly target: LiveTarget,
    private readonly factory: SocketFactory,
    private readonly url: string,
    private readonly onLoss: (loss: LiveLoss) => void,
    private readonly onState: (state: LiveState) => void = () => undefined,
  ) {}

  private message(type?: 'release'): string {
    const { uuid, userId, enterpriseId } = this.target;
    return JSON.stringify(type ? { uuid, userId, enterpriseId, type } : { uuid, userId, enterpriseId });
  }

  private set(state: LiveState): void {
    this.state = state;
    this.onState(state);
  }

  private lose(loss: LiveLoss): void {
    if (this.leaving || this.reported) return;
    this.reported = true;
    this.set(loss.cause === 'denied' ? 'denied' : 'lost');
    this.onLoss(loss);
  }

  open(): void {
    const s = this.factory(this.url);
    this.socket = s;
    s.onopen = () => {
      if (!this.leaving) s.send(this.message());
    };
    s.onmessage = (ev) => {
      let parsed;
      try {
        parsed = liveServerMessage.safeParse(JSON.parse(String(ev.data)));
      } catch {
        return;
      }
      if (!parsed.success || parsed.data.uuid !== this.target.uuid) return;
      const m = parsed.data;
      if (m.type === 'ACCESS_GRANTED') {
        if (!this.leaving && !this.reported) this.set('granted');
      } else if (m.type === 'ACCESS_DENIED') {
        this.lose({ cause: 'denied', reason: m.reason });
      } else if (this.leaving) {
        this.set('released');
      }
    };
    s.onclose = () => this.lose({ cause: 'closed', reason: null });
    s.onerror = () => this.lose({ cause: 'closed', reason: null });
  }

  /** Leaving the project on purpose: the release message, then the connection is closed. */
  release(): void {
    if (this.leaving) return;
    this.leaving = true;
    const s = this.socket;
    if (!s) return;
    if (s.readyState === OPEN && !this.reported) s.send(this.message('release'));
    s.close(1000, 'released');
    if (!this.reported) this.set('released');
  }
}

interface Held {
  connection: LiveConnection;
  holders: number;
  onLoss: Set<(loss: LiveLoss) => void>;
}

/**
 * One connection per project (spec 000 §4): the editor's parts that need it hold it; the first
 * holder opens it, the last one to let go releases it. A loss is told to every holder.
 */
export class LiveRegistry {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly factory: SocketFactory,
    private readonly urlOf: (t: LiveTarget) => string,
  ) {}

  /** Connections held now (tests). */
  get size(): number {
    return this.held.size;
  }

  /** Holds the project's connection; returns the function that lets go of it. */
  acquire(target: LiveTarget, onLoss: (loss: LiveLoss) => void): () => void {
    const key = `${target.enterpriseId}/${target.userId}/${target.uuid}`;
    let h = this.held.get(key);
    if (!h) {
      const listeners = new Set<(loss: LiveLoss) => void>();
      const connection = new LiveConnection(target, this.factory, this.urlOf(target), (loss) => {
        this.held.delete(key);
        for (const l of [...listeners]) l(loss);
      });
      h = { connection, holders: 0, onLoss: listeners };
      this.held.set(key, h);
      connection.open();
    }
    const entry = h;
    entry.holders++;
    entry.onLoss.add(onLoss);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      entry.onLoss.delete(onLoss);
      entry.holders--;
      if (entry.holders > 0) return;
      if (this.held.get(key) === entry) this.held.delete(key);
      entry.connection.release();
    };
  }
}
