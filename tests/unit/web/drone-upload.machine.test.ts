// The drone upload dialog's flow (spec 001 §2 "Drone photo upload dialog": validated — Validating,
// Approved, Failed, Missing GPS data — queued, uploaded, submitted; §4 "Drone upload": no more images
// during the upload, cancel or submit, modelling in progress, failed modelling refunds; §5 at least 20
// approved photos, within the remaining credit), run with fake requests and the browser's own check.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { DRONE_LIMITS, type DroneAppend, type DroneJob, type DroneStatus, type PhotoFailure } from '../../../src/model/api/drone.ts';
import { checkPhotoLocally, type LocalVerdict } from '../../../src/web/drone/photo-check.ts';
import { droneUploadMachine, MODEL_POLL_MS, photoCounts } from '../../../src/web/drone/upload.machine.ts';
import { droneJpeg, png } from '../../integration/fixtures/drone-photos.ts';

const JOB: DroneJob = { id: 7, state: 'queued', progress: 0, photoCredits: 20, refunded: false, error: null, orthophotoId: null, createdAt: '2026-11-22T00:00:00.000Z', finishedAt: null };

function status(over: Partial<DroneStatus> = {}): DroneStatus {
  return { service: { configured: true, notice: null }, surplusCapacity: 100, projectLimit: 1, remainingCredit: 100, upload: null, job: null, ...over };
}

/** A file whose content the fake check reads: 'gps' approved, 'nogps' Missing GPS data, 'png' not a JPG. */
function file(name: string, kind: 'gps' | 'nogps' | 'png' = 'gps') {
  return { name, size: 1000 + name.length, file: new Blob([kind]) };
}

function harness(options: { statuses?: DroneStatus[]; credit?: number; serverRefuses?: Record<string, PhotoFailure>; uploadFails?: boolean } = {}) {
  const statuses = [...(options.statuses ?? [status({ remainingCredit: options.credit ?? 100 })])];
  const batches: { uploadId: number | null; names: string[] }[] = [];
  const submits: number[] = [];
  const cancels: number[] = [];
  let serverApproved = 0;
  const machine = droneUploadMachine.provide({
    actors: {
      loadStatus: fromPromise<DroneStatus, { projectId: number }>(async () => (statuses.length > 1 ? statuses.shift()! : statuses[0])),
      validatePhoto: fromPromise<LocalVerdict, { file: Blob }>(async ({ input }) => {
        const text = await input.file.text();
        if (text === 'png') return { ok: false, reason: 'not-jpeg' };
        if (text === 'nogps') return { ok: false, reason: 'missing-gps' };
        return { ok: true, lat: 31, lng: 121 };
      }),
      uploadBatch: fromPromise<DroneAppend, { projectId: number; uploadId: number | null; files: { name: string; file: Blob }[] }>(async ({ input }) => {
        if (options.uploadFails) throw new Error('Upload failure! network');
        batches.push({ uploadId: input.uploadId, names: input.files.map((f) => f.name) });
        const photos = input.files.map((f, i) => {
          const reason = options.serverRefuses?.[f.name] ?? null;
          if (!reason) serverApproved++;
          return { id: batches.length * 100 + i, fileName: f.name, size: 1, state: reason ? ('failed' as const) : ('approved' as const), reason, message: null, lat: 31, lng: 121 };
        });
        return { uploadId: 42, photos, upload: { uploadId: 42, state: 'open', approved: serverApproved, failed: 0, totalBytes: 0, photos }, remainingCredit: 100 - serverApproved };
      }),
      submit: fromPromise<DroneJob, { projectId: number; uploadId: number }>(async ({ input }) => {
        submits.push(input.uploadId);
        return JOB;
      }),
      cancel: fromPromise<void, { projectId: number; uploadId: number }>(async ({ input }) => {
        cancels.push(input.uploadId);
      }),
    },
  });
  const actor = createActor(machine, { input: { projectId: 5 } }).start();
  return { actor, batches, submits, cancels, statuses };
}

