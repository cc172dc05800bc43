// The compute budget (issue 19, src/model/compute-budget.ts): a call too big for a synchronous answer
// is refused before it runs with 400 naming the field that makes it big; a call within budget still
// runs; a call past the timeout has its worker stopped and replaced while another user's call goes
// on; a user with COMPUTE_USER_CONCURRENCY calls in flight gets 429 for the next.
import { expect, it } from 'vitest';
import { COMPUTE_BUDGET } from '../../src/model/compute-budget.ts';
import { describeWithDatabases } from './harness.ts';

type Corner = [number, number, number];

/** Rows of flat 2 × 1 m modules, 100 a row. */
function modules(n: number): { id: string; corners: Corner[] }[] {
  return Array.from({ length: n }, (_, i) => {
    const x = (i % 100) * 3;
    const y = Math.floor(i / 100) * 2;
    return { id: `m${i}`, corners: [[x, y, 0], [x + 2, y, 0], [x + 2, y + 1, 0], [x, y + 1, 0]] };
  });
}

const SITE = { latitude: 31.2, longitude: 121.5 };
const BOX = { kind: 'box', center: [5, 5], size: [2, 2], height: 3 };

/** A 892-byte-class heatmap request: a few modules, a fine sample grid, one-minute steps. */
function smallButHuge(samples: number, moduleCount: number): string {
  return JSON.stringify({ site: SITE, scene: { obstacles: [BOX] }, modules: modules(moduleCount), samples: { x: samples, y: samples }, times: { year: 2025, stepMinutes: 1, timezone: 8 } });
}

