// Drone photo upload sessions (spec 001 §2 "Drone photo upload dialog", §4 "Drone upload", §5
// "Drone photos"): uploadUAV opens the project's session (or continues its open one), upload/append
// adds photos, buildingSchemaUpload submits it for modelling. Every photo is checked again here
// (photo-check.ts), then admitted in order against the session's file count, total size and the
// remaining drone photo credit, with the session row locked so that parallel appends cannot pass a
// limit together. Nothing is charged until the submission, which — in one transaction with the
// user's quota row locked — spends one photo credit per approved photo, writes the credit log and
// queues the modelling job. A DRONE project paid its unit of the project quota when it was created
// (projects.ts), so modelling it spends photo credit only; only DRONE projects take drone photos.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { DRONE_LIMITS, PHOTO_FAILURE_TEXT, photoFailures, type DroneAppend, type DroneJob, type DronePhoto, type DroneStatus, type DroneUpload, type PhotoFailure } from '../../model/api/drone.ts';
import type { EntitlementService } from '../accounts/entitlements.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import { assertBlobKey } from '../blobs/blob-store.ts';
import type { Clock } from '../clock.ts';
import type { Database, DroneJobsTable } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { DroneQueue } from './jobs.ts';
import type { UploadedFile } from '../routes/uploads.ts';
import { checkPhoto, type PhotoVerdict } from './photo-check.ts';

type PhotoRow = { id: number; file_name: string; size: number; status: string; reason: string | null; lat: number | null; lng: number | null };
type JobRow = Selectable<DroneJobsTable>;

/** A received photo; `truncated`: the parser cut it off at the size cap. */
export type PhotoFile = UploadedFile & { truncated?: boolean };

/** The service name in PROVIDER_NOT_CONFIGURED / PROVIDER_FAILED. */
export const MODELLING_SERVICE = 'The drone modelling service (NodeODM)';

function photoOf(r: PhotoRow): DronePhoto {
  const reason = r.reason && (photoFailures as readonly string[]).includes(r.reason) ? (r.reason as PhotoFailure) : null;
  return {
    id: r.id,
    fileName: r.file_name,
    size: r.size,
    state: r.status === 'approved' ? 'approved' : 'failed',
    reason,
    message: reason ? PHOTO_FAILURE_TEXT[reason] : null,
    lat: r.lat,
    lng: r.lng,
  };
}

export function jobOf(r: JobRow): DroneJob {
  const states = ['queued', 'uploading', 'processing', 'completed', 'failed'] as const;
  const state = states.find((s) => s === r.state) ?? 'failed';
  return {
    id: r.id,
    state,
    progress: r.progress,
    photoCredits: r.photo_credits,
    refunded: r.refunded_at !== null,
    error: r.error,
    orthophotoId: r.orthophoto_id,
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
  };
}

/** The blob key of a drone photo. */
export function photoBlobKey(uploadId: number): string {
  const key = `drone/${uploadId}/${randomBytes(16).toString('hex')}.jpg`;
  assertBlobKey(key);
  return key;
}

