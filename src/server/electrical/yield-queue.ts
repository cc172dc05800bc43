// A large plant's yield on the job queue. simulation/run answers while its caller waits up to the
// synchronous budget (≈ 22,800 modules a year, src/model/compute-budget.ts); with mode 'auto' a larger
// plant — up to the engine's 200,000 modules in strings — is queued instead: a row of
// project_yield_runs (migration 0016) and a 'project.yield' job that prepares the yield from the design
// as it is when the job starts, runs it on the compute pool with the queued timeout and keeps it exactly
// as a synchronous run does. The Electrical step follows the row (GET /project/simulation/queue) and,
// once done, reads the kept simulation. A project has at most one run queued or running: asking again
// answers that run. A run that fails records its error (code and parameters, worded in the reader's
// language) instead of retrying; only a process dying mid-run retries the job.
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { SimulationRunAnswer, YieldRun } from '../../model/api/electrical.ts';
import { projectSimulationQueuedEstimate, tooBigForSync } from '../../model/compute-budget.ts';
import { refuseTooBig } from '../compute/compute.ts';
import type { ProjectYieldRunsTable } from '../db/schema.ts';
import { ApiError, messageOf, type ErrorKey, type Lang } from '../errors.ts';
import { projectYield } from '../jobs/kinds.ts';
import { lockOwnProject } from '../projects/documents.ts';
import { keepProjectYield, prepareProjectYield, runPreparedYield, type PreparedYield } from './project-simulation.ts';

export type YieldMode = 'sync' | 'auto' | 'queue';

/** Registers the job's handler (before the job workers start). */
export function registerYieldQueue(app: FastifyInstance): void {
  app.services.jobs.handle(projectYield, (p) => runQueuedYield(app, p.runId));
}

/** simulation/run: the yield now, or (modes 'auto' when too big for now, and 'queue') its queued run. */
export async function runOrQueueYield(app: FastifyInstance, userId: number, projectId: number, mode: YieldMode = 'sync'): Promise<SimulationRunAnswer> {
  const prepared = await prepareProjectYield(app, userId, projectId);
  if (mode === 'sync' || (mode === 'auto' && !tooBigForSync(prepared.estimate))) {
    return keepProjectYield(app, userId, projectId, await runPreparedYield(app, userId, prepared));
  }
  return { queued: await queueYield(app, userId, projectId, prepared) };
}

/** The project's latest queued run (any status), or null; PROJECT_NOT_FOUND without access. */
export async function latestYieldRun(app: FastifyInstance, userId: number, projectId: number, lang: Lang): Promise<YieldRun | null> {
  await app.services.projects.row(userId, projectId);
  const row = await app.db.selectFrom('project_yield_runs').selectAll().where('project_id', '=', projectId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? toYieldRun(row, lang) : null;
}

/** 400 when even the queue cannot take the plant (the engine's bound): the compute calls' refusal on the queued estimate. */
function refuseTooBigForQueue(p: PreparedYield): void {
  refuseTooBig(projectSimulationQueuedEstimate(p.basis.modules, p.steps));
}

async function queueYield(app: FastifyInstance, userId: number, projectId: number, prepared: PreparedYield): Promise<YieldRun> {
  refuseTooBigForQueue(prepared);
  const now = app.clock.now();
  const { row, created } = await app.db.transaction().execute(async (tx) => {
    // The project's write lock: the caller may change the project, and two askers queue one run.
    await lockOwnProject(tx, userId, projectId, now);
    const active = await tx
      .selectFrom('project_yield_runs')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('status', 'in', ['queued', 'running'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (active) return { row: active, created: false };
    const inserted = await tx
      .insertInto('project_yield_runs')
      .values({ project_id: projectId, user_id: userId, status: 'queued', modules: prepared.basis.modules, error_code: null, error_params: null, queued_at: now, started_at: null, finished_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: inserted, created: true };
  });
  if (created) {
    try {
      await app.services.jobs.send(projectYield, { runId: row.id });
    } catch (err) {
      await finish(app, row.id, err);
      throw err;
    }
  }
  return toYieldRun(row, 'en');
}

/** The job: prepare from the design as it is now, run, keep; the row records how it went. */
export async function runQueuedYield(app: FastifyInstance, runId: number): Promise<void> {
  const started = await app.db
    .updateTable('project_yield_runs')
    .set({ status: 'running', started_at: app.clock.now() })
    .where('id', '=', runId)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
  if (!started) return; // finished already (a redelivery)
  try {
    const prepared = await prepareProjectYield(app, started.user_id, started.project_id);
    refuseTooBigForQueue(prepared);
    const kept = await runPreparedYield(app, started.user_id, prepared, { queued: true });
    await keepProjectYield(app, started.user_id, started.project_id, kept);
    await finish(app, runId, null);
  } catch (err) {
    if (!(err instanceof ApiError)) app.log.error({ err, runId }, 'queued yield failed');
    await finish(app, runId, err);
  }
}

async function finish(app: FastifyInstance, runId: number, err: unknown): Promise<void> {
  const failure = err === null ? null : err instanceof ApiError ? { code: err.key, params: err.params } : { code: 'INTERNAL' as const, params: {} };
  await app.db
    .updateTable('project_yield_runs')
    .set({
      status: failure ? 'failed' : 'done',
      finished_at: app.clock.now(),
      error_code: failure?.code ?? null,
      error_params: failure ? JSON.stringify(failure.params) : null,
    })
    .where('id', '=', runId)
    .execute();
}

function toYieldRun(row: Selectable<ProjectYieldRunsTable>, lang: Lang): YieldRun {
  const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
  let error: YieldRun['error'] = null;
  if (row.error_code !== null) {
    const params = JSON.parse(row.error_params ?? '{}') as Record<string, string | number>;
    error = { code: row.error_code, message: messageOf(row.error_code as ErrorKey, lang, params) };
  }
  return {
    id: row.id,
    projectId: row.project_id,
    status: row.status,
    modules: row.modules,
    queuedAt: new Date(row.queued_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    error,
  };
}
