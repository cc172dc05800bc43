// The drone calls (server: src/server/routes/project/drone.ts; schemas: src/model/api/drone.ts):
// the dialog's status, photo batches (multipart: http.ts `request` sends JSON only, so the batch is
// posted here with the same headers and read through the same envelope rules), the submission for
// modelling and cancelling an upload. Failures are silent: the dialog shows them in place.
import { z } from 'zod';
import { DRONE_PATHS, droneAppendSchema, droneJobSchema, droneStatusSchema, type DroneAppend } from '../../model/api/drone.ts';
import { interpretAnswer } from './envelope.ts';
import { emitApiEvent } from './events.ts';
import { ApiError, clientStore, request, requestHeaders } from './http.ts';
import { i18n } from '../i18n/index.ts';
import { clearSessionKeys } from '../session/storage.ts';

export function getDroneStatus(projectId: number, signal?: AbortSignal) {
  return request(DRONE_PATHS.status, droneStatusSchema, { query: { projectId }, signal, silent: true });
}

export function submitForModelling(projectId: number, uploadId: number) {
  return request(DRONE_PATHS.submit, droneJobSchema, { method: 'POST', body: { projectId, uploadId }, silent: true });
}

export function cancelDroneUpload(projectId: number, uploadId: number) {
  return request(DRONE_PATHS.cancel, z.object({}), { method: 'POST', body: { projectId, uploadId }, silent: true });
}

/**
 * Sends a batch of photos: opens the project's upload (uploadUAV) when `uploadId` is null, else
 * appends to it. Answers each photo's state in the order sent.
 */
export async function uploadDronePhotos(projectId: number, uploadId: number | null, files: { name: string; file: Blob }[], signal?: AbortSignal): Promise<DroneAppend> {
  const form = new FormData();
  for (const f of files) form.append('file', f.file, f.name);
  const query = uploadId === null ? `projectId=${encodeURIComponent(projectId)}` : `projectId=${encodeURIComponent(projectId)}&uploadId=${encodeURIComponent(uploadId)}`;
  const path = uploadId === null ? DRONE_PATHS.uploadUAV : DRONE_PATHS.append;
  const res = await fetch(`${path}?${query}`, { method: 'POST', headers: requestHeaders(clientStore(), i18n.language || 'zh'), body: form, credentials: 'same-origin', signal });
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const outcome = interpretAnswer(res.status, body);
  const busy = i18n.t('errors.busy');
  switch (outcome.kind) {
    case 'ok': {
      const parsed = droneAppendSchema.safeParse(outcome.data);
      if (parsed.success) return parsed.data;
      throw new ApiError(500, busy);
    }
    case 'error':
      throw new ApiError(outcome.code, outcome.msg || busy, outcome.details);
    case 'sessionEnded':
      clearSessionKeys(clientStore());
      emitApiEvent({ type: 'sessionEnded' });
      throw new ApiError(outcome.code, outcome.msg || i18n.t('errors.loggedOut'));
    case 'passwordChangeRequired':
      emitApiEvent({ type: 'passwordChangeRequired' });
      throw new ApiError(428, outcome.msg || busy);
    case 'enterpriseList':
      emitApiEvent({ type: 'enterpriseList' });
      throw new ApiError(-2, '');
  }
}