export class DroneUploads {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly blobs: BlobStore,
    private readonly entitlements: EntitlementService,
    /** Whether modelling is configured (submitting needs it). */
    private readonly service: { configured: boolean; notice: string | null },
    /** Queues a new job's first step with its row (and wakes this process's workers). */
    private readonly queue: DroneQueue,
  ) {}

  /** uploadUAV: the project's open session (made when there is none) with the photos added. */
  async open(userId: number, projectId: number, files: PhotoFile[]): Promise<DroneAppend> {
    const project = await this.db.selectFrom('projects').select(['survey_type']).where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
    if (!project) throw apiError('PROJECT_NOT_FOUND');
    if (project.survey_type !== 'DRONE') throw apiError('DRONE_NOT_DRONE_PROJECT', {}, { field: 'projectId' });
    const now = this.clock.now();
    await this.db
      .insertInto('drone_uploads')
      .values({ project_id: projectId, user_id: userId, status: 'open', created_at: now, updated_at: now, submitted_at: null })
      .onConflict((oc) => oc.column('project_id').where('status', '=', 'open').doNothing())
      .execute();
    const row = await this.db.selectFrom('drone_uploads').select('id').where('project_id', '=', projectId).where('status', '=', 'open').executeTakeFirstOrThrow();
    return this.append(userId, projectId, row.id, files);
  }

  /** upload/append: adds photos to an open session of the user's project. */
  async append(userId: number, projectId: number, uploadId: number, files: PhotoFile[]): Promise<DroneAppend> {
    if (files.length === 0) throw apiError('UPLOAD_FAILED', { reason: 'no file was sent' }, { field: 'file' });
    await this.openSession(this.db, userId, projectId, uploadId);
    // Checked and stored before the admission, so the lock is held only for the counting.
    const checked: { file: PhotoFile; verdict: PhotoVerdict; key: string | null }[] = [];
    for (const file of files) {
      const verdict: PhotoVerdict = file.truncated ? { ok: false, reason: 'too-large', lat: null, lng: null, sha256: null } : await checkPhoto(file.bytes);
      const key = verdict.ok ? photoBlobKey(uploadId) : null;
      if (key) await this.blobs.put(key, file.bytes, 'image/jpeg');
      checked.push({ file, verdict, key });
    }
    const quota = await this.entitlements.quota(userId);
    const unused: string[] = [];
    const ids = await this.db.transaction().execute(async (tx) => {
      await this.openSession(tx, userId, projectId, uploadId, true);
      const approved = await tx.selectFrom('drone_photos').select(['size', 'sha256']).where('upload_id', '=', uploadId).where('status', '=', 'approved').execute();
      let count = approved.length;
      let total = approved.reduce((s, r) => s + r.size, 0);
      const hashes = new Set(approved.map((r) => r.sha256));
      const out: number[] = [];
      for (const { file, verdict, key } of checked) {
        let reason: PhotoFailure | null = verdict.ok ? null : verdict.reason;
        if (!reason && count >= DRONE_LIMITS.maxFiles) reason = 'too-many';
        if (!reason && total + file.bytes.length > DRONE_LIMITS.maxTotalBytes) reason = 'total-too-large';
        if (!reason && hashes.has(verdict.sha256)) reason = 'duplicate';
        if (!reason && count >= quota.surplusCapacity) reason = 'no-credit';
        if (reason && key) unused.push(key);
        if (!reason) {
          count++;
          total += file.bytes.length;
          hashes.add(verdict.sha256);
        }
        const row = await tx
          .insertInto('drone_photos')
          .values({
            upload_id: uploadId,
            file_name: (file.fileName ?? 'photo.jpg').slice(0, 255).replaceAll('\u0000', ''),
            size: file.bytes.length,
            status: reason ? 'failed' : 'approved',
            reason,
            lat: verdict.lat,
            lng: verdict.lng,
            sha256: verdict.sha256,
            blob_key: reason ? null : key,
            created_at: this.clock.now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        out.push(row.id);
      }
      await tx.updateTable('drone_uploads').set({ updated_at: this.clock.now() }).where('id', '=', uploadId).execute();
      return out;
    });
    for (const key of unused) await this.blobs.delete(key);
    const upload = await this.upload(uploadId);
    return { uploadId, photos: upload.photos.filter((p) => ids.includes(p.id)), upload, remainingCredit: Math.max(0, quota.surplusCapacity - upload.approved) };
  }

  /** buildingSchemaUpload: charges the photo credit and queues the modelling job. */
  async submit(userId: number, projectId: number, uploadId: number): Promise<DroneJob> {
    if (!this.service.configured) throw apiError('PROVIDER_NOT_CONFIGURED', { service: MODELLING_SERVICE });
    const jobId = await this.db.transaction().execute(async (tx) => {
      await this.openSession(tx, userId, projectId, uploadId, true);
      const n = await tx
        .selectFrom('drone_photos')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('upload_id', '=', uploadId)
        .where('status', '=', 'approved')
        .executeTakeFirstOrThrow();
      const approved = Number(n.n);
      if (approved < DRONE_LIMITS.minApproved) throw apiError('DRONE_TOO_FEW_PHOTOS', { min: DRONE_LIMITS.minApproved, count: approved });
      const now = this.clock.now();
      await tx.insertInto('quotas').values({ user_id: userId, updated_at: now }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
      const q = await tx.selectFrom('quotas').select(['photo_total', 'photo_used']).where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
      const remaining = q.photo_total - q.photo_used;
      if (remaining <= 0) throw apiError('DRONE_SERVICE_INACTIVE');
      if (remaining < approved) throw apiError('DRONE_CREDIT_EXCEEDED', { count: approved, remaining });
      await tx.updateTable('quotas').set((eb) => ({ photo_used: eb('photo_used', '+', approved), updated_at: now })).where('user_id', '=', userId).execute();
      await tx
        .insertInto('credit_log')
        .values({ user_id: userId, change_type: 'consume', operator: String(userId), photo_credits: -approved, order_sn: null, note: `drone modelling of project ${projectId}`, created_at: now })
        .execute();
      await tx.updateTable('drone_uploads').set({ status: 'submitted', submitted_at: now, updated_at: now }).where('id', '=', uploadId).execute();
      const job = await tx
        .insertInto('drone_jobs')
        .values({ upload_id: uploadId, project_id: projectId, user_id: userId, state: 'queued', photo_credits: approved, next_run_at: now, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.queue.first(tx, job.id);
      return job.id;
    });
    this.queue.wake();
    const job = await this.db.selectFrom('drone_jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    return jobOf(job);
  }

  /** Drops an open session and its photos (nothing was charged). */
  async cancel(userId: number, projectId: number, uploadId: number): Promise<void> {
    const keys = await this.db.transaction().execute(async (tx) => {
      await this.openSession(tx, userId, projectId, uploadId, true);
      const rows = await tx.selectFrom('drone_photos').select('blob_key').where('upload_id', '=', uploadId).where('blob_key', 'is not', null).execute();
      await tx.updateTable('drone_photos').set({ blob_key: null, status: 'failed' }).where('upload_id', '=', uploadId).execute();
      await tx.updateTable('drone_uploads').set({ status: 'cancelled', updated_at: this.clock.now() }).where('id', '=', uploadId).execute();
      return rows.map((r) => r.blob_key).filter((k): k is string => k !== null);
    });
    for (const key of keys) await this.blobs.delete(key);
  }

  /** The dialog's picture of a project: credit, the open (else the latest) session and its job. */
  async status(userId: number, projectId: number): Promise<DroneStatus> {
    const quota = await this.entitlements.quota(userId);
    const latest = await this.db
      .selectFrom('drone_uploads')
      .select(['id', 'status'])
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .where('status', '!=', 'cancelled')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const upload = latest ? await this.upload(latest.id) : null;
    const job = latest ? await this.db.selectFrom('drone_jobs').selectAll().where('upload_id', '=', latest.id).executeTakeFirst() : undefined;
    const openApproved = upload && upload.state === 'open' ? upload.approved : 0;
    return {
      service: this.service,
      surplusCapacity: quota.surplusCapacity,
      projectLimit: quota.projectLimit,
      remainingCredit: Math.max(0, quota.surplusCapacity - openApproved),
      upload,
      job: job ? jobOf(job) : null,
    };
  }

  private async upload(uploadId: number): Promise<DroneUpload> {
    const u = await this.db.selectFrom('drone_uploads').select(['id', 'status']).where('id', '=', uploadId).executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('drone_photos')
      .select(['id', 'file_name', 'size', 'status', 'reason', 'lat', 'lng'])
      .where('upload_id', '=', uploadId)
      .orderBy('id')
      .execute();
    const photos = rows.map(photoOf);
    const approved = photos.filter((p) => p.state === 'approved');
    const state = u.status === 'submitted' ? 'submitted' : u.status === 'cancelled' ? 'cancelled' : 'open';
    return {
      uploadId,
      state,
      approved: approved.length,
      failed: photos.length - approved.length,
      totalBytes: approved.reduce((s, p) => s + p.size, 0),
      photos,
    };
  }

  /** The session of the user's project, open (404 otherwise; 409 when no longer open). */
  private async openSession(db: Kysely<Database> | Transaction<Database>, userId: number, projectId: number, uploadId: number, lock = false): Promise<void> {
    let q = db.selectFrom('drone_uploads').select(['status']).where('id', '=', uploadId).where('project_id', '=', projectId).where('user_id', '=', userId);
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw apiError('NOT_FOUND', {}, { field: 'uploadId' });
    if (row.status !== 'open') throw apiError('DRONE_UPLOAD_CLOSED', {}, { field: 'uploadId' });
  }
}
