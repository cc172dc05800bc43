// Where the CPU of a load run goes, per request: the server process, the PostgreSQL processes (its
// backends; PGlite runs inside the server) and the load generator (this process). On a machine whose
// cores all three share, their sum per request bounds the throughput, and at a fixed number of
// connections the throughput sets the latency (closed loop: mean latency = connections / throughput).
// Linux only (/proc); elsewhere the split is left out.
import { readdirSync, readFileSync } from 'node:fs';

/** [ms] CPU time (user + system) per request of each party. */
export interface CpuSplit {
  server: number;
  postgres: number;
  loadGenerator: number;
}

interface Sample {
  server: number;
  /** pid → ticks of every process named postgres. */
  postgres: Map<string, number>;
  own: NodeJS.CpuUsage;
}

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** [ticks] user + system time of a process, or null when it is gone or /proc is missing. */
function ticksOf(pid: number | string): { comm: string; ticks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { comm: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** The CPU used so far by `serverPid`, by every process named postgres, and by this process. */
export function cpuSample(serverPid: number): Sample | null {
  const server = ticksOf(serverPid);
  if (!server) return null;
  const postgres = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const p = ticksOf(pid);
    if (p?.comm === 'postgres') postgres.set(pid, p.ticks);
  }
  return { server: server.ticks, postgres, own: process.cpuUsage() };
}

/**
 * The split per request between two samples. PostgreSQL: the growth of each process seen in both,
 * plus all of each one started in between; a backend that exited in between (an idle pool
 * connection closing) is not counted.
 */
export function cpuSplit(before: Sample | null, after: Sample | null, requests: number): CpuSplit | undefined {
  if (!before || !after || requests <= 0) return undefined;
  const round = (ms: number) => Math.round((ms / requests) * 1000) / 1000;
  const ownUs = after.own.user + after.own.system - before.own.user - before.own.system;
  let postgres = 0;
  for (const [pid, ticks] of after.postgres) postgres += ticks - (before.postgres.get(pid) ?? 0);
  return {
    server: round((after.server - before.server) * TICK_MS),
    postgres: round(postgres * TICK_MS),
    loadGenerator: round(ownUs / 1000),
  };
}
