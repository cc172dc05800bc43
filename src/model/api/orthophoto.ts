// The project's drone orthophoto (issue 7: "on a satellite map (or a drone orthophoto) the designer
// traces the building"): POST /api/web/project/orthophoto uploads one PNG or JPEG and answers its id
// and pixel size; GET /api/web/project/orthophoto/file serves it to the owner, and
// GET …/file-md5 to a share-key holder. Where the image lies on the plan is the building document's
// map.orthophoto (src/model/design.ts orthophotoPlacementSchema), which refers to the id answered here.
import { z } from 'zod';
import { recordId } from './common.ts';
import { shareKeyQuery } from './projects.ts';

export const ORTHOPHOTO_LIMITS = {
  /** [bytes] largest upload. */
  maxBytes: 50 * 1024 * 1024,
  /**
   * [px] longest side. The browser draws the image as one WebGL texture: MAX_TEXTURE_SIZE is at least
   * 8192 on nearly every current GPU (WebGL 2 guarantees 2048, desktop and recent phones 8192–16384),
   * and an 8192² RGBA image is already 256 MiB decoded.
   */
  maxSidePx: 8192,
} as const;

/** An orthophoto id: 32 lower-case hex digits (128 random bits), chosen by the server. */
export const orthophotoId = z.string().regex(/^[0-9a-f]{32}$/, 'Format incorrect');

/** The answer to an upload: the id to store in the document and the image's pixel size. */
export const orthophotoUploadSchema = z.object({
  id: orthophotoId,
  /** Image width [px]. */
  widthPx: z.int().min(1),
  /** Image height [px]. */
  heightPx: z.int().min(1),
});
export type OrthophotoUpload = z.infer<typeof orthophotoUploadSchema>;

export const orthophotoFileQuery = z.object({ projectId: recordId, id: orthophotoId });
/** deleteOrthograph */
export const orthophotoDeleteBody = z.object({ projectId: recordId, id: orthophotoId });
export const orthophotoSharedFileQuery = shareKeyQuery.extend({ id: orthophotoId });

/** Path of the upload (POST, multipart field `file`, query projectId). */
export const ORTHOPHOTO_UPLOAD_PATH = '/api/web/project/orthophoto';
/** Path of the image (GET, query projectId and id). */
export const ORTHOPHOTO_FILE_PATH = '/api/web/project/orthophoto/file';