async function settle() {
  for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('drone upload machine', () => {
  it('checks dragged-in photos one at a time: Approved, Missing GPS data, not a JPG, a duplicate', async () => {
    const h = harness();
    await settle();
    expect(h.actor.getSnapshot().matches('collecting')).toBe(true);
    h.actor.send({ type: 'files.add', files: [file('a.jpg'), file('b.jpg', 'nogps'), file('c.png', 'png'), file('a.jpg')] });
    // The first queued photo is being validated, the others wait in the queue.
    const during = h.actor.getSnapshot();
    expect(during.matches({ collecting: 'validating' })).toBe(true);
    expect(during.context.photos.map((p) => p.state)).toEqual(['validating', 'queued', 'queued', 'failed']);
    await settle();
    const photos = h.actor.getSnapshot().context.photos;
    expect(photos.map((p) => [p.state, p.reason])).toEqual([
      ['approved', null],
      ['failed', 'missing-gps'],
      ['failed', 'not-jpeg'],
      ['failed', 'duplicate'],
    ]);
  });

  it('approves no more photos than the remaining drone photo credit', async () => {
    const h = harness({ credit: 2 });
    await settle();
    h.actor.send({ type: 'files.add', files: [file('1.jpg'), file('2.jpg'), file('3.jpg')] });
    await settle();
    expect(h.actor.getSnapshot().context.photos.map((p) => p.reason)).toEqual([null, null, 'no-credit']);
  });

  it('uploads in batches of 8 (no photos added meanwhile), then submits 20 for modelling and polls until done', async () => {
    const h = harness({ statuses: [status(), status({ job: { ...JOB, state: 'processing', progress: 40 } }), status({ job: { ...JOB, state: 'completed', progress: 100, orthophotoId: 'f'.repeat(32) } })] });
    await settle();
    h.actor.send({ type: 'files.add', files: Array.from({ length: 20 }, (_, i) => file(`p${i}.jpg`)) });
    await settle();
    expect(photoCounts(h.actor.getSnapshot().context.photos).approved).toBe(20);
    h.actor.send({ type: 'upload.start' });
    const uploading = h.actor.getSnapshot();
    expect(uploading.matches('uploading')).toBe(true);
    expect(uploading.hasTag('busy')).toBe(true);
    h.actor.send({ type: 'files.add', files: [file('late.jpg')] });
    expect(h.actor.getSnapshot().context.photos).toHaveLength(20);
    await settle();
    expect(h.batches.map((b) => b.names.length)).toEqual([8, 8, 4]);
    expect(h.batches.map((b) => b.uploadId)).toEqual([null, 42, 42]);
    const uploaded = h.actor.getSnapshot();
    expect(uploaded.matches('uploaded')).toBe(true);
    expect(uploaded.hasTag('busy')).toBe(false);
    expect(photoCounts(uploaded.context.photos).uploaded).toBe(20);

    h.actor.send({ type: 'model.submit' });
    await settle();
    expect(h.submits).toEqual([42]);
    expect(h.actor.getSnapshot().matches('modelling')).toBe(true);
    await vi.advanceTimersByTimeAsync(MODEL_POLL_MS);
    await settle();
    expect(h.actor.getSnapshot().context.job).toMatchObject({ state: 'processing', progress: 40 });
    await vi.advanceTimersByTimeAsync(MODEL_POLL_MS);
    await settle();
    expect(h.actor.getSnapshot().matches('done')).toBe(true);
  });

  it(`refuses to submit fewer than ${DRONE_LIMITS.minApproved} photos approved by the server`, async () => {
    const h = harness({ serverRefuses: { 'p0.jpg': 'missing-gps' } });
    await settle();
    h.actor.send({ type: 'files.add', files: Array.from({ length: 20 }, (_, i) => file(`p${i}.jpg`)) });
    await settle();
    h.actor.send({ type: 'upload.start' });
    await settle();
    const s = h.actor.getSnapshot();
    expect(photoCounts(s.context.photos)).toMatchObject({ uploaded: 19, failed: 1 });
    expect(s.can({ type: 'model.submit' })).toBe(false);
    h.actor.send({ type: 'model.submit' });
    expect(h.actor.getSnapshot().matches('uploaded')).toBe(true);
    expect(h.submits).toEqual([]);
  });

  it('a failed upload can be retried or cancelled; cancelling drops the upload', async () => {
    const h = harness({ uploadFails: true });
    await settle();
    h.actor.send({ type: 'files.add', files: [file('a.jpg')] });
    await settle();
    h.actor.send({ type: 'upload.start' });
    await settle();
    const failed = h.actor.getSnapshot();
    expect(failed.matches('uploadFailed')).toBe(true);
    expect(failed.context.error).toMatch(/Upload failure/);
    expect(failed.context.photos[0].state).toBe('approved');
    h.actor.send({ type: 'upload.cancel' });
    await settle();
    expect(h.actor.getSnapshot().matches('collecting')).toBe(true);
    expect(h.cancels).toEqual([]);
  });

  it('reopened during modelling it shows the progress, and a failed modelling shows the refund', async () => {
    const running = { ...JOB, state: 'processing' as const, progress: 60 };
    const h = harness({ statuses: [status({ job: running }), status({ job: { ...JOB, state: 'failed', refunded: true, error: 'modelling failed: Not enough overlap' }, surplusCapacity: 100 })] });
    await settle();
    expect(h.actor.getSnapshot().matches('modelling')).toBe(true);
    expect(h.actor.getSnapshot().context.job?.progress).toBe(60);
    await vi.advanceTimersByTimeAsync(MODEL_POLL_MS);
    await settle();
    const s = h.actor.getSnapshot();
    expect(s.matches('modelFailed')).toBe(true);
    expect(s.context.job).toMatchObject({ refunded: true, photoCredits: 20 });
  });
});

describe('browser photo check', () => {
  it('approves a JPG with GPS, refuses one without (Missing GPS data) and a PNG (not a JPG)', async () => {
    vi.useRealTimers();
    // The EXIF holds degrees, minutes and seconds to 1e-4″ (≈ 3 mm): the position comes back within 1e-7°.
    const good = await checkPhotoLocally(new Blob([new Uint8Array(droneJpeg({ lat: 31.2304, lng: 121.4737 }))]));
    expect(good).toMatchObject({ ok: true, lat: expect.closeTo(31.2304, 7), lng: expect.closeTo(121.4737, 7) });
    expect(await checkPhotoLocally(new Blob([new Uint8Array(droneJpeg(null))]))).toEqual({ ok: false, reason: 'missing-gps' });
    expect(await checkPhotoLocally(new Blob([new Uint8Array(png(2, 2))]))).toEqual({ ok: false, reason: 'not-jpeg' });
  });
});
