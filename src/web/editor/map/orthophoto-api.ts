// The orthophoto calls of the web app (server: src/server/routes/project/orthophoto.ts): upload one
// image (multipart; http.ts `request` sends JSON only) and download the image as a Blob for the map
// (maplibre loads the image source by URL, and the file needs the session's headers, so the map gets
// a blob: URL of the downloaded bytes). Both send the headers of every call (http.ts requestHeaders)
// and read the answer through the shared envelope rules (envelope.ts interpretAnswer).
import { clientStore, ApiError, requestHeaders } from '../../api/http.ts';
import { interpretAnswer } from '../../api/envelope.ts';
import { emitApiEvent } from '../../api/events.ts';
import { i18n } from '../../i18n/index.ts';
import { clearSessionKeys } from '../../session/storage.ts';
import { ORTHOPHOTO_UPLOAD_PATH, orthophotoUploadSchema, type OrthophotoUpload } from '../../../model/api/orthophoto.ts';
import { orthophotoUrl } from './orthophoto.ts';

function headers(): Record<string, string> {
  return requestHeaders(clientStore(), i18n.language || 'zh');
}

/** Acts on an answer that is not a success like the client does (session end, 428), and returns the error to throw. */
function failure(status: number, body: unknown): ApiError {
  const outcome = interpretAnswer(status, body);
  const busy = i18n.t('errors.busy');
  switch (outcome.kind) {
    case 'ok': // a success whose data does not fit the schema
      return new ApiError(500, busy);
    case 'error':
      return new ApiError(outcome.code, outcome.msg || busy, outcome.details);
    case 'sessionEnded':
      clearSessionKeys(clientStore());
      emitApiEvent({ type: 'sessionEnded' });
      return new ApiError(outcome.code, outcome.msg || i18n.t('errors.loggedOut'));
    case 'passwordChangeRequired':
      emitApiEvent({ type: 'passwordChangeRequired' });
      return new ApiError(428, outcome.msg || busy);
    case 'enterpriseList':
      emitApiEvent({ type: 'enterpriseList' });
      return new ApiError(-2, '');
  }
}

/**
 * Uploads an orthophoto (PNG or JPEG) to a project; answers its id and pixel size. Rejects with an
 * ApiError carrying the server's reason (not toasted: the caller shows it in place).
 */
export async function uploadOrthophoto(projectId: number, file: Blob, fileName: string, signal?: AbortSignal): Promise<OrthophotoUpload> {
  const form = new FormData();
  form.append('file', file, fileName);
  const res = await fetch(`${ORTHOPHOTO_UPLOAD_PATH}?projectId=${encodeURIComponent(projectId)}`, { method: 'POST', headers: headers(), body: form, credentials: 'same-origin', signal });
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const outcome = interpretAnswer(res.status, body);
  if (outcome.kind === 'ok') {
    const parsed = orthophotoUploadSchema.safeParse(outcome.data);
    if (parsed.success) return parsed.data;
  }
  throw failure(res.status, body);
}

/** Downloads an orthophoto of a project; rejects with an ApiError when it cannot be had. */
export async function downloadOrthophoto(projectId: number, id: string, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch(orthophotoUrl(projectId, id), { headers: headers(), credentials: 'same-origin', signal });
  if (res.ok) return res.blob();
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  throw failure(res.status, body);
}
