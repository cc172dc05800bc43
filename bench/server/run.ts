// `npm run bench:server`: the server under load on loopback (autocannon against a real listening
// server, docs/ARCHITECTURE.md "a real listening server where the socket is the point"), on PGlite (a database
// folder, as `npm start` runs) and on PostgreSQL 15 (a throw-away cluster started the way the
// integration tests start theirs). Two calls, each at 50 and 200 connections:
//   - project list: GET /api/web/project/list (page of 10 out of 60 projects of the signed-in user);
//   - design-data save: POST /api/web/project/LiteRe/save-data (~6 kB document), each connection
//     saving its own project with the version its last save answered (optimistic concurrency: a
//     conflict would count as an error).
// On PostgreSQL the list is also run against a reference (bare.ts): the same statement behind a bare
// Fastify route — what the machine allows at all, so the product's figures can be read against it.
// Targets: p99 of the list < 50 ms at 200 connections on PostgreSQL; no errors and no non-2xx
// anywhere. Results: bench/results/server.json. Options: --duration=<s> (default 5); to run part of
// it quickly: --db=pglite|postgres and --call=list|save (a partial run does not write the results
// file); --cpu-prof=<dir> writes a V8 CPU profile of the server process into <dir>. Each run also
// prints where the CPU went per request (server, PostgreSQL, load generator: cpu.ts), and the server
// runs with the V8 flags of `npm start`.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { pgliteSnapshot } from '../../tests/integration/harness/pglite.ts';
import { cpuSample, cpuSplit, type CpuSplit } from './cpu.ts';
import { clusterIn, createTestDatabase, makeClusterRoot, stopCluster } from '../../tests/integration/harness/postgres.ts';

const args = process.argv.slice(2);
/** --ci: the short pass of `npm run bench:ci` — 1 s runs; fails on an error, a non-2xx answer or a
 * reference answering differently from the product, never on timing; writes no results file. */
const ci = args.includes('--ci');
const duration = Number(args.find((a) => a.startsWith('--duration='))?.slice('--duration='.length) ?? (ci ? 1 : 5));
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const onlyDb = option('db');
const onlyCall = option('call');
const cpuProfDir = option('cpu-prof');
const partial = onlyDb !== undefined || onlyCall !== undefined || ci;
const CONNECTIONS = [50, 200];
const LIST_PROJECTS = 60;
const LIST_P99_TARGET_MS = 50;
const SERVE = new URL('./serve.ts', import.meta.url).pathname;
const BARE = new URL('./bare.ts', import.meta.url).pathname;
/** The V8 flags `npm start` serves with (package.json "serve": node <flags> --import tsx <main>): measured as run. */
const SERVER_NODE_FLAGS = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }).scripts.serve
  .split(/\s+/)
  .filter((word) => /^--(max|min)-/.test(word));

interface Measure {
  database: 'pglite' | 'postgres';
  /** 'bare-list': the reference (bare.ts), the list statement behind a bare route. */
  call: 'project-list' | 'design-save' | 'bare-list';
  connections: number;
  /** [requests/s] mean over the run. */
  throughput: number;
  /** [ms] */
  p50: number;
  /** [ms] */
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** [ms] CPU per request of the server, PostgreSQL's processes and the load generator (cpu.ts). */
  cpuPerRequest?: CpuSplit;
}

/** A design document of about 6 kB: an editor building document (its schema checks every save)
 * carrying 40 faces with their vertices. */
function designDocument(version: number) {
  return {
    kind: 'building',
    version: 1,
    origin: null,
    buildings: [],
    obstacles: [],
    rev: version,
    faces: Array.from({ length: 40 }, (_, i) => ({ id: `face-${i}`, tilt: 20 + (i % 10), azimuth: 180, vertices: [[i, 0, 6], [i + 1, 0, 6], [i + 1, 4, 8], [i, 4, 8]] })),
  };
}

interface Served {
  proc: ChildProcess;
  port: number;
  listUser: number;
  listToken: string;
  saveToken: string;
  projects: number[];
}

/** Starts serve.ts in its own process on a database ('pglite:<folder>' or a postgres URL). */
function serve(db: string, blobDir: string): Promise<Served> {
  return start<Served>(SERVE, db, blobDir, {});
}

