// A large plant's yield on the job queue (POST /api/web/project/simulation/run with mode 'auto' or
// 'queue', GET /api/web/project/simulation/queue): a plant too big to simulate while its user waits —
// here one face of 100,000 modules — is refused by the synchronous call and queued by 'auto'; the queued run keeps exactly what a synchronous
// run keeps; one run per project at a time; a failing run records its error in the reader's language.
// The job workers are off here: the tests run the queue themselves (jobs.runDue).
import { expect, it } from 'vitest';
import { testConfig } from '../../src/server/config.ts';
import { projectYield } from '../../src/server/jobs/kinds.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { MODULE_550, buildingDocument, libraryId, placedProject, STP10 } from './electrical-fixture.ts';
import { newProject } from './project-helpers.ts';

const SHANGHAI = { lat: 31.23, lng: 121.47 };
const RUN = '/api/web/project/simulation/run';
const QUEUE = '/api/web/project/simulation/queue';

type Headers = Record<string, string>;
type Run = { id: number; projectId: number; status: string; modules: number; queuedAt: string; startedAt: string | null; finishedAt: string | null; error: { code: string; message: string } | null };

async function queueState(t: TestApp, h: Headers, projectId: number): Promise<Run | null> {
  const r = (await t.inject({ method: 'GET', url: `${QUEUE}?projectId=${projectId}`, headers: h })).json();
  expect(r.code, JSON.stringify(r)).toBe(200);
  return r.data.run as Run | null;
}

/** A flat roof of `rows` rows of `perRow` 550 W modules (1.2 m apart along a row, rows 2.4 m apart), tilted 20° south. */
async function bigPlacedProject(t: TestApp, token: string, rows: number, perRow: number) {
  const h = t.bearer(token);
  const id = await newProject(t, token, { name: 'Big roof', ...SHANGHAI });
  const building = buildingDocument() as { buildings: { outline: { id: string; x: number; y: number }[] }[] };
  const [w, d] = [1.2 * perRow + 2, 2.4 * rows + 2];
  building.buildings[0].outline = [
    [-1, -2],
    [w, -2],
    [w, d],
    [-1, d],
  ].map(([x, y], i) => ({ id: `o${i}`, x, y }));
  const settings = { orientation: 'portrait', placement: 'flush', tilt: 20, azimuthSouth: 0, rowSpacing: null, modulesPerColumn: 1, gapX: 0.02, gapY: 0.02, setback: 0.5, alignX: 'center', alignY: 'center' };
  const centers: number[] = [];
  for (let r = 0; r < rows; r++) for (let i = 0; i < perRow; i++) centers.push(0.6 + 1.2 * i, 2.4 * r, 6);
  const layout = {
    kind: 'layout',
    version: 1,
    module: { libraryId: await libraryId(t, token, 'component', MODULE_550), manufacturer: 'LONGi', model: MODULE_550, powerW: 550, length: 2.256, width: 1.133 },
    settings,
    arrays: [{ id: 'a1', buildingId: 'b0', faceId: 'f1', settings, tilt: 20, azimuth: 180, along: 1.133, up: 2.256, centers, rowPitch: 2.4 }],
  };
  for (const [url, data] of [
    ['/api/web/project/LiteRe/save-data', building],
    ['/api/web/project/component-layout/save', layout],
  ] as const) {
    const r = (await t.inject({ method: 'POST', url, headers: h, payload: { projectId: id, version: 0, data } })).json();
    expect(r.code, JSON.stringify(r).slice(0, 300)).toBe(200);
  }
  return { id, h };
}

async function configure(t: TestApp, token: string, h: Headers, projectId: number, model: string): Promise<void> {
  const inverter = await libraryId(t, token, 'inverter', model);
  const r = (await t.inject({ method: 'POST', url: '/api/web/project/inverter-config', headers: h, payload: { projectId, inverters: [{ libraryId: inverter }] } })).json();
  expect(r.code, JSON.stringify(r).slice(0, 300)).toBe(200);
}

