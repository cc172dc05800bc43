// The drone calls (server: src/server/routes/project/drone.ts; schemas: src/model/api/drone.ts):
// the dialog's status, photo batches (multipart), the submission for modelling and cancelling an
// upload. Failures are silent: the dialog shows them in place.
import { z } from 'zod';
import { DRONE_PATHS, droneAppendSchema, droneJobSchema, droneStatusSchema, type DroneAppend } from '../../model/api/drone.ts';
import { request } from './http.ts';

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
export function uploadDronePhotos(projectId: number, uploadId: number | null, files: { name: string; file: Blob }[], signal?: AbortSignal): Promise<DroneAppend> {
  const form = new FormData();
  for (const f of files) form.append('file', f.file, f.name);
  const path = uploadId === null ? DRONE_PATHS.uploadUAV : DRONE_PATHS.append;
  return request(path, droneAppendSchema, { query: uploadId === null ? { projectId } : { projectId, uploadId }, form, silent: true, signal });
}
