// Drone photo upload and modelling (spec 001 §2 "Drone photo upload dialog", §3 Quota, §4 "Drone
// upload", §5 "Drone photos"; spec 000 §7 uploadUAV, upload/append, buildingSchemaUpload):
// photos are checked on the server (JPG by its bytes, GPS position, the remaining photo credit), at
// least 20 approved photos are needed, submitting charges one photo credit per photo with a credit
// log row, the modelling runs on a NodeODM node (here a local fake speaking its API) and its
// orthophoto becomes the project's drawing background at the right place; a failed modelling
// refunds exactly once; nobody else can touch an upload; without NodeODM nothing is charged.
import { afterAll, expect, it, vi } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildingDocumentSchema } from '../../src/model/design.ts';
import { droneAbandon } from '../../src/server/jobs/kinds.ts';
import { HAPPY_PATH, STATUS, startFakeNodeOdm } from './fakes/nodeodm.ts';
import { droneJpeg, geoTiff, png, zipOf } from './fixtures/drone-photos.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { grantDroneQuota, multipartBody, newProject } from './project-helpers.ts';

/**
 * The CN Tower, Toronto: 43°38′33.24″N 79°23′13.7″W = WGS 84 / UTM zone 17N 630084 m E, 4833438 m N
 * (the worked example of Wikipedia's "Universal Transverse Mercator coordinate system" article;
 * positions rounded to 1 m and 0.1″, so plan positions agree within ≈ 2 m).
 */
const CN_TOWER = { lat: 43 + 38 / 60 + 33.24 / 3600, lng: -(79 + 23 / 60 + 13.7 / 3600), easting: 630_084, northing: 4_833_438 };

/** The orthophoto NodeODM returns: 1000 × 800 px of 0.1 m centred on the CN Tower, and its PNG at half size. */
const TIF = { width: 1000, height: 800, pixel: 0.1 };
const PNG_SIZE = { width: 500, height: 400 };
const archive = zipOf([
  {
    name: 'odm_orthophoto/odm_orthophoto.tif',
    bytes: geoTiff({ width: TIF.width, height: TIF.height, epsg: 32617, originX: CN_TOWER.easting - (TIF.width / 2) * TIF.pixel, originY: CN_TOWER.northing + (TIF.height / 2) * TIF.pixel, pixel: TIF.pixel }),
  },
  { name: 'odm_orthophoto/odm_orthophoto.png', bytes: png(PNG_SIZE.width, PNG_SIZE.height) },
]);

const node = await startFakeNodeOdm({ archive });
afterAll(() => node.close());

const POLL_MS = 1000;
let seq = 0;

/** A photo taken around the tower (a few metres apart). */
function photo(i: number = seq++): { name: string; bytes: Buffer; type: string } {
  return { name: `DJI_${String(i).padStart(4, '0')}.JPG`, bytes: droneJpeg({ lat: CN_TOWER.lat + i * 1e-5, lng: CN_TOWER.lng + i * 1e-5 }, { seed: i }), type: 'image/jpeg' };
}

interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}
type Photo = { id: number; fileName: string; state: string; reason: string | null; message: string | null };
type Append = { uploadId: number; photos: Photo[]; upload: { approved: number; failed: number; state: string }; remainingCredit: number };
type Job = { id: number; state: string; progress: number; photoCredits: number; refunded: boolean; error: string | null; orthophotoId: string | null };
type Status = { service: { configured: boolean; notice: string | null }; surplusCapacity: number; remainingCredit: number; upload: Append['upload'] | null; job: Job | null };

function body<T>(res: LightMyRequestResponse): Answer<T> {
  return res.json<Answer<T>>();
}

/** A signed-in user with an e-mail address, photo credit and one drone project (quota), and the project. */
async function droneUser(t: TestApp, photoCredits: number, project: Record<string, unknown> = {}) {
  const { token, userId } = await t.signUp();
  const email = `pilot${userId}@example.com`;
  await t.db.updateTable('users').set({ email }).where('id', '=', userId).execute();
  await grantDroneQuota(t, userId, 1);
  if (photoCredits > 0) {
    await t.db.transaction().execute((tx) =>
      t.app.services.entitlements.grant(tx, userId, { products: [], permanent: false, membershipDays: null, plan: 'annual', photoCredits, projectCredits: 0, changeType: 'grant', operator: 'test' }),
    );
  }
  const projectId = await newProject(t, token, { surveyType: 'DRONE', lat: CN_TOWER.lat, lng: CN_TOWER.lng, ...project });
  return { token, userId, email, projectId };
}

