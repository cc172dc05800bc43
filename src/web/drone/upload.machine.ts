// The drone photo upload dialog (spec 001 §2 "Drone photo upload dialog", §4 "Drone upload": queued
// for check, validating, approved or failed; then start upload — no more images can be added and the
// page must not be closed; then cancel or submit for modelling; then modelling in progress, 10–20
// minutes, e-mail on completion; a failed modelling refunds credits).
//
//   loading ─▶ collecting (idle ⇄ validating: one queued photo at a time)
//                 │ upload.start (approved photos, none waiting)
//                 ▼
//              uploading (batches of 8, tag 'busy') ──error──▶ uploadFailed ─retry─▶ uploading
//                 ▼
//              uploaded ─model.submit (≥ 20 on the server)─▶ submitting ─▶ modelling (poll every 10 s)
//                 │ upload.cancel ─▶ cancelling ─▶ collecting            ├─ completed ─▶ done
//                 │ files.add ─▶ collecting (more photos for the same upload)  └─ failed ─▶ modelFailed
//   loading goes straight to modelling / done / modelFailed / uploaded when the server says so.
//
// The dialog provides the requests (loadStatus, validatePhoto, uploadBatch, submit, cancel) with
// `droneUploadMachine.provide(...)`; tests provide fakes.
import { assign, fromPromise, setup } from 'xstate';
import { DRONE_LIMITS, type DroneAppend, type DroneJob, type DroneStatus, type PhotoFailure } from '../../model/api/drone.ts';
import type { LocalVerdict } from './photo-check.ts';

/** Time between two status polls while modelling [ms]. */
export const MODEL_POLL_MS = 10_000;

/** queued → validating → approved | failed (in the browser); uploading → uploaded | failed (by the server). */
export type DialogPhotoState = 'queued' | 'validating' | 'approved' | 'failed' | 'uploading' | 'uploaded';

export interface DialogPhoto {
  key: string;
  name: string;
  /** [bytes] */
  size: number;
  /** The file itself (null for a photo the server already holds). */
  file: Blob | null;
  state: DialogPhotoState;
  reason: PhotoFailure | null;
}

export interface NewPhoto {
  name: string;
  size: number;
  file: Blob;
}

export interface DroneUploadContext {
  projectId: number;
  photos: DialogPhoto[];
  uploadId: number | null;
  /** Photo credit left for photos not yet on the server (surplusCapacity − the upload's approved). */
  remainingCredit: number;
  surplusCapacity: number;
  service: DroneStatus['service'] | null;
  job: DroneJob | null;
  error: string | null;
  nextKey: number;
}

export type DroneUploadEvent =
  | { type: 'files.add'; files: NewPhoto[] }
  | { type: 'files.remove'; key: string }
  | { type: 'upload.start' }
  | { type: 'upload.retry' }
  | { type: 'upload.cancel' }
  | { type: 'model.submit' }
  | { type: 'dialog.reload' };

/** Counts the dialog shows. */
export function photoCounts(photos: readonly DialogPhoto[]) {
  const n = (s: DialogPhotoState) => photos.filter((p) => p.state === s).length;
  return {
    waiting: n('queued') + n('validating'),
    /** Approved in the browser, not sent yet. */
    approved: n('approved'),
    uploading: n('uploading'),
    /** On the server, approved. */
    uploaded: n('uploaded'),
    failed: n('failed'),
  };
}

function messageOf(e: unknown): string {
  return e instanceof Error && e.message ? e.message : String(e);
}

/** The photos of the server's upload as dialog rows. */
function serverPhotos(status: DroneStatus): DialogPhoto[] {
  return (status.upload?.photos ?? []).map((p) => ({ key: `s${p.id}`, name: p.fileName, size: p.size, file: null, state: p.state === 'approved' ? 'uploaded' : 'failed', reason: p.reason }));
}

function fromStatus(status: DroneStatus) {
  const open = status.upload?.state === 'open';
  return {
    service: status.service,
    surplusCapacity: status.surplusCapacity,
    remainingCredit: status.remainingCredit,
    job: status.job,
    uploadId: open ? (status.upload?.uploadId ?? null) : null,
    photos: open ? serverPhotos(status) : [],
    error: null,
  };
}

const activeJob = (job: DroneJob | null) => job !== null && (job.state === 'queued' || job.state === 'uploading' || job.state === 'processing');