describeWithDatabases('compute budget', (t) => {
  const post = (token: string, url: string, payload: unknown) =>
    t.inject({ method: 'POST', url: `/api/web/project/${url}`, headers: { ...t.bearer(token), 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

  it('an under-1-kB heatmap request for billions of rays answers 400 naming the field, at once', async () => {
    const { token } = await t.signUp();
    // 8 modules × 100 samples × 525,600 one-minute steps: the steps are the most above their default.
    const steps = smallButHuge(10, 8);
    expect(steps.length).toBeLessThan(1024);
    const t0 = performance.now();
    const res = await post(token, 'heatmap', steps);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: { error: 'COMPUTE_TOO_BIG', field: 'times.stepMinutes' } });
    expect(res.json().msg).toMatch(/^times\.stepMinutes: too much work for one call: 8 modules × 100 samples × \(525600 sun steps \+ 512 sky directions\)/);
    // 2 modules × 4096 samples: the sample grid is.
    const samples = await post(token, 'heatmap', smallButHuge(64, 2));
    expect(samples.json()).toMatchObject({ code: 400, data: { error: 'COMPUTE_TOO_BIG', field: 'samples' } });
    // Defaults everywhere but 20,000 modules: nothing but the module count can give.
    const many = await post(token, 'heatmap', { site: SITE, modules: modules(20_000), times: { year: 2025, stepMinutes: 60, timezone: 8 } });
    expect(many.json()).toMatchObject({ code: 400, data: { error: 'COMPUTE_TOO_BIG', field: 'modules' } });
    // Chinese message
    const zh = await t.inject({ method: 'POST', url: '/api/web/project/heatmap', headers: { ...t.bearer(token), 'content-type': 'application/json', lang: 'zh-CN' }, payload: steps });
    expect(zh.json().msg).toMatch(/^times\.stepMinutes：计算量过大/);
  });

  it('every compute call has its estimate: layout, roof, winter shadows and per-step output are refused by their fields', async () => {
    const { token } = await t.signUp();
    const face = (side: number) => ({ vertices: [[0, 0, 0], [side, 0, 0], [side, side, 0], [0, side, 0]], tilt: 0, azimuth: 180 });
    const layout = { module: { length: 2.278, width: 1.134, powerW: 550 }, orientation: 'portrait', mounting: { type: 'flush' } };
    // 1 km² holds ~387,000 modules: more than the answer may carry.
    expect((await post(token, 'componentConfiguration', { ...layout, face: face(1000) })).json()).toMatchObject({ code: 400, data: { error: 'COMPUTE_TOO_BIG', field: 'face.vertices' } });
    // the same face with a capacity cap of 1 MW is fine: ~1,800 modules
    const capped = await post(token, 'componentConfiguration', { ...layout, face: face(1000), maxCapacityKw: 1000 });
    expect(capped.json()).toMatchObject({ code: 200, data: { count: 1818, limitReached: true } });
    // roof: 500 crossing lines (segments² = 254,016)
    const points = Array.from({ length: 250 }, (_, i) => [{ id: `h${i}a`, x: 0, y: 0.4 * i + 0.2 }, { id: `h${i}b`, x: 100, y: 0.4 * i + 0.2 }, { id: `v${i}a`, x: 0.4 * i + 0.2, y: 0 }, { id: `v${i}b`, x: 0.4 * i + 0.2, y: 100 }]).flat();
    const lines = Array.from({ length: 250 }, (_, i) => [{ id: `h${i}`, idp1: `h${i}a`, idp2: `h${i}b` }, { id: `v${i}`, idp1: `v${i}a`, idp2: `v${i}b` }]).flat();
    const outerPoints = [[0, 0], [100, 0], [100, 100], [0, 100]].map(([x, y], i) => ({ id: `o${i}`, x, y }));
    const roof = await post(token, 'roof', { building: { id: 'b', eaveHeight: 3, outerPoints, points, lines } });
    expect(roof.json()).toMatchObject({ code: 400, data: { error: 'COMPUTE_TOO_BIG', field: 'building.lines' } });
    const winter = await post(token, 'calcShadowWinter', { latitude: 31, modules: modules(20_001).map((m) => ({ corners: m.corners })) });
    expect(winter.json()).toMatchObject({ code: 400, data: { error: 'COMPUTE_TOO_BIG', field: 'modules' } });
    const perStep = await post(token, 'heatmap', { site: SITE, modules: modules(300), times: { year: 2025, stepMinutes: 15, timezone: 8 }, output: { perStep: true, diffuse: false } });
    expect(perStep.json()).toMatchObject({ code: 400, data: { error: 'COMPUTE_TOO_BIG', field: 'output.perStep' } });
  });

  it('calls within the budget still answer', async () => {
    const { token } = await t.signUp();
    const heat = await post(token, 'heatmap', { site: SITE, scene: { obstacles: [BOX] }, modules: modules(20), times: { year: 2025, stepMinutes: 60, timezone: 8 } });
    expect(heat.json()).toMatchObject({ code: 200 });
    expect(heat.json().data.modules).toHaveLength(20);
    const roof = await post(token, 'roof', {
      building: { id: 'b', eaveHeight: 3, outerPoints: [[0, 0], [10, 0], [10, 8], [0, 8]].map(([x, y], i) => ({ id: `o${i}`, x, y })) },
      auto: { type: 'gable', pitch: 30 },
    });
    expect(roof.json()).toMatchObject({ code: 200, data: { success: true } });
    expect(roof.json().data.faces).toHaveLength(2);
  });
});

// A timeout small enough for a test, two workers, two calls per user.
describeWithDatabases(
  'compute timeout and per-user concurrency',
  (t) => {
    const post = (token: string, url: string, payload: unknown) => t.inject({ method: 'POST', url: `/api/web/project/${url}`, headers: t.bearer(token), payload: payload as Record<string, unknown> });
    /** In budget (≈ 1.6e9 of 2e9 ray-levels) but ~3 s of work here: 3,000 modules among 300 boxes. */
    const slow = {
      site: SITE,
      scene: { obstacles: Array.from({ length: 300 }, (_, i) => ({ kind: 'box', center: [(i % 30) * 7, Math.floor(i / 30) * 4], size: [1, 1], height: 4 })) },
      modules: modules(3000),
      times: { year: 2025, stepMinutes: 60, timezone: 8 },
    };
    const quick = { latitude: 30, height: 2 };

    it('a call past the timeout answers 503 and frees its worker; another user’s call completes meanwhile', async () => {
      const a = await t.signUp();
      const b = await t.signUp();
      // Start both workers (their start-up never counts against a call, but would delay B's).
      const warm = await Promise.all([post(b.token, 'calc-best-distance', quick), post(b.token, 'calc-best-distance', quick)]);
      expect(warm.map((r) => r.json().code)).toEqual([200, 200]);
      expect(t.app.services.compute.started).toBe(2);
      const order: string[] = [];
      const t0 = performance.now();
      const slowCall = post(a.token, 'heatmap', slow).then((r) => (order.push('slow'), r));
      await new Promise((r) => setTimeout(r, 100));
      const other = await post(b.token, 'calc-best-distance', quick);
      order.push('other');
      expect(other.json().code).toBe(200);
      const stopped = await slowCall;
      const elapsed = performance.now() - t0;
      expect(order).toEqual(['other', 'slow']);
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json()).toMatchObject({ code: 503, data: { error: 'COMPUTE_TIMEOUT' } });
      expect(stopped.json().msg).toContain('took longer than 0.5 s and was stopped');
      expect(elapsed).toBeGreaterThanOrEqual(500);
      expect(elapsed).toBeLessThan(15_000);
      // The stopped worker was replaced: both workers answer again, A's slot was given back.
      const again = await Promise.all([post(a.token, 'calc-best-distance', quick), post(b.token, 'calc-best-distance', quick)]);
      expect(again.map((r) => r.json().code)).toEqual([200, 200]);
      expect(t.app.services.compute.started).toBe(2);
      expect(t.app.services.compute.inFlight(`user:${a.userId}`)).toBe(0);
    }, 30_000);

    it(`a call beyond a user's ${COMPUTE_BUDGET.perUserConcurrency} in flight answers 429; another user is not held back`, async () => {
      const a = await t.signUp();
      const b = await t.signUp();
      const calls = [post(a.token, 'heatmap', slow), post(a.token, 'heatmap', slow)];
      while (t.app.services.compute.inFlight(`user:${a.userId}`) < 2) await new Promise((r) => setTimeout(r, 5));
      const third = await post(a.token, 'calc-best-distance', quick);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 429, msg: 'You already have 2 calculations running: wait for one of them to finish', data: { error: 'COMPUTE_BUSY' } });
      expect(third.headers['retry-after']).toBe('1');
      // B is not counted against A (B's call waits for a worker, then runs).
      const bCall = post(b.token, 'calc-best-distance', quick);
      const done = await Promise.all(calls);
      expect(done.map((r) => r.statusCode)).toEqual([503, 503]);
      expect((await bCall).json().code).toBe(200);
      // A's calls ended: A may call again.
      expect((await post(a.token, 'calc-best-distance', quick)).json().code).toBe(200);
    }, 30_000);
  },
  { computeTimeoutMs: 500, computeWorkers: 2, computeUserConcurrency: 2 },
);
