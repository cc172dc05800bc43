// The companies of an organisation (spec 000 §2 businessList "company information"; spec 001 §2
// "Company information: name, address, contact person, phone, email, logo", §3 Company "logo (also a
// profile template for PPT pages)", §5 "Company logo: JPG or PNG, 170x40 pixels, at most 1 MB.
// Profile or cover image: one JPG or PNG, at most 2 MB"). Images are recognised by their magic bytes
// (blobs/images.ts) and the logo's pixel size is read from its header (projects/image-size.ts) — the
// server checks both, whatever the browser did. The bytes live in the blob store; the row keeps the key.
import type { Kysely } from 'kysely';
import { ENTERPRISE_LIMITS, type CompanyImageKind } from '../../model/api/enterprise.ts';
import type { BlobStore, StoredBlob } from '../blobs/blob-store.ts';
import { newBlobKey } from '../blobs/blob-store.ts';
import { IMAGE_TYPES, imageKind } from '../blobs/images.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { imagePixelSize } from '../projects/image-size.ts';

/** The URL of a company image (GET, signed in). */
export function companyImageUrl(enterpriseId: number, companyId: number, kind: CompanyImageKind): string {
  return `/api/user/enterprise/business/image?enterpriseId=${enterpriseId}&id=${companyId}&kind=${kind}`;
}

const COLUMNS = {
  logo: { key: 'logo_key', type: 'logo_type' },
  profile: { key: 'profile_key', type: 'profile_type' },
  cover: { key: 'cover_key', type: 'cover_type' },
} as const;

export interface CompanyFields {
  name: string;
  address?: string;
  contact?: string;
  phone?: string;
  email?: string;
}

/**
 * Checks an uploaded company image: JPG or PNG by its bytes; the logo exactly 170 × 40 px and at most
 * 1 MB, a PPT profile / cover image at most 2 MB. Returns its MIME type and extension.
 */
export function checkCompanyImage(kind: CompanyImageKind, bytes: Uint8Array): { contentType: string; extension: 'png' | 'jpg' } {
  const maxBytes = kind === 'logo' ? ENTERPRISE_LIMITS.logo.maxBytes : ENTERPRISE_LIMITS.templateImage.maxBytes;
  if (bytes.length === 0) throw apiError('UPLOAD_FAILED', { reason: 'no file was sent' }, { field: 'file' });
  if (bytes.length > maxBytes) throw apiError('UPLOAD_FAILED', { reason: `the image must be at most ${maxBytes / 1024 / 1024} MB` }, { field: 'file' });
  const type = imageKind(bytes);
  if (type !== 'png' && type !== 'jpeg') throw apiError('UPLOAD_FAILED', { reason: 'only JPG or PNG images can be uploaded' }, { field: 'file' });
  if (kind === 'logo') {
    const size = imagePixelSize(type, bytes);
    if (!size) throw apiError('UPLOAD_FAILED', { reason: 'the image header is damaged (no image size in it)' }, { field: 'file' });
    const { width, height } = ENTERPRISE_LIMITS.logo;
    if (size.width !== width || size.height !== height) {
      throw apiError('UPLOAD_FAILED', { reason: `the logo must be ${width} × ${height} px, this one is ${size.width} × ${size.height} px` }, { field: 'file' });
    }
  }
  return { contentType: IMAGE_TYPES[type], extension: type === 'jpeg' ? 'jpg' : 'png' };
}

type CompanyRow = Awaited<ReturnType<Companies['row']>>;

export class Companies {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly blobs: BlobStore,
  ) {}

  /** The answer shape of a company. */
  view(r: CompanyRow) {
    return {
      id: r.id,
      name: r.name,
      address: r.address,
      contact: r.contact,
      phone: r.phone,
      email: r.email,
      logoUrl: r.logo_key ? companyImageUrl(r.enterprise_id, r.id, 'logo') : null,
      profileUrl: r.profile_key ? companyImageUrl(r.enterprise_id, r.id, 'profile') : null,
      coverUrl: r.cover_key ? companyImageUrl(r.enterprise_id, r.id, 'cover') : null,
      updateTime: r.updated_at.toISOString(),
    };
  }

  async row(enterpriseId: number, id: number) {
    const r = await this.db.selectFrom('enterprise_companies').selectAll().where('id', '=', id).where('enterprise_id', '=', enterpriseId).executeTakeFirst();
    if (!r) throw apiError('NOT_FOUND');
    return r;
  }

  async list(enterpriseId: number, q: { page: number; size: number; name?: string }) {
    let base = this.db.selectFrom('enterprise_companies').where('enterprise_id', '=', enterpriseId);
    if (q.name) base = base.where('name', 'ilike', `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = await base.selectAll().orderBy('id').limit(q.size).offset((q.page - 1) * q.size).execute();
    const n = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return { total: Number(n.n), page: q.page, size: q.size, list: rows.map((r) => this.view(r)) };
  }

  async add(enterpriseId: number, f: CompanyFields) {
    const now = this.clock.now();
    const r = await this.db
      .insertInto('enterprise_companies')
      .values({ enterprise_id: enterpriseId, name: f.name, address: f.address || null, contact: f.contact || null, phone: f.phone || null, email: f.email || null, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.view(r);
  }

  async update(enterpriseId: number, id: number, f: CompanyFields) {
    await this.row(enterpriseId, id);
    const r = await this.db
      .updateTable('enterprise_companies')
      .set({ name: f.name, address: f.address || null, contact: f.contact || null, phone: f.phone || null, email: f.email || null, updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return this.view(r);
  }

  async delete(enterpriseId: number, id: number): Promise<void> {
    const r = await this.row(enterpriseId, id);
    await this.db.deleteFrom('enterprise_companies').where('id', '=', id).where('enterprise_id', '=', enterpriseId).execute();
    for (const key of [r.logo_key, r.profile_key, r.cover_key]) if (key) await this.blobs.delete(key);
  }

  /** Stores a company image (checked first), replacing the previous one of that kind. */
  async setImage(enterpriseId: number, id: number, kind: CompanyImageKind, bytes: Uint8Array) {
    const before = await this.row(enterpriseId, id);
    const { contentType, extension } = checkCompanyImage(kind, bytes);
    const key = newBlobKey(`enterprise/${enterpriseId}/companies/${id}`, extension);
    await this.blobs.put(key, bytes, contentType);
    return this.replaceImage(enterpriseId, id, kind, before[COLUMNS[kind].key], key, contentType);
  }

  async deleteImage(enterpriseId: number, id: number, kind: CompanyImageKind) {
    const before = await this.row(enterpriseId, id);
    return this.replaceImage(enterpriseId, id, kind, before[COLUMNS[kind].key], null, null);
  }

  /** Points the company's image of `kind` at `key` (null: none), then deletes the blob it pointed at before (`old`). */
  private async replaceImage(enterpriseId: number, id: number, kind: CompanyImageKind, old: string | null, key: string | null, contentType: string | null) {
    const col = COLUMNS[kind];
    const r = await this.db
      .updateTable('enterprise_companies')
      .set({ [col.key]: key, [col.type]: contentType, updated_at: this.clock.now() })
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (old) await this.blobs.delete(old);
    return this.view(r);
  }

  async image(enterpriseId: number, id: number, kind: CompanyImageKind): Promise<StoredBlob> {
    const r = await this.row(enterpriseId, id);
    const key = r[COLUMNS[kind].key];
    const blob = key ? await this.blobs.get(key) : null;
    if (!blob) throw apiError('NOT_FOUND');
    return blob;
  }
}
