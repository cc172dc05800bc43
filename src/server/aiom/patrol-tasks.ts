// O&M patrol (issue 21 §6): inspection tasks of a plant — title, checklist items with done flags,
// an assignee (the plant's owner or a member of the enterprise holding the plant), due date, status
// (open / inProgress / done), notes and photos. Photos are images (PNG, JPEG, WebP, checked by their
// bytes: blobs/images.ts) kept in the blob store under aiom-patrol/<plant>/<task>/; the task row keeps
// their list.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { PatrolTask, patrolCreateBody, patrolUpdateBody } from '../../model/api/aiom-operations.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import { IMAGE_TYPES, imageKind } from '../blobs/images.ts';
import type { Clock } from '../clock.ts';
import type { AiomPatrolTasksTable, Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import type { Plant } from './configuration.ts';

/** Photos per task. */
export const PATROL_MAX_PHOTOS = 20;
/** Bytes per photo. */
export const PATROL_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

type Row = Selectable<AiomPatrolTasksTable>;
const parse = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export class PatrolTasks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly blobs: BlobStore,
  ) {}

  /** The task's plant id (to check access before anything else), or 404. */
  async plantOf(taskId: number): Promise<number> {
    const r = await this.db.selectFrom('aiom_patrol_tasks').select('project_id').where('id', '=', taskId).executeTakeFirst();
    if (!r) throw apiError('NOT_FOUND', {}, { field: 'id' });
    return r.project_id;
  }

  /** 400 unless the user is the plant's owner or a member of an enterprise holding the plant. */
  private async checkAssignee(plant: Plant, userId: number | null | undefined): Promise<void> {
    if (userId === null || userId === undefined || userId === plant.ownerId) return;
    const m = await this.db
      .selectFrom('enterprise_projects as ep')
      .innerJoin('enterprise_members as m', 'm.enterprise_id', 'ep.enterprise_id')
      .select('m.user_id')
      .where('ep.project_id', '=', plant.id)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
    if (!m) throw apiError('VALIDATION', { field: 'assigneeUserId', message: 'the assignee must be the plant\'s owner or a member of its enterprise' }, { field: 'assigneeUserId' });
  }

  private async view(rows: Row[]): Promise<PatrolTask[]> {
    const ids = [...new Set(rows.map((r) => r.assignee_user_id).filter((v): v is number => v !== null))];
    const names = ids.length
      ? new Map((await this.db.selectFrom('users').select(['id', 'name', 'nick_name', 'phone', 'email']).where('id', 'in', ids).execute()).map((u) => [u.id, u.name ?? u.nick_name ?? u.phone ?? u.email ?? `#${u.id}`]))
      : new Map<number, string>();
    return rows.map((r) => ({
      id: r.id,
      projectId: r.project_id,
      title: r.title,
      checklist: parse<{ text: string; done: boolean }[]>(r.checklist),
      assigneeUserId: r.assignee_user_id,
      assigneeName: r.assignee_user_id !== null ? (names.get(r.assignee_user_id) ?? null) : null,
      dueDate: r.due_date,
      status: r.status,
      notes: r.notes,
      photos: parse<PatrolTask['photos']>(r.photos),
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    }));
  }

  async get(taskId: number): Promise<PatrolTask> {
    const r = await this.db.selectFrom('aiom_patrol_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
    if (!r) throw apiError('NOT_FOUND', {}, { field: 'id' });
    return (await this.view([r]))[0];
  }

  async list(plantId: number, q: { status?: PatrolTask['status']; page: number; size: number }) {
    let base = this.db.selectFrom('aiom_patrol_tasks').where('project_id', '=', plantId);
    if (q.status) base = base.where('status', '=', q.status);
    const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('id', 'desc').limit(q.size).offset((q.page - 1) * q.size).execute();
    return { total: Number(total.n), page: q.page, size: q.size, list: await this.view(rows) };
  }

  async create(plant: Plant, userId: number, b: z.output<typeof patrolCreateBody>): Promise<PatrolTask> {
    await this.checkAssignee(plant, b.assigneeUserId);
    const now = this.clock.now();
    const r = await this.db
      .insertInto('aiom_patrol_tasks')
      .values({
        project_id: plant.id,
        title: b.title,
        checklist: JSON.stringify(b.checklist),
        assignee_user_id: b.assigneeUserId ?? null,
        due_date: b.dueDate ?? null,
        status: b.status,
        notes: b.notes,
        photos: '[]',
        created_by: userId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.get(r.id);
  }

  async update(plant: Plant, b: z.output<typeof patrolUpdateBody>): Promise<PatrolTask> {
    if (b.assigneeUserId !== undefined) await this.checkAssignee(plant, b.assigneeUserId);
    await this.db
      .updateTable('aiom_patrol_tasks')
      .set({
        ...(b.title !== undefined ? { title: b.title } : {}),
        ...(b.checklist !== undefined ? { checklist: JSON.stringify(b.checklist) } : {}),
        ...(b.assigneeUserId !== undefined ? { assignee_user_id: b.assigneeUserId } : {}),
        ...(b.dueDate !== undefined ? { due_date: b.dueDate } : {}),
        ...(b.status !== undefined ? { status: b.status } : {}),
        ...(b.notes !== undefined ? { notes: b.notes } : {}),
        updated_at: this.clock.now(),
      })
      .where('id', '=', b.id)
      .where('project_id', '=', plant.id)
      .execute();
    return this.get(b.id);
  }

  /** Deletes the task and its photos. */
  async remove(plantId: number, taskId: number): Promise<number> {
    const r = await this.db.deleteFrom('aiom_patrol_tasks').where('id', '=', taskId).where('project_id', '=', plantId).returning('photos').executeTakeFirst();
    if (!r) return 0;
    for (const p of parse<PatrolTask['photos']>(r.photos)) await this.blobs.delete(photoKey(plantId, taskId, p.id, p.contentType)).catch(() => undefined);
    return 1;
  }

  /** Adds a photo (an image) to the task. */
  async addPhoto(plantId: number, taskId: number, bytes: Buffer, fileName: string | null): Promise<PatrolTask> {
    const kind = imageKind(bytes);
    if (!kind) throw apiError('UPLOAD_FAILED', { reason: 'the photo must be a PNG, JPEG or WebP image' }, { field: 'file' });
    const task = await this.get(taskId);
    if (task.photos.length >= PATROL_MAX_PHOTOS) throw apiError('UPLOAD_FAILED', { reason: `at most ${PATROL_MAX_PHOTOS} photos per task` }, { field: 'file' });
    const id = randomBytes(12).toString('hex');
    const contentType = IMAGE_TYPES[kind];
    await this.blobs.put(photoKey(plantId, taskId, id, contentType), bytes, contentType);
    const photo = { id, name: (fileName ?? `photo.${kind}`).slice(0, 200), contentType, size: bytes.length, uploadedAt: this.clock.now().toISOString() };
    await this.db
      .updateTable('aiom_patrol_tasks')
      .set({ photos: JSON.stringify([...task.photos, photo]), updated_at: this.clock.now() })
      .where('id', '=', taskId)
      .execute();
    return this.get(taskId);
  }

  async photo(plantId: number, taskId: number, photoId: string): Promise<{ bytes: Buffer; contentType: string }> {
    const task = await this.get(taskId);
    const p = task.photos.find((x) => x.id === photoId);
    const blob = p ? await this.blobs.get(photoKey(plantId, taskId, p.id, p.contentType)) : null;
    if (!blob) throw apiError('NOT_FOUND', {}, { field: 'photoId' });
    return blob;
  }
}

function photoKey(plantId: number, taskId: number, photoId: string, contentType: string): string {
  const ext = contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg';
  return `aiom-patrol/${plantId}/${taskId}/${photoId}.${ext}`;
}
