// Drone modelling as background jobs (docs/ARCHITECTURE.md "Long jobs … go through pg-boss on the same
// database"; docs/PRODUCT.md "jobs": in-process workers, or worker processes on other machines sharing
// PostgreSQL). A modelling job is a row of drone_jobs (its record: state, task, progress, refund)
// and a chain of short steps, each a job of kind drone.step (jobs/kinds.ts) carrying the row's step
// counter. A step pushes the photos or polls the node once, then — in one transaction — records its
// outcome, advances the counter and queues the next step for when it is due; so a step either
// happened with its successor queued, or did not happen and is retried. A delivery whose counter has
// passed (a retry of a step that did finish) does nothing. A step whose worker died stays active in
// pg-boss until its attempt time runs out, then it is retried by any worker — a restarted server
// polls its running tasks again.
//
//   queued ──push──▶ uploading ──commit──▶ processing ──COMPLETED──▶ completed (orthophoto placed, e-mail)
//                        │  (resumed: the task is looked up by its uuid,          │
//                        │   pushed again under a new one if the node lacks it)   └─FAILED/CANCELED/lost─▶ failed
//                        └──────────────── refused / too many unreachable polls ───────────────▶ failed
//
// A failed job gives its photo credit back exactly once: the refund and refunded_at are written in
// one transaction that only a job without refunded_at can enter. A step that keeps failing on our
// side (its retries spent) goes to the dead-letter kind drone.abandon, which fails the job the same
// way. Photos leave the blob store when the job ends either way.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { addMs, type Clock } from '../clock.ts';
import type { Database, DroneJobsTable } from '../db/schema.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import { droneAbandon, droneStep, type PayloadOf } from '../jobs/kinds.ts';
import { jobId, type JobService } from '../jobs/service.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import type { OrthophotoService } from '../projects/orthophotos.ts';
import { NODEODM_STATUS, NodeOdmError, type NodeOdmOption, type NodeOdmProvider } from '../providers/nodeodm.ts';
import type { DroneNotifier, DroneOutcome } from './notify.ts';
import { ODM_ORTHOPHOTO_OUTPUTS, storeOrthophoto } from './orthophoto-result.ts';

type Job = Selectable<DroneJobsTable>;
type StepPayload = PayloadOf<typeof droneStep>;

/** The states of a job that still has steps to take. */
const ACTIVE_STATES = ['queued', 'uploading', 'processing'];

/** Photos per /task/new/upload request. */
const UPLOAD_BATCH = 8;
/** Unreachable polls in a row before the job fails. */
const MAX_FAILURES = 20;
/** Longest an orthophoto side should be [px]: the ODM resolution is coarsened to keep within it. */
const TARGET_SIDE_PX = 4096;
/** ODM's default orthophoto resolution [cm px⁻¹]. */
const ODM_DEFAULT_RESOLUTION_CM = 5;
/** Ground a photo sees beyond its GPS position, on each side [m] (a roof survey at ~60–100 m). */
const FOOTPRINT_MARGIN_M = 60;

/** Thrown by a step whose job must fail (with the message users read). */
class JobFailure extends Error {}

export interface DroneJobDeps {
  db: Kysely<Database>;
  clock: Clock;
  blobs: BlobStore;
  documents: DesignDocuments;
  orthophotos: OrthophotoService;
  provider: NodeOdmProvider | null;
  notifier: DroneNotifier;
  log: FastifyBaseLogger;
  /** The job engine the steps run on. */
  jobs: JobService;
  /** Time between two polls of a task [ms]. */
  pollMs: number;
}

/** The queue of the upload service (uploads.ts): queues a new job's first step with its row. */
export interface DroneQueue {
  /** Queues the first step of job `droneJobId` inside the transaction that creates its row. */
  first(tx: Transaction<Database>, droneJobId: number): Promise<void>;
  /** After that transaction committed: the workers of this process look at once. */
  wake(): void;
}

/**
 * ODM's orthophoto resolution for photos taken at these positions [cm px⁻¹]: the default 5 cm,
 * coarsened so that the area (the positions' extent plus a photo's footprint) fits TARGET_SIDE_PX.
 */
