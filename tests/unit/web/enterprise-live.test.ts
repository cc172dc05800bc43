// The live project connection of an enterprise session (spec 000 §4 "Enterprise live access", §7
// "Live connection", §8 '连接已断开，请重新进入项目'), driven with a fake WebSocket: the open message
// {uuid, userId, enterpriseId} once connected, ACCESS_GRANTED, a denial or a drop while not leaving
// reported once (the page then shows the text and goes to the enterprise project list), the release
// message and close on leaving with nothing reported, and one connection per project.
import { describe, expect, it } from 'vitest';
import { LiveConnection, LiveRegistry, liveUrl, type LiveLoss, type SocketLike } from '../../../src/web/session/enterprise-live.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    if (this.readyState !== 1) throw new Error('send before open');
    this.sent.push(data);
  }
  close(code?: number, reason?: string): void {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  // the server's side
  opened(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(m: unknown): void {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  dropped(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const TARGET = { uuid: '42', userId: 5, enterpriseId: 3 };

function connection() {
  const sockets: FakeSocket[] = [];
  const losses: LiveLoss[] = [];
  const states: string[] = [];
  const c = new LiveConnection(TARGET, (url) => sockets[sockets.push(new FakeSocket(url)) - 1], 'ws://h/websocket/42/5/3', (l) => losses.push(l), (s) => states.push(s));
  c.open();
  return { c, socket: sockets[0], losses, states };
}

describe('liveUrl', () => {
  it('is /websocket/{uuid}/{userId}/{enterpriseId} on the page host, wss under https', () => {
    expect(liveUrl({ protocol: 'http:', host: '127.0.0.1:3000' }, TARGET)).toBe('ws://127.0.0.1:3000/websocket/42/5/3');
    expect(liveUrl({ protocol: 'https:', host: 'pv.example.com' }, TARGET)).toBe('wss://pv.example.com/websocket/42/5/3');
  });
});

describe('one live connection', () => {
  it('sends {uuid, userId, enterpriseId} once open and is granted on ACCESS_GRANTED', () => {
    const { c, socket, losses } = connection();
    expect(socket.url).toBe('ws://h/websocket/42/5/3');
    expect(socket.sent).toEqual([]);
    socket.opened();
    expect(socket.sent.map((m) => JSON.parse(m) as unknown)).toEqual([{ uuid: '42', userId: 5, enterpriseId: 3 }]);
    socket.receive({ type: 'ACCESS_GRANTED', uuid: '42' });
    expect(c.state).toBe('granted');
    expect(losses).toEqual([]);
  });

  it('reports a denial once (the close that follows is not a second loss)', () => {
    const { c, socket, losses } = connection();
    socket.opened();
    socket.receive({ type: 'ACCESS_GRANTED', uuid: '42' });
    socket.receive({ type: 'ACCESS_DENIED', uuid: '42', reason: 'revoked', msg: '连接已断开，请重新进入项目' });
    socket.dropped();
    expect(losses).toEqual([{ cause: 'denied', reason: 'revoked' }]);
    expect(c.state).toBe('denied');
  });

  it('reports a connection that closes or fails while the user is not leaving', () => {
    const closed = connection();
    closed.socket.opened();
    closed.socket.dropped();
    expect(closed.losses).toEqual([{ cause: 'closed', reason: null }]);
    const failed = connection();
    failed.socket.onerror?.({});
    failed.socket.dropped();
    expect(failed.losses).toEqual([{ cause: 'closed', reason: null }]);
    expect(failed.c.state).toBe('lost');
  });

  it('ignores messages about another project and text that is not a server message', () => {
    const { c, socket, losses } = connection();
    socket.opened();
    socket.receive({ type: 'ACCESS_DENIED', uuid: '43', reason: 'revoked', msg: 'x' });
    socket.onmessage?.({ data: 'not json' });
    socket.receive({ type: 'SOMETHING', uuid: '42' });
    expect(losses).toEqual([]);
    expect(c.state).toBe('connecting');
  });

  it('on leaving sends the release message and closes, and the close is no loss', () => {
    const { c, socket, losses, states } = connection();
    socket.opened();
    socket.receive({ type: 'ACCESS_GRANTED', uuid: '42' });
    c.release();
    expect(JSON.parse(socket.sent[1]) as unknown).toEqual({ uuid: '42', userId: 5, enterpriseId: 3, type: 'release' });
    expect(socket.closed).toEqual({ code: 1000, reason: 'released' });
    socket.dropped();
    expect(losses).toEqual([]);
    expect(states).toEqual(['granted', 'released']);
    // a second release does nothing
    c.release();
    expect(socket.sent).toHaveLength(2);
  });

  it('leaving before the socket opened closes it without a message and without a loss', () => {
    const { c, socket, losses } = connection();
    c.release();
    expect(socket.closed?.code).toBe(1000);
    socket.opened();
    socket.dropped();
    expect(socket.sent).toEqual([]);
    expect(losses).toEqual([]);
  });
});

describe('one connection per project', () => {
  function registry() {
    const sockets: FakeSocket[] = [];
    const r = new LiveRegistry(
      (url) => sockets[sockets.push(new FakeSocket(url)) - 1],
      (t) => `ws://h/websocket/${t.uuid}/${t.userId}/${t.enterpriseId}`,
    );
    return { r, sockets };
  }

  it('two holders of one project share one socket; the last to let go releases it', () => {
    const { r, sockets } = registry();
    const a = r.acquire(TARGET, () => undefined);
    const b = r.acquire(TARGET, () => undefined);
    expect(sockets).toHaveLength(1);
    sockets[0].opened();
    a();
    expect(sockets[0].closed).toBeNull();
    b();
    expect(sockets[0].closed?.code).toBe(1000);
    expect(r.size).toBe(0);
    // another project, or the same one later: a new connection
    r.acquire({ ...TARGET, uuid: '43' }, () => undefined);
    r.acquire(TARGET, () => undefined);
    expect(sockets.map((s) => s.url)).toEqual(['ws://h/websocket/42/5/3', 'ws://h/websocket/43/5/3', 'ws://h/websocket/42/5/3']);
  });

  it('a loss reaches every holder once, and the next open makes a new connection', () => {
    const { r, sockets } = registry();
    const heard: string[] = [];
    const a = r.acquire(TARGET, () => heard.push('a'));
    r.acquire(TARGET, () => heard.push('b'));
    sockets[0].opened();
    sockets[0].receive({ type: 'ACCESS_DENIED', uuid: '42', reason: 'removed', msg: '连接已断开，请重新进入项目' });
    expect(heard).toEqual(['a', 'b']);
    expect(r.size).toBe(0);
    a(); // letting go after the loss changes nothing
    r.acquire(TARGET, () => undefined);
    expect(sockets).toHaveLength(2);
  });
});