async function send(t: TestApp, token: string, projectId: number, files: ReturnType<typeof photo>[], uploadId?: number): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody(files, 'file');
  const url = uploadId === undefined ? `/api/web/project/uploadUAV?projectId=${projectId}` : `/api/web/project/upload/append?projectId=${projectId}&uploadId=${uploadId}`;
  return t.inject({ method: 'POST', url, payload, headers: { ...headers, ...t.bearer(token) } });
}

/** Uploads `n` good photos in batches of 8; the upload id. */
async function uploadGood(t: TestApp, token: string, projectId: number, n: number): Promise<number> {
  let uploadId: number | undefined;
  for (let i = 0; i < n; i += 8) {
    const res = body<Append>(await send(t, token, projectId, Array.from({ length: Math.min(8, n - i) }, () => photo()), uploadId));
    expect(res.code).toBe(200);
    uploadId = res.data.uploadId;
  }
  return uploadId as number;
}

function submit(t: TestApp, token: string, projectId: number, uploadId: number) {
  return t.inject({ method: 'POST', url: '/api/web/project/buildingSchemaUpload', headers: t.bearer(token), payload: { projectId, uploadId } });
}

async function status(t: TestApp, token: string, projectId: number): Promise<Answer<Status>> {
  return body<Status>(await t.inject({ method: 'GET', url: `/api/web/project/drone/status?projectId=${projectId}`, headers: t.bearer(token) }));
}

async function photoCredit(t: TestApp, userId: number): Promise<number> {
  return (await t.app.services.entitlements.quota(userId)).surplusCapacity;
}

/** Runs the worker, moving the clock a poll at a time, until the job ends (at most `steps` polls). */
async function runJob(t: TestApp, jobId: number, steps = 20): Promise<string> {
  for (let i = 0; i < steps; i++) {
    await t.app.services.drone.runner.drain();
    const row = await t.db.selectFrom('drone_jobs').select('state').where('id', '=', jobId).executeTakeFirstOrThrow();
    if (row.state === 'completed' || row.state === 'failed') return row.state;
    t.clock.advance(POLL_MS);
  }
  return 'unfinished';
}

describeWithDatabases('drone photos without a modelling service', (t) => {
  it('checks photos offline (approved, Missing GPS data, not a JPG) and refuses to submit without charging', async () => {
    const u = await droneUser(t, 100);
    const files = [photo(), photo(), { name: 'no-gps.jpg', bytes: droneJpeg(null), type: 'image/jpeg' }, { name: 'roof.png', bytes: png(4, 4), type: 'image/jpeg' }];
    const res = body<Append>(await send(t, u.token, u.projectId, files));
    expect(res.code).toBe(200);
    expect(res.data.photos.map((p) => [p.state, p.reason])).toEqual([
      ['approved', null],
      ['approved', null],
      ['failed', 'missing-gps'],
      ['failed', 'not-jpeg'],
    ]);
    expect(res.data.photos[2].message).toBe('Missing GPS data');
    expect(res.data.remainingCredit).toBe(98);

    const more = await uploadGood(t, u.token, u.projectId, 24);
    expect(more).toBe(res.data.uploadId);
    const refused = body<null>(await submit(t, u.token, u.projectId, res.data.uploadId));
    expect(refused.code).toBe(503);
    expect(refused.msg).toMatch(/not configured/);
    expect(await photoCredit(t, u.userId)).toBe(100);
    const consumed = await t.db.selectFrom('credit_log').select('id').where('user_id', '=', u.userId).where('change_type', '=', 'consume').where('photo_credits', '<', 0).execute();
    expect(consumed).toHaveLength(0);
    const s = await status(t, u.token, u.projectId);
    expect(s.data.service.configured).toBe(false);
    expect(s.data.service.notice).toMatch(/NODEODM_URL/);
    expect(s.data.upload?.state).toBe('open');
    expect(s.data.upload?.approved).toBe(26);
    expect(s.data.job).toBeNull();
  });

  it('answers a photo over the size cap as too large while the rest of the batch goes on', async () => {
    const u = await droneUser(t, 10);
    const big = { name: 'huge.jpg', bytes: droneJpeg({ lat: CN_TOWER.lat, lng: CN_TOWER.lng }, { padding: 30 * 1024 * 1024 }), type: 'image/jpeg' };
    const res = body<Append>(await send(t, u.token, u.projectId, [big, photo()]));
    expect(res.code).toBe(200);
    expect(res.data.photos.map((p) => [p.fileName, p.state, p.message])).toEqual([
      ['huge.jpg', 'failed', 'The photo is larger than 30 MB'],
      [expect.stringMatching(/^DJI_/), 'approved', null],
    ]);
  });
}, { drone: { nodeodm: null, worker: false, pollMs: POLL_MS } });