export function orthophotoResolutionCm(positions: { lat: number; lng: number }[]): number {
  if (positions.length === 0) return ODM_DEFAULT_RESOLUTION_CM;
  const lats = positions.map((p) => p.lat);
  const lngs = positions.map((p) => p.lng);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  // Metres per degree of latitude ≈ 111 320 m (spherical Earth of radius 6 378 137 m); of longitude × cos φ.
  const mPerDeg = (2 * Math.PI * 6_378_137) / 360;
  const north = (Math.max(...lats) - Math.min(...lats)) * mPerDeg;
  const east = (Math.max(...lngs) - Math.min(...lngs)) * mPerDeg * Math.cos((midLat * Math.PI) / 180);
  const extent = Math.max(north, east) + 2 * FOOTPRINT_MARGIN_M;
  return Math.max(ODM_DEFAULT_RESOLUTION_CM, Math.ceil((extent * 100 * 10) / TARGET_SIDE_PX) / 10);
}

export class DroneJobRunner implements DroneQueue {
  constructor(private readonly deps: DroneJobDeps) {}

  /** Registers the step handlers on the job engine; `work`: this process works their queues. */
  register(work: boolean): void {
    this.deps.jobs.handle(droneStep, (p) => this.run(p), { work });
    this.deps.jobs.handle(droneAbandon, (p) => this.abandon(p), { work });
  }

  async first(tx: Transaction<Database>, droneJobId: number): Promise<void> {
    await this.deps.jobs.send(droneStep, { droneJobId, step: 0 }, { id: jobId(droneStep, droneJobId, 0), tx });
  }

  wake(): void {
    this.deps.jobs.wake(droneStep);
  }

  /**
   * Makes sure every unfinished job has its current step queued (at start: a job left by the lease
   * queue before migration 0009, or one whose step was lost). A step already queued is not queued
   * again (the step's job id is fixed). The number of steps queued.
   */
  async adopt(): Promise<number> {
    const rows = await this.deps.db.selectFrom('drone_jobs').select(['id', 'step', 'next_run_at']).where('state', 'in', ACTIVE_STATES).execute();
    let queued = 0;
    const now = this.deps.clock.now().getTime();
    for (const r of rows) {
      const id = await this.deps.jobs.send(droneStep, { droneJobId: r.id, step: r.step }, { id: jobId(droneStep, r.id, r.step), delayMs: Math.max(0, r.next_run_at.getTime() - now) });
      if (id) queued++;
    }
    if (queued > 0) this.deps.log.info({ queued }, 'drone modelling: queued the steps of unfinished jobs');
    return queued;
  }

  /**
   * Runs the next due step of one job here and now (due by the app's clock: the job's next_run_at);
   * false when nothing was due. For tests and scripts — the workers run the steps by themselves.
   */
  async tick(): Promise<boolean> {
    return (await this.drain(1)) > 0;
  }

  /** Runs due steps (at most `max`) one after another; the number run. */
  async drain(max = 100): Promise<number> {
    return this.deps.jobs.runDue(droneStep, { max, isDue: (p) => this.isDue(p) });
  }

  private async isDue(p: StepPayload): Promise<boolean> {
    const row = await this.deps.db.selectFrom('drone_jobs').select(['next_run_at', 'step', 'state']).where('id', '=', p.droneJobId).executeTakeFirst();
    // A stale or orphaned delivery is "due": running it only retires it.
    if (!row || row.step !== p.step || !ACTIVE_STATES.includes(row.state)) return true;
    return row.next_run_at.getTime() <= this.deps.clock.now().getTime();
  }

  /** The handler of a drone.step job. */
  private async run(p: StepPayload): Promise<void> {
    const job = await this.deps.db.selectFrom('drone_jobs').selectAll().where('id', '=', p.droneJobId).executeTakeFirst();
    // Ended, deleted with its project, or a step that already happened: nothing to do.
    if (!job || job.step !== p.step || !ACTIVE_STATES.includes(job.state)) return;
    try {
      await this.step(job);
    } catch (err) {
      await this.onError(job, err);
    }
  }

  /** The handler of a drone.abandon job (a step's retries spent). */
  private async abandon(p: StepPayload): Promise<void> {
    const job = await this.deps.db.selectFrom('drone_jobs').selectAll().where('id', '=', p.droneJobId).executeTakeFirst();
    if (!job || !ACTIVE_STATES.includes(job.state)) return;
    this.deps.log.error({ jobId: job.id, step: p.step }, 'drone job: a step kept failing; the job is abandoned');
    await this.fail(job, 'modelling stopped after repeated errors on our side');
  }

