// A server process killed with SIGKILL while users create projects and save design data loses no
// project and no save it confirmed: every project whose creation answered 200 is in the database
// afterwards, and every design document holds at least the version its last confirmed save answered
// (the save in flight at the kill may or may not have committed: never half of it), on PGlite (the
// database lives in the killed process) and on PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseConfig, DB_KINDS } from './harness.ts';
import { pgliteSnapshot } from './harness/pglite.ts';
import { startChild, type Child } from './fixtures/child.ts';
import { buildingDoc } from './project-helpers.ts';

async function call(base: string, path: string, body: unknown, token?: string): Promise<{ code: number; data: Record<string, unknown> }> {
  const r = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; data: Record<string, unknown> };
}

/** Registers by SMS through the HTTP API; the session token. */
async function register(child: Child, phone: string): Promise<string> {
  const base = `http://127.0.0.1:${child.port}`;
  const slider = (await (await fetch(`${base}/api/auth/slider`)).json()) as { data: { id: string } };
  const gap = await child.ask({ kind: 'slider', challenge: slider.data.id });
  const tk = await call(base, '/api/auth/slider/verify', { id: slider.data.id, x: Number(gap) });
  await call(base, `/api/auth/sms?randstr=${tk.data.randstr}&ticket=${encodeURIComponent(String(tk.data.ticket))}`, { phone });
  const code = await child.ask({ kind: 'code', phone });
  const login = await call(base, '/api/auth/login', { phone, code });
  if (login.code !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return String(login.data.token);
}

interface Confirmed {
  version: number;
  data: unknown;
}

describe('kill -9 during project saves', () => {
  for (const kind of DB_KINDS) {
    it(`loses no confirmed project or save [${kind}]`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pvstudio-kill-projects-'));
      let child: Child | undefined;
      try {
        const env: Record<string, string> = { LOG_LEVEL: 'silent', DEMO_PHONE: 'off', BLOB_DIR: join(dir, 'blobs') };
        let url = '';
        if (kind === 'pglite') {
          const seed = new PGlite({ dataDir: join(dir, 'pglite'), loadDataDir: await pgliteSnapshot() });
          await seed.waitReady;
          await seed.close();
          env.DATA_DIR = dir;
        } else env.DATABASE_URL = url = ((await databaseConfig('postgres')).database as { url: string }).url;
        child = await startChild(env);
        const server = child;
        const base = `http://127.0.0.1:${server.port}`;
        const token = await register(server, '13612345678');

        const projects: number[] = [];
        const saves = new Map<number, Confirmed>();
        let confirmedSaves = 0;
        let killed = false;
        const lane = async (laneNo: number) => {
          while (!killed) {
            try {
              const created = await call(base, '/api/web/project/new', { name: `Lane ${laneNo}`, powerStationType: 'RESIDENTIAL' }, token);
              if (created.code !== 200) continue;
              const projectId = Number(created.data.projectId);
              projects.push(projectId);
              for (let version = 0; version < 5 && !killed; version++) {
                // (a building document, as every LiteRe save must be; `rev` counts the saves)
                const data = buildingDoc(0, { lane: laneNo, rev: version, faces: Array.from({ length: 50 }, (_, i) => ({ id: `f${i}`, tilt: i })) });
                const saved = await call(base, '/api/web/project/LiteRe/save-data', { projectId, version, data }, token);
                if (saved.code !== 200) break;
                saves.set(projectId, { version: Number(saved.data.version), data });
                confirmedSaves++;
              }
            } catch {
              // the server died under this request
            }
          }
        };
        const lanes = [0, 1, 2, 3].map((n) => lane(n));
        while (confirmedSaves < 40) await new Promise((r) => setTimeout(r, 20));
        const exited = new Promise((r) => server.proc.once('exit', r));
        server.proc.kill('SIGKILL');
        killed = true;
        await exited;
        await Promise.all(lanes);
        expect(projects.length).toBeGreaterThanOrEqual(8);

        let rows: { id: number }[];
        let docs: { project_id: number; version: number; data: string }[];
        if (kind === 'pglite') {
          const db = new PGlite(join(dir, 'pglite'));
          rows = (await db.query<{ id: number }>('select id from projects')).rows;
          docs = (await db.query<{ project_id: number; version: number; data: string }>("select project_id, version, data from project_documents where step = 'lite-re'")).rows;
          await db.close();
        } else {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          rows = (await client.query<{ id: number }>('select id from projects')).rows;
          docs = (await client.query<{ project_id: number; version: number; data: string }>("select project_id, version, data from project_documents where step = 'lite-re'")).rows;
          await client.end();
        }
        const ids = new Set(rows.map((r) => r.id));
        for (const p of projects) expect(ids.has(p), `confirmed project ${p}`).toBe(true);
        const stored = new Map(docs.map((d) => [d.project_id, d]));
        for (const [projectId, c] of saves) {
          const d = stored.get(projectId);
          expect(d, `document of project ${projectId}`).toBeDefined();
          // The confirmed save, or the one after it that committed as the process died.
          expect([c.version, c.version + 1]).toContain(d!.version);
          const data = JSON.parse(d!.data) as { rev: number };
          if (d!.version === c.version) expect(data).toEqual(c.data);
          else expect(data.rev).toBe(c.version);
        }
      } finally {
        if (child && child.proc.exitCode === null && child.proc.signalCode === null) child.proc.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