describeWithDatabases('drone photos and modelling', (t) => {
  it('admits photos only within the remaining drone photo credit', async () => {
    const u = await droneUser(t, 22);
    let uploadId: number | undefined;
    const states: (string | null)[] = [];
    for (let i = 0; i < 25; i += 8) {
      const res = body<Append>(await send(t, u.token, u.projectId, Array.from({ length: Math.min(8, 25 - i) }, () => photo()), uploadId));
      uploadId = res.data.uploadId;
      states.push(...res.data.photos.map((p) => p.reason));
    }
    expect(states.filter((r) => r === null)).toHaveLength(22);
    expect(states.slice(22)).toEqual(['no-credit', 'no-credit', 'no-credit']);
    const s = await status(t, u.token, u.projectId);
    expect(s.data.remainingCredit).toBe(0);
    expect(s.data.surplusCapacity).toBe(22);
  });

  it('refuses a duplicate photo and a project surveyed by satellite', async () => {
    const u = await droneUser(t, 50);
    const p = photo();
    const res = body<Append>(await send(t, u.token, u.projectId, [p, p]));
    expect(res.data.photos.map((x) => x.reason)).toEqual([null, 'duplicate']);
    const satellite = await newProject(t, u.token, { surveyType: 'SATELLITE' });
    const refused = body<null>(await send(t, u.token, satellite, [photo()]));
    expect(refused.code).toBe(400);
    expect(refused.data).toMatchObject({ error: 'DRONE_NOT_DRONE_PROJECT' });
  });

  it('refuses to model fewer than 20 approved photos and charges nothing', async () => {
    const u = await droneUser(t, 100);
    const uploadId = await uploadGood(t, u.token, u.projectId, 19);
    const refused = body<null>(await submit(t, u.token, u.projectId, uploadId));
    expect(refused.code).toBe(400);
    expect(refused.data).toMatchObject({ error: 'DRONE_TOO_FEW_PHOTOS' });
    expect(await photoCredit(t, u.userId)).toBe(100);
  });

  it('lets no other user see, add to, submit or cancel an upload', async () => {
    const owner = await droneUser(t, 100);
    const uploadId = await uploadGood(t, owner.token, owner.projectId, 20);
    const other = await droneUser(t, 100);
    // The owner's project: 404 as if it did not exist.
    expect(body(await send(t, other.token, owner.projectId, [photo()], uploadId)).code).toBe(404);
    expect((await status(t, other.token, owner.projectId)).code).toBe(404);
    expect(body(await submit(t, other.token, owner.projectId, uploadId)).code).toBe(404);
    // The other user's own project with the owner's upload id: 404 too.
    expect(body(await send(t, other.token, other.projectId, [photo()], uploadId)).code).toBe(404);
    expect(body(await submit(t, other.token, other.projectId, uploadId)).code).toBe(404);
    const cancel = await t.inject({ method: 'POST', url: '/api/web/project/drone/cancel', headers: t.bearer(other.token), payload: { projectId: other.projectId, uploadId } });
    expect(body(cancel).code).toBe(404);
    const s = await status(t, owner.token, owner.projectId);
    expect(s.data.upload).toMatchObject({ state: 'open', approved: 20 });
    expect(await photoCredit(t, other.userId)).toBe(100);
  });

  it('models 20 photos: charges them, polls the node to COMPLETED, places the orthophoto, e-mails the user', async () => {
    const u = await droneUser(t, 30);
    const uploadId = await uploadGood(t, u.token, u.projectId, 20);
    node.script = HAPPY_PATH;
    const sub = body<Job>(await submit(t, u.token, u.projectId, uploadId));
    expect(sub.code).toBe(200);
    expect(sub.data).toMatchObject({ state: 'queued', photoCredits: 20, refunded: false });
    expect(await photoCredit(t, u.userId)).toBe(10);
    const log = await t.db.selectFrom('credit_log').select(['change_type', 'photo_credits']).where('user_id', '=', u.userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log).toEqual({ change_type: 'consume', photo_credits: -20 });
    // The upload is closed: no more photos can be added.
    expect(body(await send(t, u.token, u.projectId, [photo()], uploadId)).code).toBe(409);

    // First step: the photos go to the node and the task is committed.
    await t.app.services.drone.runner.tick();
    const row = await t.db.selectFrom('drone_jobs').selectAll().where('id', '=', sub.data.id).executeTakeFirstOrThrow();
    expect(row.state).toBe('processing');
    const task = node.tasks.get(row.task_uuid ?? '');
    expect(task?.committed).toBe(true);
    expect(task?.images).toHaveLength(20);
    expect(task?.options).toContainEqual({ name: 'orthophoto-png', value: true });
    expect(task?.outputs).toEqual(['odm_orthophoto/odm_orthophoto.tif', 'odm_orthophoto/odm_orthophoto.png']);

    // Polls: QUEUED, RUNNING 35 %, … the dialog sees the progress.
    t.clock.advance(POLL_MS);
    await t.app.services.drone.runner.tick();
    t.clock.advance(POLL_MS);
    await t.app.services.drone.runner.tick();
    const running = await status(t, u.token, u.projectId);
    expect(running.data.job).toMatchObject({ state: 'processing', progress: 35 });

    expect(await runJob(t, sub.data.id)).toBe('completed');
    const done = await status(t, u.token, u.projectId);
    expect(done.data.job).toMatchObject({ state: 'completed', progress: 100, refunded: false });
    expect(done.data.upload?.state).toBe('submitted');
    expect(task?.removed).toBe(true);

    // The orthophoto is the project's drawing background, placed by the GeoTIFF's georeference.
    const doc = buildingDocumentSchema.parse((await t.app.services.documents.read(u.projectId, 'lite-re')).data);
    expect(doc.map.base).toBe('orthophoto');
    const placed = doc.map.orthophoto;
    expect(placed?.id).toBe(done.data.job?.orthophotoId);
    expect(placed).toMatchObject({ widthPx: PNG_SIZE.width, heightPx: PNG_SIZE.height });
    // The image's centre is the tower, the project's position = the plan origin (±2 m: rounding of the example).
    expect(Math.hypot(placed?.centerX ?? 99, placed?.centerY ?? 99)).toBeLessThan(2);
    // Ground size of a PNG pixel: 2 × 0.1 m grid metres ÷ the UTM point scale factor
    // k = k0 (1 + x²/2R²) (Snyder 1987 eq. 8-13 to first order; x = 130 084 m from the central meridian
    // 81° W, R = √(MN) ≈ 6 376 km at 43.6°) = 0.999808, i.e. 0.200038 m on the ground. Plan metres are
    // spherical Web Mercator metres × cos φ0 (projection.ts): east a/N, north a/M plan metres per ground
    // metre (N, M: radii of curvature, Snyder eqs. 4-18 and 4-20, WGS 84), averaged over both sides.
    const a = 6_378_137;
    const e2 = 0.00669437999014;
    const sin2 = Math.sin((CN_TOWER.lat * Math.PI) / 180) ** 2;
    const N = a / Math.sqrt(1 - e2 * sin2);
    const M = (a * (1 - e2)) / (1 - e2 * sin2) ** 1.5;
    const k = 0.9996 * (1 + 130_084 ** 2 / (2 * M * N));
    expect(placed?.metresPerPixel).toBeCloseTo(((2 * 0.1) / k) * (a / N + a / M) / 2, 5);
    // Turn: the grid's north is clockwise from true north by the meridian convergence
    // γ ≈ Δλ·sin φ = 1.6129° × sin 43.64° = 1.113° (Snyder 1987 eq. 8-17 to first order; ±0.005°),
    // so the image turns clockwise, −1.113° counter-clockwise.
    const gamma = (CN_TOWER.lng + 81) * Math.sin((CN_TOWER.lat * Math.PI) / 180);
    expect(Math.abs((placed?.rotation ?? 0) + gamma)).toBeLessThan(0.005);
    const image = await t.inject({ method: 'GET', url: `/api/web/project/orthophoto/file?projectId=${u.projectId}&id=${placed?.id}`, headers: t.bearer(u.token) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    // The e-mail in the dev outbox; the photos left the blob store.
    const mail = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', u.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.purpose).toBe('drone-completed');
    expect(mail.body).toMatch(/Roof A/);
    // … and the personal centre's message.
    const note = await t.db.selectFrom('user_messages').select(['kind', 'params']).where('user_id', '=', u.userId).execute();
    expect(note.map((n) => [n.kind, JSON.parse(n.params)])).toEqual([['drone.modelled', { projectId: u.projectId, projectName: 'Roof A' }]]);
    const keys = await t.db.selectFrom('drone_photos').select('blob_key').where('upload_id', '=', uploadId).execute();
    for (const k of keys) if (k.blob_key) expect(await t.app.services.blobs.get(k.blob_key)).toBeNull();
    expect(await photoCredit(t, u.userId)).toBe(10);
  });

  it('refunds the photo credit exactly once when the modelling fails, and says so by e-mail', async () => {
    const u = await droneUser(t, 40);
    const uploadId = await uploadGood(t, u.token, u.projectId, 21);
    node.script = [
      { status: STATUS.QUEUED, progress: 0 },
      { status: STATUS.RUNNING, progress: 20 },
      { status: STATUS.FAILED, progress: 20, errorMessage: 'Not enough overlap between the images' },
    ];
    const sub = body<Job>(await submit(t, u.token, u.projectId, uploadId));
    expect(await photoCredit(t, u.userId)).toBe(19);
    expect(await runJob(t, sub.data.id)).toBe('failed');
    const s = await status(t, u.token, u.projectId);
    expect(s.data.job).toMatchObject({ state: 'failed', refunded: true, photoCredits: 21 });
    expect(s.data.job?.error).toMatch(/overlap/);
    expect(await photoCredit(t, u.userId)).toBe(40);
    // A second failure report (another worker, a retry) refunds nothing more.
    const row = await t.db.selectFrom('drone_jobs').selectAll().where('id', '=', sub.data.id).executeTakeFirstOrThrow();
    expect(await t.app.services.drone.runner.fail(row, 'again')).toBe(false);
    expect(await photoCredit(t, u.userId)).toBe(40);
    const refunds = await t.db.selectFrom('credit_log').select(['photo_credits']).where('user_id', '=', u.userId).where('change_type', '=', 'refund').execute();
    expect(refunds).toEqual([{ photo_credits: 21 }]);
    const mail = await t.db.selectFrom('outbox').selectAll().where('recipient', '=', u.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.purpose).toBe('drone-failed');
    expect(mail.body).toMatch(/21 photo credits have been refunded/);
    const note = await t.db.selectFrom('user_messages').select(['kind', 'params']).where('user_id', '=', u.userId).execute();
    expect(note.map((n) => [n.kind, JSON.parse(n.params)])).toEqual([['drone.failed', { projectId: u.projectId, projectName: 'Roof A', refunded: 21, reason: 'modelling failed: Not enough overlap between the images' }]]);
    node.script = HAPPY_PATH;
  });

  it('keeps polling while the node is unreachable and completes when it is back', async () => {
    const u = await droneUser(t, 30);
    const uploadId = await uploadGood(t, u.token, u.projectId, 20);
    node.script = HAPPY_PATH;
    const sub = body<Job>(await submit(t, u.token, u.projectId, uploadId));
    await t.app.services.drone.runner.tick();
    node.down = true;
    try {
      for (let i = 0; i < 3; i++) {
        t.clock.advance(16 * POLL_MS);
        await t.app.services.drone.runner.drain();
      }
      const row = await t.db.selectFrom('drone_jobs').selectAll().where('id', '=', sub.data.id).executeTakeFirstOrThrow();
      expect(row.state).toBe('processing');
      expect(row.failures).toBe(3);
      expect(await photoCredit(t, u.userId)).toBe(10);
    } finally {
      node.down = false;
    }
    t.clock.advance(16 * POLL_MS);
    expect(await runJob(t, sub.data.id)).toBe('completed');
  });

  it("fails the job and refunds once when a step's retries are spent (its dead-letter job)", async () => {
    const u = await droneUser(t, 30);
    const uploadId = await uploadGood(t, u.token, u.projectId, 20);
    const sub = body<Job>(await submit(t, u.token, u.projectId, uploadId));
    expect(await photoCredit(t, u.userId)).toBe(10);
    // pg-boss moves a drone.step job whose retries are spent to the drone.abandon queue (jobs/kinds.ts).
    await t.app.services.jobs.send(droneAbandon, { droneJobId: sub.data.id, step: 0 });
    expect(await t.app.services.jobs.runDue(droneAbandon)).toBe(1);
    const s = await status(t, u.token, u.projectId);
    expect(s.data.job).toMatchObject({ state: 'failed', refunded: true });
    expect(s.data.job?.error).toMatch(/repeated errors/);
    expect(await photoCredit(t, u.userId)).toBe(30);
    // The step queued at the submission finds the job ended: nothing reaches the node, nothing more is refunded.
    const tasks = node.tasks.size;
    expect(await runJob(t, sub.data.id)).toBe('failed');
    expect(node.tasks.size).toBe(tasks);
    expect(await t.app.services.jobs.counts(droneAbandon)).toMatchObject({ completed: 1 });
    const refunds = await t.db.selectFrom('credit_log').select(['photo_credits']).where('user_id', '=', u.userId).where('change_type', '=', 'refund').execute();
    expect(refunds).toEqual([{ photo_credits: 20 }]);
  });

  it('a cancelled upload frees its photos and a new upload starts afresh', async () => {
    const u = await droneUser(t, 30);
    const uploadId = await uploadGood(t, u.token, u.projectId, 3);
    const cancel = await t.inject({ method: 'POST', url: '/api/web/project/drone/cancel', headers: t.bearer(u.token), payload: { projectId: u.projectId, uploadId } });
    expect(body(cancel).code).toBe(200);
    const again = body<Append>(await send(t, u.token, u.projectId, [photo()]));
    expect(again.data.uploadId).not.toBe(uploadId);
    expect(again.data.upload.approved).toBe(1);
  });
}, { drone: { nodeodm: { url: node.origin, token: node.token }, worker: false, pollMs: POLL_MS } });

describeWithDatabases('drone modelling worker in the server process', (t) => {
  it('starts with the server and takes a submitted job at once', async () => {
    const u = await droneUser(t, 30);
    const uploadId = await uploadGood(t, u.token, u.projectId, 20);
    node.script = HAPPY_PATH;
    const sub = body<Job>(await submit(t, u.token, u.projectId, uploadId));
    expect(sub.code).toBe(200);
    // No test drives the runner here: the server's own worker pushes the photos to the node.
    await vi.waitFor(async () => {
      const row = await t.db.selectFrom('drone_jobs').select(['state', 'task_uuid']).where('id', '=', sub.data.id).executeTakeFirstOrThrow();
      expect(row.state).toBe('processing');
      expect(node.tasks.get(row.task_uuid ?? '')?.images).toHaveLength(20);
    }, { timeout: 20_000, interval: 100 });
  });
}, { drone: { nodeodm: { url: node.origin, token: node.token }, worker: true, pollMs: 60_000 } });

describeWithDatabases('drone modelling on a node that refuses the token', (t) => {
  it('fails the job with the node\'s answer and refunds the photo credit', async () => {
    const u = await droneUser(t, 25);
    const uploadId = await uploadGood(t, u.token, u.projectId, 20);
    const sub = body<Job>(await submit(t, u.token, u.projectId, uploadId));
    expect(await photoCredit(t, u.userId)).toBe(5);
    expect(await runJob(t, sub.data.id)).toBe('failed');
    const s = await status(t, u.token, u.projectId);
    expect(s.data.job).toMatchObject({ state: 'failed', refunded: true });
    expect(s.data.job?.error).toMatch(/Invalid authentication token/);
    expect(await photoCredit(t, u.userId)).toBe(25);
  });
}, { drone: { nodeodm: { url: node.origin, token: 'not-the-token' }, worker: false, pollMs: POLL_MS } });