  /**
   * Records a step's outcome, advances the counter and queues the next step after `delayMs`, in one
   * transaction; nothing when another delivery of this step got there first.
   */
  private async advance(job: Job, set: Partial<Omit<Job, 'id' | 'step'>>, delayMs: number): Promise<void> {
    const { db, clock, jobs } = this.deps;
    const now = clock.now();
    const next = job.step + 1;
    await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('drone_jobs')
        .set({ ...set, step: next, next_run_at: addMs(now, delayMs), updated_at: now, started_at: job.started_at ?? now })
        .where('id', '=', job.id)
        .where('step', '=', job.step)
        .where('state', 'in', ACTIVE_STATES)
        .returning('id')
        .executeTakeFirst();
      if (row) await jobs.send(droneStep, { droneJobId: job.id, step: next }, { id: jobId(droneStep, job.id, next), delayMs, tx });
    });
  }

  private async step(job: Job): Promise<void> {
    const provider = this.deps.provider;
    if (!provider) {
      // Queued while the service was configured; wait for a worker that has it.
      await this.advance(job, { error: 'the modelling service is not configured on this worker' }, 10 * this.deps.pollMs);
      return;
    }
    if (job.state === 'queued') return this.push(job, provider, randomUUID());
    if (job.state === 'uploading') {
      // A worker died while pushing: a committed task is polled, anything else is pushed again.
      const info = job.task_uuid ? await provider.info(job.task_uuid) : null;
      if (info) return this.advance(job, { state: 'processing', failures: 0 }, 0);
      return this.push(job, provider, randomUUID());
    }
    return this.poll(job, provider);
  }

  private async push(job: Job, provider: NodeOdmProvider, uuid: string): Promise<void> {
    const { db, blobs } = this.deps;
    const now = this.deps.clock.now();
    const claimed = await db
      .updateTable('drone_jobs')
      .set({ state: 'uploading', task_uuid: uuid, updated_at: now, started_at: job.started_at ?? now })
      .where('id', '=', job.id)
      .where('step', '=', job.step)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return;
    const photos = await db
      .selectFrom('drone_photos')
      .select(['file_name', 'blob_key', 'lat', 'lng'])
      .where('upload_id', '=', job.upload_id)
      .where('status', '=', 'approved')
      .orderBy('id')
      .execute();
    const positions = photos.flatMap((p) => (p.lat !== null && p.lng !== null ? [{ lat: p.lat, lng: p.lng }] : []));
    const options: NodeOdmOption[] = [
      { name: 'orthophoto-png', value: true },
      { name: 'orthophoto-resolution', value: orthophotoResolutionCm(positions) },
    ];
    await provider.init(uuid, { name: `pvstudio project ${job.project_id} job ${job.id}`, options, outputs: [...ODM_ORTHOPHOTO_OUTPUTS] });
    const names = new Set<string>();
    for (let i = 0; i < photos.length; i += UPLOAD_BATCH) {
      const files = [];
      for (const [k, p] of photos.slice(i, i + UPLOAD_BATCH).entries()) {
        const blob = p.blob_key ? await blobs.get(p.blob_key) : null;
        if (!blob) throw new JobFailure('a photo of the upload is missing from the store');
        files.push({ name: uniqueName(p.file_name, i + k, names), bytes: blob.bytes });
      }
      await provider.upload(uuid, files);
    }
    await provider.commit(uuid);
    await this.advance({ ...job, task_uuid: uuid }, { state: 'processing', progress: 0, failures: 0, error: null }, this.deps.pollMs);
  }

  private async poll(job: Job, provider: NodeOdmProvider): Promise<void> {
    const info = job.task_uuid ? await provider.info(job.task_uuid) : null;
    if (!info) throw new JobFailure('the modelling service no longer knows the task');
    if (info.status === NODEODM_STATUS.QUEUED || info.status === NODEODM_STATUS.RUNNING) {
      await this.advance(job, { progress: Math.min(99, info.progress), failures: 0, error: null }, this.deps.pollMs);
      return;
    }
    if (info.status === NODEODM_STATUS.FAILED) throw new JobFailure(info.errorMessage ? `modelling failed: ${info.errorMessage}` : 'modelling failed');
    if (info.status === NODEODM_STATUS.CANCELED) throw new JobFailure('the modelling task was cancelled');
    if (info.status !== NODEODM_STATUS.COMPLETED) throw new JobFailure(`the modelling service answered the unknown status ${info.status}`);
    await this.finish(job, provider, job.task_uuid as string);
  }

  private async finish(job: Job, provider: NodeOdmProvider, uuid: string): Promise<void> {
    const { db, clock } = this.deps;
    const project = await db.selectFrom('projects').select(['id', 'user_id', 'name', 'lat', 'lng']).where('id', '=', job.project_id).executeTakeFirst();
    if (!project) throw new JobFailure('the project was deleted');
    const zip = await provider.download(uuid);
    let result;
    try {
      result = await storeOrthophoto(zip, { id: project.id, userId: project.user_id, lat: project.lat, lng: project.lng }, this.deps);
    } catch (err) {
      if (err instanceof NodeOdmError) throw err;
      throw new JobFailure(err instanceof Error ? err.message : String(err));
    }
    const now = clock.now();
    const done = await db
      .updateTable('drone_jobs')
      .set({ state: 'completed', progress: 100, orthophoto_id: result.id, error: result.placed ? null : 'the orthophoto is stored; place it in the editor', finished_at: now, updated_at: now, step: job.step + 1 })
      .where('id', '=', job.id)
      .where('step', '=', job.step)
      .where('state', '=', 'processing')
      .returning('id')
      .executeTakeFirst();
    if (!done) return;
    await this.cleanUp(job, provider, uuid);
    await this.deps.notifier.completed(await this.outcome(job, 0, null));
  }

  private async onError(job: Job, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof NodeOdmError && err.kind === 'unreachable' && job.failures + 1 < MAX_FAILURES) {
      this.deps.log.warn({ jobId: job.id, err: message }, 'drone job: the modelling service is unreachable, will retry');
      const backoff = this.deps.pollMs * Math.min(2 ** job.failures, 16);
      await this.advance(job, { failures: job.failures + 1, error: message }, backoff);
      return;
    }
    if (!(err instanceof JobFailure) && !(err instanceof NodeOdmError)) this.deps.log.error({ err, jobId: job.id }, 'drone job step failed');
    await this.fail(job, message);
  }

  /** Ends a job as failed and refunds its photo credit — once, whoever calls it. */
  async fail(job: Job, message: string): Promise<boolean> {
    const { db, clock } = this.deps;
    const refunded = await db.transaction().execute(async (tx) => {
      const now = clock.now();
      const row = await tx
        .updateTable('drone_jobs')
        .set({ state: 'failed', error: message.slice(0, 1000), finished_at: now, refunded_at: now, updated_at: now })
        .where('id', '=', job.id)
        .where('refunded_at', 'is', null)
        .where('state', 'in', ACTIVE_STATES)
        .returning(['photo_credits', 'user_id', 'project_id', 'task_uuid'])
        .executeTakeFirst();
      if (!row) return null;
      await tx
        .updateTable('quotas')
        .set((eb) => ({ photo_used: eb.fn('greatest', [eb('photo_used', '-', row.photo_credits), eb.lit(0)]), updated_at: now }))
        .where('user_id', '=', row.user_id)
        .execute();
      await tx
        .insertInto('credit_log')
        .values({ user_id: row.user_id, change_type: 'refund', operator: 'system', photo_credits: row.photo_credits, order_sn: null, note: `drone modelling of project ${row.project_id} failed`, created_at: now })
        .execute();
      return row;
    });
    if (refunded === null) return false;
    this.deps.log.warn({ jobId: job.id, error: message }, 'drone job failed; photo credit refunded');
    await this.cleanUp(job, this.deps.provider, refunded.task_uuid);
    await this.deps.notifier.failed(await this.outcome(job, refunded.photo_credits, message));
    return true;
  }

  /** Drops the photos and the node's task (best effort: a leftover never blocks the user). */
  private async cleanUp(job: Job, provider: NodeOdmProvider | null, uuid: string | null): Promise<void> {
    const photos = await this.deps.db.selectFrom('drone_photos').select('blob_key').where('upload_id', '=', job.upload_id).where('blob_key', 'is not', null).execute();
    for (const p of photos) if (p.blob_key) await this.deps.blobs.delete(p.blob_key);
    if (provider && uuid) await provider.remove(uuid).catch((err: unknown) => this.deps.log.warn({ err, jobId: job.id }, 'drone job: removing the task failed'));
  }

  private async outcome(job: Job, refundedCredits: number, error: string | null): Promise<DroneOutcome> {
    const p = await this.deps.db.selectFrom('projects').select('name').where('id', '=', job.project_id).executeTakeFirst();
    return { jobId: job.id, userId: job.user_id, projectId: job.project_id, projectName: p?.name ?? `#${job.project_id}`, refundedCredits, error };
  }
}

/** A file name NodeODM accepts once per task: the photo's own base name, numbered when taken. */
function uniqueName(name: string, index: number, taken: Set<string>): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '') || `photo-${index}.jpg`;
  const withExt = /\.jpe?g$/i.test(base) ? base : `${base}.jpg`;
  let out = withExt;
  for (let k = 1; taken.has(out.toLowerCase()); k++) out = withExt.replace(/(\.jpe?g)$/i, `-${k}$1`);
  taken.add(out.toLowerCase());
  return out;
}
