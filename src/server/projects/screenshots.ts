// Project screenshots (spec 000 §5, §9; spec 001 §5: at most 6, 'Upload a maximum of 6 screenshots!'):
// images recognised by their magic bytes (PNG, JPEG, WebP), at most PROJECT_LIMITS.screenshotMaxBytes
// each and screenshotMaxSidePx / screenshotMaxPixels by the size in their header, bytes in the blob
// store, one row per image. The blob is written before its row commits and removed after its row is
// deleted, so a row never points at a missing file; a crash in between at worst leaves an
// unreferenced file.
import type { Kysely } from 'kysely';
import { PROJECT_LIMITS } from '../../model/api/projects.ts';
import type { BlobStore, StoredBlob } from '../blobs/blob-store.ts';
import { newBlobKey } from '../blobs/blob-store.ts';
import { IMAGE_TYPES, imageKind } from '../blobs/images.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { lockOwnProject } from './documents.ts';
import { imagePixelSize } from './image-size.ts';
import { screenshotUrl } from './rows.ts';

export interface Screenshot {
  id: number;
  url: string;
  contentType: string;
  size: number;
  fileName: string | null;
  createTime: string;
}

export interface Upload {
  bytes: Buffer;
  fileName: string | null;
}

export class ScreenshotService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly blobs: BlobStore,
  ) {}

  /** The screenshots of a project (the caller has checked access), oldest first. */
  async list(projectId: number): Promise<Screenshot[]> {
    const rows = await this.db.selectFrom('project_screenshots').selectAll().where('project_id', '=', projectId).orderBy('id').execute();
    return rows.map((r) => ({
      id: r.id,
      url: screenshotUrl(projectId, r.id),
      contentType: r.content_type,
      size: r.size,
      fileName: r.file_name,
      createTime: r.created_at.toISOString(),
    }));
  }

  /** Adds images to a project of `userId`; all or none. */
  async add(userId: number, projectId: number, uploads: Upload[]): Promise<Screenshot[]> {
    if (uploads.length === 0) throw apiError('UPLOAD_FAILED', { reason: 'no file was sent' }, { field: 'file' });
    const checked = uploads.map((u) => {
      if (u.bytes.length > PROJECT_LIMITS.screenshotMaxBytes) {
        throw apiError('UPLOAD_FAILED', { reason: `each image must be at most ${PROJECT_LIMITS.screenshotMaxBytes / 1024 / 1024} MB` }, { field: 'file' });
      }
      const kind = imageKind(u.bytes);
      if (!kind) throw apiError('UPLOAD_FAILED', { reason: 'only PNG, JPEG or WebP images can be uploaded' }, { field: 'file' });
      // The pixel size from the header, before anything (a browser, a report) decodes the image.
      const size = imagePixelSize(kind, u.bytes);
      if (!size) throw apiError('UPLOAD_FAILED', { reason: 'the image header is damaged (no image size in it)' }, { field: 'file' });
      const { screenshotMaxSidePx: side, screenshotMaxPixels: pixels } = PROJECT_LIMITS;
      if (Math.max(size.width, size.height) > side || size.width * size.height > pixels) {
        throw apiError('UPLOAD_FAILED', { reason: `the image is ${size.width} × ${size.height} px; at most ${side} px a side and ${pixels / 1e6} million pixels` }, { field: 'file' });
      }
      return { ...u, kind, key: newBlobKey(`screenshots/${projectId}`, kind === 'jpeg' ? 'jpg' : kind) };
    });
    // Cheap checks before any bytes are written: ownership and the count.
    const before = await this.count(userId, projectId);
    if (before + checked.length > PROJECT_LIMITS.maxScreenshots) throw apiError('SCREENSHOT_LIMIT', {}, { field: 'file' });
    for (const c of checked) await this.blobs.put(c.key, c.bytes, IMAGE_TYPES[c.kind]);
    try {
      await this.db.transaction().execute(async (tx) => {
        const now = this.clock.now();
        await lockOwnProject(tx, userId, projectId, now);
        const n = await tx.selectFrom('project_screenshots').select((eb) => eb.fn.countAll<string | number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
        if (Number(n.n) + checked.length > PROJECT_LIMITS.maxScreenshots) throw apiError('SCREENSHOT_LIMIT', {}, { field: 'file' });
        await tx
          .insertInto('project_screenshots')
          .values(checked.map((c) => ({ project_id: projectId, blob_key: c.key, content_type: IMAGE_TYPES[c.kind], size: c.bytes.length, file_name: c.fileName?.slice(0, 200).replaceAll('\u0000', '') ?? null, created_at: now })))
          .execute();
      });
    } catch (err) {
      await Promise.all(checked.map((c) => this.blobs.delete(c.key).catch(() => undefined)));
      throw err;
    }
    return this.list(projectId);
  }

  /** The image of a screenshot of a project (the caller has checked access). */
  async file(projectId: number, id: number): Promise<StoredBlob> {
    const row = await this.db.selectFrom('project_screenshots').select(['blob_key', 'content_type']).where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
    const blob = row ? await this.blobs.get(row.blob_key) : null;
    if (!row || !blob) throw apiError('NOT_FOUND');
    return { bytes: blob.bytes, contentType: row.content_type };
  }

  async delete(userId: number, projectId: number, id: number): Promise<void> {
    const key = await this.db.transaction().execute(async (tx) => {
      await lockOwnProject(tx, userId, projectId, this.clock.now());
      const row = await tx.deleteFrom('project_screenshots').where('project_id', '=', projectId).where('id', '=', id).returning('blob_key').executeTakeFirst();
      if (!row) throw apiError('NOT_FOUND');
      return row.blob_key;
    });
    await this.blobs.delete(key);
  }

  /** Removes blobs whose rows are gone (after a project delete). */
  async removeBlobs(keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => this.blobs.delete(k).catch(() => undefined)));
  }

  private async count(userId: number, projectId: number): Promise<number> {
    const owned = await this.db.selectFrom('projects').select('id').where('id', '=', projectId).where('user_id', '=', userId).executeTakeFirst();
    if (!owned) throw apiError('PROJECT_NOT_FOUND');
    const n = await this.db.selectFrom('project_screenshots').select((eb) => eb.fn.countAll<string | number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return Number(n.n);
  }
}
