// The orthophoto calls of the web app (server: src/server/routes/project/orthophoto.ts): upload one
// image (multipart) and download the image as a Blob for the map (maplibre loads the image source by
// URL, and the file needs the session's headers, so the map gets a blob: URL of the downloaded
// bytes). Both go through http.ts (the headers of every call, the envelope rules); failures are not
// toasted: the caller shows them in place.
import { request, requestBlob } from '../../api/http.ts';
import { ORTHOPHOTO_UPLOAD_PATH, orthophotoUploadSchema, type OrthophotoUpload } from '../../../model/api/orthophoto.ts';
import { orthophotoUrl } from './orthophoto.ts';

/**
 * Uploads an orthophoto (PNG or JPEG) to a project; answers its id and pixel size. Rejects with an
 * ApiError carrying the server's reason (not toasted: the caller shows it in place).
 */
export function uploadOrthophoto(projectId: number, file: Blob, fileName: string, signal?: AbortSignal): Promise<OrthophotoUpload> {
  const form = new FormData();
  form.append('file', file, fileName);
  return request(ORTHOPHOTO_UPLOAD_PATH, orthophotoUploadSchema, { query: { projectId }, form, silent: true, signal });
}

/** Downloads an orthophoto of a project; rejects with an ApiError when it cannot be had. */
export function downloadOrthophoto(projectId: number, id: string, signal?: AbortSignal): Promise<Blob> {
  return requestBlob(orthophotoUrl(projectId, id), { silent: true, signal });
}