describeWithDatabases(
  'electrical: a large plant\'s yield on the job queue',
  (t) => {
    it('queues a run once per project, keeps exactly what the synchronous run keeps, and says so to the owner only', async () => {
      const { token } = await t.signUp();
      const { id, h } = await placedProject(t, token, { name: 'Queued roof', ...SHANGHAI });
      await configure(t, token, h, id, STP10);
      expect(await queueState(t, h, id)).toBeNull();

      // 'auto' on a small plant answers at once (nothing queued).
      const now = (await t.inject({ method: 'POST', url: RUN, headers: h, payload: { projectId: id, mode: 'auto' } })).json();
      expect(now.code).toBe(200);
      expect(now.data.queued).toBeUndefined();
      expect(now.data.basis.modules).toBe(40);
      expect(await queueState(t, h, id)).toBeNull();

      // 'queue' queues it: asked twice while waiting, the same run.
      const first = (await t.inject({ method: 'POST', url: RUN, headers: h, payload: { projectId: id, mode: 'queue' } })).json();
      expect(first.code, JSON.stringify(first)).toBe(200);
      expect(first.data.queued).toMatchObject({ projectId: id, status: 'queued', modules: 40, startedAt: null, finishedAt: null, error: null });
      const again = (await t.inject({ method: 'POST', url: RUN, headers: h, payload: { projectId: id, mode: 'queue' } })).json();
      expect(again.data.queued.id).toBe(first.data.queued.id);
      expect(await queueState(t, h, id)).toMatchObject({ id: first.data.queued.id, status: 'queued' });

      // Another user neither sees nor queues it.
      const other = t.bearer((await t.signUp()).token);
      expect((await t.inject({ method: 'GET', url: `${QUEUE}?projectId=${id}`, headers: other })).json()).toMatchObject({ code: 404, data: { error: 'PROJECT_NOT_FOUND' } });
      expect((await t.inject({ method: 'POST', url: RUN, headers: other, payload: { projectId: id, mode: 'queue' } })).json()).toMatchObject({ code: 404 });

      expect(await t.app.services.jobs.runDue(projectYield)).toBe(1);
      const done = await queueState(t, h, id);
      expect(done).toMatchObject({ status: 'done', error: null });
      expect(Date.parse(done!.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(done!.startedAt!));

      // The kept simulation is the synchronous run's, to the last digit (the same design, weather and chain).
      const kept = (await t.inject({ method: 'GET', url: `/api/web/project/simulation/result?projectId=${id}`, headers: h })).json().data.data;
      expect(kept.annual).toEqual(now.data.annual);
      expect(kept.losses).toEqual(now.data.losses);
      expect(kept.monthly).toEqual(now.data.monthly);
      expect(kept.pvHourly.kwh).toHaveLength(8760);
    });

    it('records a run that fails (the design lost its wiring meanwhile) with its error in the reader\'s language', async () => {
      const { token } = await t.signUp();
      const { id, h } = await placedProject(t, token, { name: 'Failing roof', ...SHANGHAI });
      await configure(t, token, h, id, STP10);
      const q = (await t.inject({ method: 'POST', url: RUN, headers: h, payload: { projectId: id, mode: 'queue' } })).json();
      expect(q.data.queued.status).toBe('queued');
      // The inverter configuration is emptied before the job starts: the job reads the design as it is then.
      const cfg = (await t.inject({ method: 'GET', url: `/api/web/project/get-inverter-config?projectId=${id}`, headers: h })).json().data;
      const saved = (await t.inject({ method: 'POST', url: '/api/web/project/inverter-config/save', headers: h, payload: { projectId: id, version: cfg.version, data: { ...cfg.data, inverters: [], strings: [] } } })).json();
      expect(saved.code, JSON.stringify(saved).slice(0, 300)).toBe(200);
      expect(await t.app.services.jobs.runDue(projectYield)).toBe(1);
      const failed = await queueState(t, h, id);
      expect(failed).toMatchObject({ status: 'failed', error: { code: 'ELECTRICAL_NO_CONFIG' } });
      const zh = (await t.inject({ method: 'GET', url: `${QUEUE}?projectId=${id}`, headers: { ...h, lang: 'zh' } })).json().data.run as Run;
      expect(zh.error!.message).not.toBe(failed!.error!.message);
      expect(zh.error!.message).toMatch(/[\u4e00-\u9fff]/);
      // A failed run does not block the next one.
      await configure(t, token, h, id, STP10);
      const next = (await t.inject({ method: 'POST', url: RUN, headers: h, payload: { projectId: id, mode: 'queue' } })).json();
      expect(next.data.queued.id).toBeGreaterThan(failed!.id);
      expect(await t.app.services.jobs.runDue(projectYield)).toBe(1);
      expect(await queueState(t, h, id)).toMatchObject({ id: next.data.queued.id, status: 'done', error: null });
    });

    it('refuses a 100,000-module plant synchronously (400 naming projectId), queues it with mode auto, and keeps its yield', { timeout: 300_000 }, async () => {
      const { token } = await t.signUp();
      // One face of 500 rows of 200 modules: 100,000 × 550 W = 55 MWp; a year of it is 8.76e8
      // module-steps, above the synchronous 2e8 (src/model/compute-budget.ts) and within the queue's 2e9.
      const { id, h } = await bigPlacedProject(t, token, 500, 200);
      await configure(t, token, h, id, 'SUN2000-100KTL-M1');
      const sync = (await t.inject({ method: 'POST', url: RUN, headers: h, payload: { projectId: id } })).json();
      expect(sync).toMatchObject({ code: 400, data: { error: 'COMPUTE_TOO_BIG', field: 'projectId' } });
      const auto = (await t.inject({ method: 'POST', url: RUN, headers: h, payload: { projectId: id, mode: 'auto' } })).json();
      expect(auto.code, JSON.stringify(auto).slice(0, 300)).toBe(200);
      const strung = auto.data.queued.modules as number;
      // The stringing may leave a few modules of a row out (rows of 200 in strings of one length).
      expect(strung).toBeGreaterThan(95_000);
      expect(strung).toBeLessThanOrEqual(100_000);
      expect(await t.app.services.jobs.runDue(projectYield)).toBe(1);
      expect(await queueState(t, h, id)).toMatchObject({ status: 'done', error: null });
      const kept = (await t.inject({ method: 'GET', url: `/api/web/project/simulation/result?projectId=${id}`, headers: h })).json().data.data;
      expect(kept.basis.modules).toBe(strung);
      expect(kept.annual.capacityKwp).toBeCloseTo(strung * 0.55, 6);
      // Shanghai on a 20° south plane, unshaded: the same window as the 40-module roof
      // (electrical-simulation.test.ts: 900–1,250 kWh/kWp).
      expect(kept.annual.specificYield).toBeGreaterThan(900);
      expect(kept.annual.specificYield).toBeLessThan(1250);
      // The project list shows the plant's capacity and yield.
      const entry = (await t.inject({ method: 'GET', url: '/api/web/project/list?page=1&size=50', headers: h })).json().data.list.find((p: { projectId: number }) => p.projectId === id);
      expect(entry.capacity).toBeCloseTo(strung * 0.55, 6);
      expect(entry.annualKwh).toBeCloseTo(kept.annual.acKwh, 6);
    });
  },
  { jobs: { ...testConfig().jobs, workers: false } },
);