/** Forks a server script with the benchmark's environment; resolves with its first message. */
function start<T extends { proc: ChildProcess }>(script: string, db: string, blobDir: string, env: Record<string, string>): Promise<T> {
  const proc = fork(script, [], {
    execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx', ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])],
    env: { ...process.env, ...env, BENCH_DB: db, BLOB_DIR: blobDir, BENCH_LIST_PROJECTS: String(LIST_PROJECTS), BENCH_SAVE_PROJECTS: String(2 * Math.max(...CONNECTIONS)) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`the server process exited (${code}) before it was ready`)));
    proc.once('message', (m) => resolve({ proc, ...(m as object) } as T));
  });
}

async function stop(s: { proc: ChildProcess }): Promise<void> {
  const exited = new Promise((r) => s.proc.once('exit', r));
  s.proc.send('stop');
  await exited;
}

function summarize(database: Measure['database'], call: Measure['call'], connections: number, r: autocannon.Result, cpu?: CpuSplit): Measure {
  return {
    database,
    call,
    connections,
    throughput: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    ...(cpu ? { cpuPerRequest: cpu } : {}),
  };
}

/** The list call under load at `connections`, with the CPU split of the server process `pid`. */
async function listRun(database: Measure['database'], call: 'project-list' | 'bare-list', url: string, token: string, pid: number, connections: number): Promise<Measure> {
  const before = cpuSample(pid);
  const list = await autocannon({
    url: `${url}/api/web/project/list?page=1&size=10`,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
  const m = summarize(database, call, connections, list, cpuSplit(before, cpuSample(pid), list.requests.total));
  console.log(line(m));
  return m;
}

/** Starts the reference (bare.ts) on the database serve.ts seeded: the list statement behind a bare route. */
function startBare(db: string, blobDir: string, listUser: number): Promise<{ proc: ChildProcess; port: number }> {
  return start(BARE, db, blobDir, { BENCH_LIST_USER: String(listUser) });
}

async function measure(database: Measure['database'], db: string, blobDir: string): Promise<Measure[]> {
  const server = await serve(db, blobDir);
  const url = `http://127.0.0.1:${server.port}`;
  // On PostgreSQL the reference runs right after each list run, on the same tables in the same state;
  // it must answer what the product answers.
  const bare = database === 'postgres' && onlyCall !== 'save' ? await startBare(db, blobDir, server.listUser) : null;
  if (bare) {
    const answer = async (base: string) => (await fetch(`${base}/api/web/project/list?page=1&size=10`, { headers: { authorization: `Bearer ${server.listToken}` } })).json();
    const [product, reference] = [await answer(url), await answer(`http://127.0.0.1:${bare.port}`)];
    if (!isDeepStrictEqual(product, reference)) throw new Error('the reference route answers differently from the product’s list');
  }
  const out: Measure[] = [];
  // The version each project's document is at (every project starts unsaved).
  const versions = new Map<number, number>(server.projects.map((p) => [p, 0]));
  try {
    for (const connections of CONNECTIONS) {
      if (onlyCall !== 'save') out.push(await listRun(database, 'project-list', url, server.listToken, server.proc.pid ?? 0, connections));
      if (bare) out.push(await listRun(database, 'bare-list', `http://127.0.0.1:${bare.port}`, '', bare.proc.pid ?? 0, connections));
      if (onlyCall === 'list') continue;

      // A save takes a project no other request is saving (autocannon gives each request a fresh
      // context, so projects go round through an idle queue) and sends the version its last save
      // answered: a 409 here would be a lost update.
      // Saves cut off at the end of the previous run may have committed unanswered: start from the
      // stored versions.
      for (const p of server.projects) {
        const doc = (await (await fetch(`${url}/api/web/project/LiteRe/get-data?projectId=${p}`, { headers: { authorization: `Bearer ${server.saveToken}` } })).json()) as { data: { version: number } };
        versions.set(p, doc.data.version);
      }
      const idle = [...server.projects];
      const before = cpuSample(server.proc.pid ?? 0);
      const save = await autocannon({
        url,
        connections,
        duration,
        headers: { authorization: `Bearer ${server.saveToken}`, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            path: '/api/web/project/LiteRe/save-data',
            setupRequest: (req, context: object) => {
              const projectId = idle.shift();
              if (projectId === undefined) throw new Error('no idle project left');
              (context as { projectId?: number }).projectId = projectId;
              const version = versions.get(projectId) ?? 0;
              return { ...req, body: JSON.stringify({ projectId, version, data: designDocument(version) }) };
            },
            onResponse: (status, body, context: object) => {
              const projectId = (context as { projectId?: number }).projectId;
              if (projectId === undefined) return;
              if (status === 200) versions.set(projectId, (JSON.parse(body) as { data: { version: number } }).data.version);
              idle.push(projectId);
            },
          },
        ],
      });
      out.push(summarize(database, 'design-save', connections, save, cpuSplit(before, cpuSample(server.proc.pid ?? 0), save.requests.total)));
      console.log(line(out[out.length - 1]));
    }
  } finally {
    await stop(server);
    if (bare) await stop(bare);
  }
  return out;
}

function line(m: Measure): string {
  const c = m.cpuPerRequest;
  const cpu = c ? `  CPU/request: server ${c.server.toFixed(3)} ms, postgres ${c.postgres.toFixed(3)} ms, load generator ${c.loadGenerator.toFixed(3)} ms` : '';
  return `  ${m.database.padEnd(8)} ${m.call.padEnd(12)} ${String(m.connections).padStart(3)} conns: ${String(m.throughput).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  errors ${m.errors}  non-2xx ${m.non2xx}${cpu}`;
}

async function main() {
  const results: Measure[] = [];
  const dir = await mkdtemp(join(os.tmpdir(), 'pvstudio-bench-server-'));
  const pgRoot = makeClusterRoot();
  try {
    console.log(`server benchmark: ${duration} s per run, connections ${CONNECTIONS.join(' and ')}`);
    // PGlite in a folder, started from the migrated snapshot (as a started server would be).
    const seeded = new PGlite({ dataDir: join(dir, 'pglite'), loadDataDir: await pgliteSnapshot() });
    await seeded.waitReady;
    await seeded.close();
    if (onlyDb !== 'postgres') results.push(...(await measure('pglite', `pglite:${join(dir, 'pglite')}`, join(dir, 'blobs'))));
    if (onlyDb !== 'pglite') {
      const cluster = await clusterIn(pgRoot);
      results.push(...(await measure('postgres', await createTestDatabase(cluster), join(dir, 'blobs'))));
    }
  } finally {
    stopCluster(pgRoot);
    await rm(dir, { recursive: true, force: true });
  }
  const listPg = results.find((r) => r.database === 'postgres' && r.call === 'project-list' && r.connections === 200);
  const targets = [
    { label: `project list p99 at 200 connections on PostgreSQL < ${LIST_P99_TARGET_MS} ms`, value: listPg?.p99 ?? null, met: listPg !== undefined && listPg.p99 < LIST_P99_TARGET_MS },
    { label: 'no errors and no non-2xx answers', value: results.reduce((n, r) => n + r.errors + r.non2xx, 0), met: results.every((r) => r.errors === 0 && r.non2xx === 0) },
  ];
  for (const t of targets) console.log(`  target: ${t.label}: ${t.value} → ${t.met ? 'met' : 'NOT met'}`);
  const bare = results.find((r) => r.call === 'bare-list' && r.connections === 200);
  if (listPg && bare) console.log(`  reference: the list statement behind a bare route: ${bare.throughput} req/s, p99 ${bare.p99} ms at 200 connections (the product: ${Math.round((100 * listPg.throughput) / bare.throughput)} % of its throughput)`);
  if (ci) {
    // The short pass checks answers, not speed: only the errors target counts.
    if (!targets[1].met) process.exitCode = 1;
    console.log(`short pass: ${targets[1].met ? 'ok' : 'FAILED'} (bench/results/server.json left as it was)`);
    return;
  }
  if (partial) {
    console.log('a partial run: bench/results/server.json left as it was');
    if (!targets.every((t) => t.met)) process.exitCode = 1;
    return;
  }
  await mkdir(new URL('../results/', import.meta.url), { recursive: true });
  const out = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '', node: process.version, platform: `${os.platform()} ${os.release()}` },
    durationSeconds: duration,
    results,
    targets,
  };
  await writeFile(new URL('../results/server.json', import.meta.url), JSON.stringify(out, null, 2) + '\n');
  console.log('wrote bench/results/server.json');
  if (!targets.every((t) => t.met)) process.exitCode = 1;
}

await main();
