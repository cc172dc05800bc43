// A throw-away PostgreSQL 15 for the integration tests: initdb + pg_ctl in a temporary folder on a
// free loopback port (as user postgres when running as root: initdb refuses root, docs/ARCHITECTURE.md).
// One cluster per test run when tests/integration/global-setup.ts is configured (workers share it
// through a lock folder); otherwise one per test file, stopped when the worker exits.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const TEMPLATE = 'pvstudio_template';
const asRoot = process.getuid?.() === 0;

function run(cmd: string, args: string[]): void {
  const bin = join(BIN, cmd);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** A folder the cluster owner can write (0777 under root, owned by postgres). */
export function makeClusterRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'pvstudio-pg-'));
  if (asRoot) chownSync(root, uidOf('postgres'), gidOf('postgres'));
  return root;
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user]).toString().trim());
}
function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user]).toString().trim());
}

export interface Cluster {
  port: number;
  /** Connection URL of a database on the cluster. */
  url(database: string): string;
}

async function startCluster(root: string): Promise<Cluster> {
  if (!existsSync(join(BIN, 'initdb'))) throw new Error(`PostgreSQL 15 binaries are missing in ${BIN} (set PG_BIN)`);
  const data = join(root, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // fsync off: the cluster is thrown away; the durability test kills the server process, not PostgreSQL.
  run('pg_ctl', ['-D', data, '-w', '-l', join(root, 'log'), '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
  const cluster: Cluster = { port, url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}` };
  await pgQuery(cluster.url('postgres'), `create database ${TEMPLATE}`);
  const tmpl = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: cluster.url(TEMPLATE), max: 1 }) }) });
  try {
    await migrateToLatest(tmpl);
  } finally {
    await tmpl.destroy();
  }
  return cluster;
}

/** Stops the cluster in `root` (if one runs) and removes the folder. */
export function stopCluster(root: string): void {
  const data = join(root, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) {
    try {
      run('pg_ctl', ['-D', data, '-w', '-m', 'immediate', 'stop']);
    } catch {
      // already stopped
    }
  }
  rmSync(root, { recursive: true, force: true });
}

async function pgQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The cluster in `root`, started by the first caller (lock folder) and awaited by the others. Several
 * worker processes may call this at once.
 */
export async function clusterIn(root: string): Promise<Cluster> {
  const ready = join(root, 'ready.json');
  let mine = false;
  try {
    mkdirSync(join(root, 'lock'));
    mine = true;
  } catch {
    // another worker starts it
  }
  if (mine) {
    try {
      const c = await startCluster(root);
      writeFileSync(ready + '.tmp', JSON.stringify({ port: c.port }));
      execFileSync('mv', [ready + '.tmp', ready]);
      return c;
    } catch (err) {
      writeFileSync(ready, JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
      throw err;
    }
  }
  const deadline = Date.now() + 120_000;
  while (!existsSync(ready)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL in ${root} did not become ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const info = JSON.parse(readFileSync(ready, 'utf8')) as { port?: number; error?: string };
  if (info.error || !info.port) throw new Error(`PostgreSQL failed to start: ${info.error}`);
  const port = info.port;
  return { port, url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}` };
}

let counter = 0;
/** A new, migrated database (a copy of the template) on the cluster. */
export async function createTestDatabase(cluster: Cluster): Promise<string> {
  const name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await pgQuery(cluster.url('postgres'), `create database ${name} template ${TEMPLATE}`);
      return cluster.url(name);
    } catch (err) {
      // Two workers copying the template at the same instant: retry.
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}
