// A server process killed with SIGKILL while users register loses no registration it confirmed:
// every phone whose sign-in answered 200 (the account's transaction committed) is in the database
// afterwards, on PGlite (the database lives in the killed process) and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseConfig, DB_KINDS } from './harness.ts';
import { pgliteSnapshot } from './harness/pglite.ts';
import { startChild, type Child } from './fixtures/child.ts';

async function post(base: string, path: string, body: unknown): Promise<{ code: number; data: Record<string, unknown> }> {
  const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await r.json()) as { code: number; data: Record<string, unknown> };
}

/** One person registering by SMS, the whole way through the HTTP API; true when the server confirmed. */
async function register(child: Child, phone: string): Promise<boolean> {
  const base = `http://127.0.0.1:${child.port}`;
  const slider = (await (await fetch(`${base}/api/auth/slider`)).json()) as { data: { id: string } };
  const gap = await child.ask({ kind: 'slider', challenge: slider.data.id });
  const tk = await post(base, '/api/auth/slider/verify', { id: slider.data.id, x: Number(gap) });
  const sent = await post(base, `/api/auth/sms?randstr=${tk.data.randstr}&ticket=${encodeURIComponent(String(tk.data.ticket))}`, { phone });
  if (sent.code !== 200) return false;
  const code = await child.ask({ kind: 'code', phone });
  const login = await post(base, '/api/auth/login', { phone, code });
  return login.code === 200 && login.data.registered === true;
}

describe('kill -9 during registrations', () => {
  for (const kind of DB_KINDS) {
    it(`loses no confirmed registration [${kind}]`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pvstudio-kill-'));
      let child: Child | undefined;
      try {
        const env: Record<string, string> = { LOG_LEVEL: 'silent', DEMO_PHONE: 'off' };
        let url = '';
        if (kind === 'pglite') {
          // Start from the migrated snapshot: a first start would spend ~15 s in initdb on disk.
          const seed = new PGlite({ dataDir: join(dir, 'pglite'), loadDataDir: await pgliteSnapshot() });
          await seed.waitReady;
          await seed.close();
          env.DATA_DIR = dir;
        } else env.DATABASE_URL = url = ((await databaseConfig('postgres')).database as { url: string }).url;
        child = await startChild(env);
        const server = child;

        const confirmed: string[] = [];
        let killed = false;
        let seq = 0;
        const lane = async (laneNo: number) => {
          while (!killed) {
            const phone = `137${laneNo}${String(seq++).padStart(7, '0')}`;
            try {
              if (await register(server, phone)) confirmed.push(phone);
            } catch {
              // the server died under this request
            }
          }
        };
        const lanes = [0, 1, 2, 3].map((n) => lane(n));
        while (confirmed.length < 10) await new Promise((r) => setTimeout(r, 20));
        const exited = new Promise((r) => server.proc.once('exit', r));
        server.proc.kill('SIGKILL');
        killed = true;
        await exited;
        await Promise.all(lanes);
        expect(confirmed.length).toBeGreaterThanOrEqual(10);

        let phones: string[];
        if (kind === 'pglite') {
          const db = new PGlite(join(dir, 'pglite'));
          const r = await db.query<{ phone: string }>('select phone from users');
          phones = r.rows.map((row) => row.phone);
          await db.close();
        } else {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          phones = (await client.query<{ phone: string }>('select phone from users')).rows.map((row) => row.phone);
          await client.end();
        }
        for (const phone of confirmed) expect(phones, `confirmed ${phone}`).toContain(phone);
      } finally {
        if (child && child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    }, 90_000);
  }
});
