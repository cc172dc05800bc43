// The integration-test harness: the app on a fresh database of each kind, a clock the test moves, and
// helpers for the account flows. Usage:
//
//   describeWithDatabases('sign-in', (t) => {
//     it('…', async () => {
//       const { token } = await t.signUp('13900000001');          // SMS sign-in registers
//       const res = await t.inject({ method: 'GET', url: '/api/user/user-detail/get-detail', headers: t.bearer(token) });
//       expect(res.json().code).toBe(200);
//     });
//   });
//
// Each describe block runs twice, on PGlite (from a migrated snapshot, in memory) and on PostgreSQL 15
// (a copy of the migrated template database on the run's throw-away cluster). Tests inside one block
// share the app and its database: use distinct phone numbers (t.phone()) per test.
import { rmSync } from 'node:fs';
import { inject, afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../src/server/app.ts';
import type { Clock } from '../../src/server/clock.ts';
import { testConfig, type AppConfig } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { clusterIn, createTestDatabase, makeClusterRoot, stopCluster, type Cluster } from './harness/postgres.ts';
import { pgliteSnapshot } from './harness/pglite.ts';

export type DbKind = 'pglite' | 'postgres';
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

/** A clock that stands still until the test moves it. */
export class ManualClock implements Clock {
  private t = Date.now();
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

let cluster: Promise<Cluster> | undefined;
/** This file's own cluster folder when the global setup is not configured. */
let ownRoot = '';

// Without the global setup, the file's own cluster stops after the file's last test.
afterAll(() => {
  if (ownRoot) stopCluster(ownRoot);
  ownRoot = '';
  cluster = undefined;
});

/** The run's PostgreSQL (global setup), or this worker's own when the global setup is not configured. */
export function postgres(): Promise<Cluster> {
  cluster ??= (() => {
    let root: string;
    try {
      root = inject('pvstudioPgRoot') ?? '';
    } catch {
      root = '';
    }
    if (!root) root = ownRoot = makeClusterRoot();
    return clusterIn(root);
  })();
  return cluster;
}

/** The configuration of a test database of `kind` (a new database each call). */
export async function databaseConfig(kind: DbKind): Promise<Pick<AppConfig, 'database'>> {
  if (kind === 'pglite') return { database: { kind: 'pglite', dataDir: 'memory://' } };
  return { database: { kind: 'postgres', url: await createTestDatabase(await postgres()) } };
}

export interface SignedIn {
  token: string;
  userId: number;
  body: Record<string, unknown>;
}

export class TestApp {
  readonly clock = new ManualClock();
  private instance: FastifyInstance | undefined;
  private phones = 0;

  constructor(
    readonly kind: DbKind,
    private readonly overrides: Partial<AppConfig> = {},
  ) {}

  async start(): Promise<void> {
    const config = testConfig({ ...(await databaseConfig(this.kind)), ...this.overrides });
    const snapshot = this.kind === 'pglite' ? await pgliteSnapshot() : undefined;
    this.instance = await buildApp({ config, clock: this.clock, database: { pgliteSnapshot: snapshot } });
    await this.instance.ready();
  }

  async stop(): Promise<void> {
    await this.instance?.close();
    // The test's blob folder (testConfig puts it under the temp directory).
    if (this.instance) rmSync(this.instance.config.blobDir, { recursive: true, force: true });
  }

  get app(): FastifyInstance {
    if (!this.instance) throw new Error('the test app is not started (beforeAll)');
    return this.instance;
  }

  get db(): Kysely<Database> {
    return this.app.db;
  }

  inject(options: InjectOptions): Promise<LightMyRequestResponse> {
    return this.app.inject(options);
  }

  /** A mobile number not used before in this block's database. */
  phone(): string {
    return `139${String(++this.phones).padStart(8, '0')}`;
  }

  bearer(token: string): Record<string, string> {
    return { authorization: `Bearer ${token}` };
  }

  /** Passes the slider puzzle (reading the gap from the database, as a person reads the picture). */
  async ticket(): Promise<{ randstr: string; ticket: string }> {
    const slider = (await this.inject({ method: 'GET', url: '/api/auth/slider' })).json() as { data: { id: string } };
    const row = await this.db.selectFrom('security_challenges').select('answer').where('id', '=', slider.data.id).executeTakeFirstOrThrow();
    const res = await this.inject({ method: 'POST', url: '/api/auth/slider/verify', payload: { id: slider.data.id, x: Number(row.answer) } });
    const body = res.json() as { code: number; data: { randstr: string; ticket: string } };
    if (body.code !== 200) throw new Error(`slider: ${res.body}`);
    return body.data;
  }

  /** The newest code the dev outbox holds for a phone or e-mail. */
  async lastCode(recipient: string): Promise<string> {
    const row = await this.db.selectFrom('outbox').select('body').where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirst();
    const m = row && /code is (\d{6})/.exec(row.body);
    if (!m) throw new Error(`no code in the outbox for ${recipient}`);
    return m[1];
  }

  /** Security check + POST /api/auth/sms; returns the response. */
  async requestSms(phone: string, scene: 'login' | 'reset' | 'bind' = 'login'): Promise<LightMyRequestResponse> {
    const { randstr, ticket } = await this.ticket();
    return this.inject({ method: 'POST', url: `/api/auth/sms?randstr=${randstr}&ticket=${encodeURIComponent(ticket)}`, payload: { phone, scene } });
  }

  /** Sends an SMS code (moving the clock past the resend interval first) and returns it. */
  async smsCode(phone: string, scene: 'login' | 'reset' | 'bind' = 'login'): Promise<string> {
    this.clock.advance(61_000);
    const res = await this.requestSms(phone, scene);
    if (res.json<{ code: number }>().code !== 200) throw new Error(`sms: ${res.body}`);
    return this.lastCode(phone);
  }

  /** SMS sign-in (registers a new phone). */
  async signUp(phone: string = this.phone()): Promise<SignedIn> {
    const code = await this.smsCode(phone);
    const res = await this.inject({ method: 'POST', url: '/api/auth/login', payload: { phone, code, source: 'LITE' } });
    const body = res.json() as { code: number; data: Record<string, unknown> & { token: string; userId: number } };
    if (body.code !== 200) throw new Error(`login: ${res.body}`);
    return { token: body.data.token, userId: body.data.userId, body: body.data };
  }

  /** An account with a password, made through the service layer (as the seed or an administrator does). */
  async createUser(password: string, options: { initial?: boolean; phone?: string } = {}): Promise<{ phone: string; userId: number }> {
    const phone = options.phone ?? this.phone();
    const user = await this.app.services.accounts.createWithPassword(phone, password, { initial: options.initial ?? false });
    return { phone, userId: user.id };
  }
}

/** Runs the block once per database kind, with a started TestApp. */
export function describeWithDatabases(name: string, body: (t: TestApp) => void, overrides: Partial<AppConfig> = {}): void {
  for (const kind of DB_KINDS) {
    describe(`${name} [${kind}]`, () => {
      const t = new TestApp(kind, overrides);
      beforeAll(() => t.start());
      afterAll(() => t.stop());
      body(t);
    });
  }
}