export const droneUploadMachine = setup({
  types: { context: {} as DroneUploadContext, events: {} as DroneUploadEvent, input: {} as { projectId: number } },
  actors: {
    loadStatus: fromPromise<DroneStatus, { projectId: number }>(() => Promise.reject(new Error('loadStatus is not provided'))),
    validatePhoto: fromPromise<LocalVerdict, { file: Blob }>(() => Promise.reject(new Error('validatePhoto is not provided'))),
    uploadBatch: fromPromise<DroneAppend, { projectId: number; uploadId: number | null; files: { name: string; file: Blob }[] }>(() => Promise.reject(new Error('uploadBatch is not provided'))),
    submit: fromPromise<DroneJob, { projectId: number; uploadId: number }>(() => Promise.reject(new Error('submit is not provided'))),
    cancel: fromPromise<void, { projectId: number; uploadId: number }>(() => Promise.reject(new Error('cancel is not provided'))),
  },
  guards: {
    hasQueued: ({ context }) => context.photos.some((p) => p.state === 'queued'),
    canUpload: ({ context }) => {
      const c = photoCounts(context.photos);
      return c.approved > 0 && c.waiting === 0;
    },
    nothingToSend: ({ context }) => !context.photos.some((p) => p.state === 'approved' || p.state === 'uploading'),
    enoughOnServer: ({ context }) => photoCounts(context.photos).uploaded >= DRONE_LIMITS.minApproved && context.uploadId !== null,
    hasUpload: ({ context }) => context.uploadId !== null,
  },
  actions: {
    addFiles: assign(({ context, event }) => {
      if (event.type !== 'files.add') return {};
      let nextKey = context.nextKey;
      const photos = [...context.photos];
      for (const f of event.files) {
        // The same name and size as a photo already in: the same photo twice (the server refuses it too).
        const duplicate = photos.some((p) => p.state !== 'failed' && p.name === f.name && p.size === f.size);
        photos.push({ key: `l${nextKey++}`, name: f.name, size: f.size, file: f.file, state: duplicate ? 'failed' : 'queued', reason: duplicate ? 'duplicate' : null });
      }
      return { photos, nextKey };
    }),
    removeFile: assign({ photos: ({ context, event }) => (event.type === 'files.remove' ? context.photos.filter((p) => p.key !== event.key || p.state === 'uploaded' || p.state === 'uploading') : context.photos) }),
    markValidating: assign({
      photos: ({ context }) => {
        const i = context.photos.findIndex((p) => p.state === 'queued');
        return context.photos.map((p, k) => (k === i ? { ...p, state: 'validating' as const } : p));
      },
    }),
    markBatch: assign({
      photos: ({ context }) => {
        let n = 0;
        return context.photos.map((p) => (p.state === 'approved' && n++ < DRONE_LIMITS.filesPerRequest ? { ...p, state: 'uploading' as const } : p));
      },
    }),
  },
  delays: { poll: MODEL_POLL_MS },
}).createMachine({
  id: 'drone',
  initial: 'loading',
  context: ({ input }) => ({ projectId: input.projectId, photos: [], uploadId: null, remainingCredit: 0, surplusCapacity: 0, service: null, job: null, error: null, nextKey: 0 }),
  states: {
    loading: {
      invoke: {
        src: 'loadStatus',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: [
          { guard: ({ event }) => activeJob(event.output.job) && event.output.upload?.state !== 'open', target: 'modelling', actions: assign(({ event }) => fromStatus(event.output)) },
          { guard: ({ event }) => event.output.upload?.state === 'open' && event.output.upload.approved > 0, target: 'uploaded', actions: assign(({ event }) => fromStatus(event.output)) },
          { target: 'collecting', actions: assign(({ event }) => fromStatus(event.output)) },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loadFailed: { on: { 'dialog.reload': 'loading' } },
    collecting: {
      initial: 'idle',
      on: {
        'files.add': { target: '.idle', actions: 'addFiles' },
        'files.remove': { actions: 'removeFile' },
        'upload.start': { guard: 'canUpload', target: 'uploading' },
        'upload.cancel': { guard: 'hasUpload', target: 'cancelling' },
      },
      states: {
        idle: { always: { guard: 'hasQueued', target: 'validating' } },
        validating: {
          entry: 'markValidating',
          invoke: {
            src: 'validatePhoto',
            input: ({ context }) => ({ file: context.photos.find((p) => p.state === 'validating')?.file ?? new Blob() }),
            onDone: {
              target: 'idle',
              actions: assign({
                photos: ({ context, event }) => {
                  const c = photoCounts(context.photos);
                  return context.photos.map((p) => {
                    if (p.state !== 'validating') return p;
                    if (!event.output.ok) return { ...p, state: 'failed' as const, reason: event.output.reason };
                    if (c.approved + c.uploaded >= DRONE_LIMITS.maxFiles) return { ...p, state: 'failed' as const, reason: 'too-many' as const };
                    if (c.approved >= context.remainingCredit) return { ...p, state: 'failed' as const, reason: 'no-credit' as const };
                    return { ...p, state: 'approved' as const };
                  });
                },
              }),
            },
            onError: { target: 'idle', actions: assign({ photos: ({ context }) => context.photos.map((p) => (p.state === 'validating' ? { ...p, state: 'failed' as const, reason: 'missing-gps' as const } : p)) }) },
          },
        },
      },
    },
    uploading: {
      tags: ['busy'],
      initial: 'next',
      states: {
        next: { always: [{ guard: 'nothingToSend', target: '#drone.uploaded' }, { target: 'batch' }] },
        batch: {
          entry: 'markBatch',
          invoke: {
            src: 'uploadBatch',
            input: ({ context }) => ({
              projectId: context.projectId,
              uploadId: context.uploadId,
              files: context.photos.filter((p) => p.state === 'uploading').map((p) => ({ name: p.name, file: p.file ?? new Blob() })),
            }),
            onDone: {
              target: 'next',
              actions: assign(({ context, event }) => {
                const answers = event.output.photos;
                let i = 0;
                const photos = context.photos.map((p): DialogPhoto => {
                  if (p.state !== 'uploading') return p;
                  const a = answers[i++];
                  if (!a) return { ...p, state: 'failed', reason: null };
                  return { ...p, file: null, state: a.state === 'approved' ? 'uploaded' : 'failed', reason: a.reason };
                });
                return { photos, uploadId: event.output.uploadId, remainingCredit: event.output.remainingCredit, error: null };
              }),
            },
            onError: {
              target: '#drone.uploadFailed',
              actions: assign({
                error: ({ event }) => messageOf(event.error),
                photos: ({ context }) => context.photos.map((p) => (p.state === 'uploading' ? { ...p, state: 'approved' as const } : p)),
              }),
            },
          },
        },
      },
    },
    uploadFailed: {
      on: {
        'upload.retry': 'uploading',
        'upload.cancel': [{ guard: 'hasUpload', target: 'cancelling' }, { target: 'collecting' }],
      },
    },
    uploaded: {
      on: {
        'files.add': { target: 'collecting', actions: 'addFiles' },
        'model.submit': { guard: 'enoughOnServer', target: 'submitting' },
        'upload.cancel': { guard: 'hasUpload', target: 'cancelling' },
      },
    },
    submitting: {
      invoke: {
        src: 'submit',
        input: ({ context }) => ({ projectId: context.projectId, uploadId: context.uploadId ?? 0 }),
        onDone: { target: 'modelling', actions: assign({ job: ({ event }) => event.output, error: null }) },
        onError: { target: 'uploaded', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    cancelling: {
      invoke: {
        src: 'cancel',
        input: ({ context }) => ({ projectId: context.projectId, uploadId: context.uploadId ?? 0 }),
        onDone: { target: 'loading', actions: assign({ photos: [], uploadId: null, error: null }) },
        onError: { target: 'uploaded', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    modelling: {
      initial: 'waiting',
      states: {
        waiting: { after: { poll: 'refreshing' } },
        refreshing: {
          invoke: {
            src: 'loadStatus',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: [
              { guard: ({ event }) => event.output.job?.state === 'completed', target: '#drone.done', actions: assign({ job: ({ event }) => event.output.job }) },
              { guard: ({ event }) => event.output.job?.state === 'failed', target: '#drone.modelFailed', actions: assign({ job: ({ event }) => event.output.job, surplusCapacity: ({ event }) => event.output.surplusCapacity }) },
              { target: 'waiting', actions: assign({ job: ({ event }) => event.output.job }) },
            ],
            onError: { target: 'waiting' },
          },
        },
      },
    },
    done: { on: { 'dialog.reload': 'loading' } },
    modelFailed: { on: { 'dialog.reload': 'loading' } },
  },
});
