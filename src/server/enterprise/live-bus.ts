// How the server processes of one database tell each other about live project connections (issue 20
// item 7: "Several server processes behind one PostgreSQL deliver each other's events"). One
// interface, two carriers:
//   - PostgreSQL: LISTEN / NOTIFY on one channel (PostgreSQL docs, "NOTIFY": a notification goes to
//     every session listening on the channel, the sender's own included, when the sending transaction
//     commits; payloads under 8000 bytes). Each process keeps one dedicated connection that LISTENs
//     (reconnected after a loss) and sends with pg_notify() on its pool;
//   - PGlite (one process owns the embedded database): delivery inside the process.
// Events are idempotent (closing a closed connection does nothing), so a process may see its own
// event twice (directly and as the echo of its NOTIFY). A notification lost while the listening
// connection was down is made good by the hub's periodic re-check (live-access.ts).
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { liveDenyReasons } from '../../model/api/enterprise.ts';
import type { Database } from '../db/schema.ts';

export const LIVE_CHANNEL = 'pvstudio_enterprise_live';

/** An event of the live connections. */
export const liveEventSchema = z.discriminatedUnion('type', [
  /** Close the matching connections with ACCESS_DENIED (projectId null: every project of the organisation). */
  z.object({
    type: z.literal('deny'),
    enterpriseId: z.number().int(),
    userId: z.number().int(),
    projectId: z.number().int().nullable(),
    reason: z.enum(liveDenyReasons),
    /** A connection that stays open (the new one of a 'replaced'). */
    except: z.string().nullable(),
  }),
  /** Check the matching connections' access again (a role or membership changed). */
  z.object({ type: z.literal('recheck'), enterpriseId: z.number().int(), userId: z.number().int().nullable() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

export interface LiveBus {
  /** 'postgres' | 'in-process'. */
  readonly kind: string;
  /** Sends an event to every process (this one included). */
  publish(event: LiveEvent): Promise<void>;
  /** Registers the receiver of every event. */
  subscribe(handler: (event: LiveEvent) => void): void;
  close(): Promise<void>;
}

/** Delivery inside this process (PGlite; tests). */
export class InProcessBus implements LiveBus {
  readonly kind = 'in-process';
  private readonly handlers: ((e: LiveEvent) => void)[] = [];
  async publish(event: LiveEvent): Promise<void> {
    for (const h of this.handlers) h(event);
  }
  subscribe(handler: (event: LiveEvent) => void): void {
    this.handlers.push(handler);
  }
  async close(): Promise<void> {
    this.handlers.length = 0;
  }
}

/** [ms] Wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;

/** LISTEN / NOTIFY on the app's PostgreSQL. */
export class PostgresNotifyBus implements LiveBus {
  readonly kind = 'postgres';
  private readonly handlers: ((e: LiveEvent) => void)[] = [];
  private client: pg.Client | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly url: string,
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects the listening session (resolves once it listens). */
  static async start(url: string, db: Kysely<Database>, log: FastifyBaseLogger): Promise<PostgresNotifyBus> {
    const bus = new PostgresNotifyBus(url, db, log);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel !== LIVE_CHANNEL || !n.payload) return;
      let event: LiveEvent;
      try {
        event = liveEventSchema.parse(JSON.parse(n.payload));
      } catch (err) {
        this.log.warn({ err }, 'live bus: an unreadable notification was ignored');
        return;
      }
      for (const h of this.handlers) h(event);
    });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err }, 'live bus: the listening connection was lost; listening again');
      this.timer = setTimeout(() => {
        this.timer = null;
        this.listen().catch((e: unknown) => lost(e));
      }, RECONNECT_MS);
      this.timer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    this.client = client;
    await client.connect();
    await client.query(`listen ${LIVE_CHANNEL}`);
  }

  async publish(event: LiveEvent): Promise<void> {
    await sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`.execute(this.db);
  }

  subscribe(handler: (event: LiveEvent) => void): void {
    this.handlers.push(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const c = this.client;
    this.client = null;
    this.handlers.length = 0;
    await c?.end().catch(() => undefined);
  }
}
