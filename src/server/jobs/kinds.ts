// The kinds of background job (docs/ARCHITECTURE.md "Server and data": long jobs go through pg-boss on
// the app's database). A kind is its queue's name, the zod schema of its payload (checked when a job
// is queued and again before its handler runs) and its retry policy. A new kind is one entry of
// JOB_KINDS; the service that does the work registers a handler for it (jobs.handle) and every
// process can queue it (jobs.send), whether or not it works that queue itself.
//
// A payload carries references (ids), never the work's bulk: inputs and results live in their tables
// or the blob store, so a job stays a small row and a retry reads the current state.
import { z } from 'zod';

export interface JobPolicy {
  /** Attempts after the first one fails (the handler throws, or its process dies mid-job). */
  retryLimit: number;
  /** Wait before a retry [s]; with backoff it doubles each retry (with jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /**
   * Longest one attempt may run [s]. An attempt still active after it — its process died or hangs —
   * is failed by the maintenance (JOB_MAINTENANCE_SECONDS) and retried; choose it well above the
   * slowest normal attempt, since a slow attempt passing it may run twice.
   */
  expireInSeconds: number;
  /** Jobs one poll of a worker takes; they are handled one after another. */
  batchSize: number;
  /** Workers (poll loops) of this kind in each process that works it. */
  concurrency: number;
  /** The kind whose queue receives a job of this kind once its retries are spent, or null. */
  deadLetter: string | null;
}

export interface JobKind<P> extends JobPolicy {
  /** The queue's name: letters, digits, '.', '_' and '-'. */
  readonly name: string;
  readonly payload: z.ZodType<P>;
}

/** A kind of any payload (registries, queues). */
export type AnyJobKind = JobPolicy & { readonly name: string; readonly payload: z.ZodType };

/** The payload type of a kind. */
export type PayloadOf<K> = K extends JobKind<infer P> ? P : never;

const DEFAULT_POLICY: JobPolicy = {
  retryLimit: 2,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  batchSize: 1,
  concurrency: 1,
  deadLetter: null,
};

/** A job kind: its name, the schema of its payload and its policy (defaults above). */
export function defineJob<S extends z.ZodType>(name: string, payload: S, policy: Partial<JobPolicy> = {}): JobKind<z.output<S>> {
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(name)) throw new Error(`job kind name ${JSON.stringify(name)}: letters, digits, '.', '_' and '-' only`);
  const p = { ...DEFAULT_POLICY, ...policy };
  // pg-boss refuses an attempt time of 24 h or more.
  if (!(p.expireInSeconds >= 1 && p.expireInSeconds < 24 * 3600)) throw new Error(`job kind ${name}: expireInSeconds must be 1 s to 24 h`);
  return { name, payload: payload as z.ZodType<z.output<S>>, ...p };
}

const id = z.number().int().positive();

/**
 * One step of a drone modelling job (drone/jobs.ts): push the photos, or poll the node once. `step`
 * is the job's step counter when this step was queued; a delivery whose step has passed does nothing.
 */
export const droneStep = defineJob('drone.step', z.object({ droneJobId: id, step: z.number().int().nonnegative() }), {
  retryLimit: 3,
  retryDelaySeconds: 60,
  // A step is short (one push or one poll); an attempt still active after 30 minutes had its worker die.
  expireInSeconds: 30 * 60,
  deadLetter: 'drone.abandon',
});

/** A drone step whose retries are spent: the modelling job fails and its photo credit is refunded. */
export const droneAbandon = defineJob('drone.abandon', z.object({ droneJobId: id, step: z.number().int().nonnegative() }), {
  retryLimit: 10,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
});

/** An O&M plant's alarm rules evaluated once (src/server/aiom/alarm-service.ts); queued every 5 minutes per plant with readings, `slot` the 5-minute slot (dedupe). */
export const alarmEvaluation = defineJob('alarm-evaluation', z.object({ projectId: id, slot: z.number().int().nonnegative() }), { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 5 * 60 });

/**
 * A large plant's yield (src/server/electrical/yield-queue.ts): the run's row says what to simulate and
 * records how it went. One retry, for a process that died mid-run (a run that failed is recorded, not
 * thrown); an attempt may take the compute timeout of a queued yield (15 min) and more to read and keep.
 */
export const projectYield = defineJob('project.yield', z.object({ runId: id }), { retryLimit: 1, retryDelaySeconds: 10, expireInSeconds: 30 * 60 });

/** Every kind the app knows: their queues are created at start, so any process can queue them. */
export const JOB_KINDS: readonly AnyJobKind[] = [droneStep, droneAbandon, alarmEvaluation, projectYield];
