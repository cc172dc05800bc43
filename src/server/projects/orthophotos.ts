// A project's drone orthophotos (issue 7): one PNG or JPEG per upload, recognised by its magic bytes
// (blobs/images.ts) with its pixel size read from its header (image-size.ts), at most
// ORTHOPHOTO_LIMITS.maxBytes and maxSidePx. No table: the bytes live in the blob store under
// `orthophotos/<projectId>/<id>` with a random 128-bit id, and the building document's
// map.orthophoto names the id. An upload never removes an earlier image: undo in the editor may bring
// back a placement that refers to it. A project's copy gets its own copies (same ids); deleting a
// project removes them. The caller checks who may use the project.
import { randomBytes } from 'node:crypto';
import { ORTHOPHOTO_LIMITS, type OrthophotoUpload } from '../../model/api/orthophoto.ts';
import type { BlobStore, StoredBlob } from '../blobs/blob-store.ts';
import { assertBlobKey } from '../blobs/blob-store.ts';
import { IMAGE_TYPES, imageKind } from '../blobs/images.ts';
import { apiError } from '../errors.ts';
import { imagePixelSize } from './image-size.ts';

export interface OrthophotoFile {
  bytes: Buffer;
  fileName: string | null;
}

/** The blob key of an orthophoto of a project (the id is checked by the route's schema). */
export function orthophotoBlobKey(projectId: number, id: string): string {
  const key = `orthophotos/${projectId}/${id}`;
  assertBlobKey(key);
  return key;
}

function refuse(reason: string): never {
  throw apiError('UPLOAD_FAILED', { reason }, { field: 'file' });
}

export class OrthophotoService {
  constructor(private readonly blobs: BlobStore) {}

  /** Stores the one image of `files` for a project; answers its id and pixel size. */
  async add(projectId: number, files: OrthophotoFile[]): Promise<OrthophotoUpload> {
    if (files.length === 0) refuse('no file was sent');
    if (files.length > 1) refuse('send one image at a time');
    const { bytes } = files[0];
    if (bytes.length > ORTHOPHOTO_LIMITS.maxBytes) refuse(`the image must be at most ${ORTHOPHOTO_LIMITS.maxBytes / 1024 / 1024} MB`);
    const kind = imageKind(bytes);
    if (kind !== 'png' && kind !== 'jpeg') refuse('only PNG or JPEG images can be used as an orthophoto');
    const size = imagePixelSize(kind, bytes);
    if (!size) refuse(`the ${kind === 'png' ? 'PNG' : 'JPEG'} header is damaged (no image size in it)`);
    if (Math.max(size.width, size.height) > ORTHOPHOTO_LIMITS.maxSidePx) {
      refuse(`the image is ${size.width} × ${size.height} px; its longer side may be at most ${ORTHOPHOTO_LIMITS.maxSidePx} px`);
    }
    const id = randomBytes(16).toString('hex');
    await this.blobs.put(orthophotoBlobKey(projectId, id), bytes, IMAGE_TYPES[kind]);
    return { id, widthPx: size.width, heightPx: size.height };
  }

  /** Deletes an orthophoto's image (404 when there is none by that id). A placement that still names
   * it falls back to the plan grid with the "no orthophoto" message. */
  async remove(projectId: number, id: string): Promise<void> {
    const key = orthophotoBlobKey(projectId, id);
    if (!(await this.blobs.get(key))) throw apiError('NOT_FOUND');
    await this.blobs.delete(key);
  }

  /** Removes every orthophoto of a project (the project is being deleted). */
  async removeAll(projectId: number): Promise<void> {
    for (const key of await this.blobs.list(`orthophotos/${projectId}`)) await this.blobs.delete(key);
  }

  /** Gives a copied project its own copy of every orthophoto, under the same ids (its building
   * document, copied with it, names them). */
  async copyAll(fromProjectId: number, toProjectId: number): Promise<void> {
    const prefix = `orthophotos/${fromProjectId}/`;
    for (const key of await this.blobs.list(`orthophotos/${fromProjectId}`)) {
      const blob = await this.blobs.get(key);
      if (blob) await this.blobs.put(orthophotoBlobKey(toProjectId, key.slice(prefix.length)), blob.bytes, blob.contentType);
    }
  }

  /** The image of an orthophoto of a project (404 when there is none by that id). */
  async file(projectId: number, id: string): Promise<StoredBlob> {
    const blob = await this.blobs.get(orthophotoBlobKey(projectId, id));
    if (!blob) throw apiError('NOT_FOUND');
    return blob;
  }
}
