// Drone flight plans over the bound design's roof (issue 21 §6 "fly"): a 10 × 10 m building of the
// design ('lite-re'), 30 m altitude, 75 % front and 60 % side overlap, a 1-inch camera, 5 m margin.
// By hand: GSD = 13.2 × 30 / (8.8 × 5472) = 0.8224 cm/px; footprint 45 m × 30 m; spacing
// 45 × 0.4 = 18 m; interval 30 × 0.25 = 7.5 m; box across 20 m < 45 m → 1 line of 20 m, 2 waypoints,
// floor(20 / 7.5) + 1 = 3 photos. KML parses with 2 waypoints; the KMZ holds the two WPML files.
import { strFromU8, unzipSync } from 'fflate';
import { SaxesParser } from 'saxes';
import { expect, it } from 'vitest';
import { grantAiom } from './aiom-fixture.ts';
import { describeWithDatabases, type TestApp } from './harness.ts';
import { buildingDoc, newProject } from './project-helpers.ts';

async function plantWithRoof(t: TestApp) {
  const u = await t.signUp();
  await grantAiom(t, u.userId);
  const designId = await newProject(t, u.token, { name: 'Fly roof', lat: 31.23, lng: 121.47 });
  await t.db.transaction().execute((tx) => t.app.services.documents.put(tx, designId, 'lite-re', buildingDoc(1), u.userId));
  const res = await t.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers: t.bearer(u.token), payload: { designProjectId: designId } });
  return { ...u, plantId: res.json().data.projectId as number, designId };
}

const params = { altitudeM: 30, frontOverlapPercent: 75, sideOverlapPercent: 60, marginM: 5, speedMs: 5 };

describeWithDatabases('O&M fly', (t) => {
  it('plans a survey over the design\'s roof and exports KML and a DJI WPML KMZ', async () => {
    const p = await plantWithRoof(t);
    const h = t.bearer(p.token);
    const res = await t.inject({ method: 'POST', url: '/api/web/aiom/fly/plan', headers: h, payload: { projectId: p.plantId, ...params } });
    expect(res.statusCode).toBe(200);
    const plan = res.json().data;
    expect(plan.gsdCmPerPx).toBeCloseTo(0.8224, 4);
    expect(plan.footprintWidthM).toBeCloseTo(45, 9);
    expect(plan.footprintHeightM).toBeCloseTo(30, 9);
    expect(plan.lineSpacingM).toBeCloseTo(18, 9);
    expect(plan.photoIntervalM).toBeCloseTo(7.5, 9);
    expect(plan).toMatchObject({ lines: 1, photos: 3 });
    expect(plan.waypoints).toHaveLength(2);
    expect(plan.lengthM).toBeCloseTo(20, 9);
    // The line runs through the roof's middle (y = 5 m) from x = −5 to 15 m, at 30 m.
    expect(plan.waypoints[0]).toMatchObject({ altM: 30 });
    expect(plan.waypoints[0].x).toBeCloseTo(-5, 9);
    expect(plan.waypoints[1].x).toBeCloseTo(15, 9);
    expect(plan.waypoints[0].y).toBeCloseTo(5, 9);
    expect(plan.waypoints[0].lat).toBeCloseTo(31.23 + (5 / 6378137) * (180 / Math.PI), 9);

    const q = new URLSearchParams({ projectId: String(p.plantId), ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
    const kml = await t.inject({ method: 'GET', url: `/api/web/aiom/fly/export?format=kml&${q}`, headers: h });
    expect(kml.statusCode).toBe(200);
    expect(kml.headers['content-type']).toContain('kml');
    let placemarks = 0;
    let lineCoords = '';
    let inLine = false;
    const parser = new SaxesParser({ xmlns: true });
    const open: string[] = [];
    parser.on('opentag', (tag) => {
      open.push(tag.local);
      if (tag.local === 'Placemark') placemarks++;
      inLine = open.slice(-2).join('/') === 'LineString/coordinates';
    });
    parser.on('closetag', () => {
      open.pop();
      inLine = false;
    });
    parser.on('text', (s) => {
      if (inLine) lineCoords += s;
    });
    parser.write(kml.body).close();
    // The path, the area and 2 waypoints.
    expect(placemarks).toBe(4);
    expect(lineCoords.trim().split(/\s+/)).toHaveLength(2);

    const kmz = await t.inject({ method: 'GET', url: `/api/web/aiom/fly/export?format=kmz&${q}`, headers: h });
    expect(kmz.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(kmz.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['wpmz/template.kml', 'wpmz/waylines.wpml']);
    expect(strFromU8(files['wpmz/waylines.wpml'])).toContain('<wpml:executeHeightMode>relativeToStartPoint</wpml:executeHeightMode>');

    const bad = await t.inject({ method: 'POST', url: '/api/web/aiom/fly/plan', headers: h, payload: { projectId: p.plantId, altitudeM: 1000 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('altitudeM');
    const badFormat = await t.inject({ method: 'GET', url: `/api/web/aiom/fly/export?format=gpx&projectId=${p.plantId}`, headers: h });
    expect(badFormat.json().data.field).toBe('format');
    // A design without buildings: nothing to fly over.
    const bare = await newProject(t, p.token, { name: 'Empty', lat: 31.23, lng: 121.47 });
    const none = await t.inject({ method: 'POST', url: '/api/web/aiom/fly/plan', headers: h, payload: { projectId: bare } });
    expect(none.statusCode).toBe(400);
    const other = await plantWithRoof(t);
    expect((await t.inject({ method: 'POST', url: '/api/web/aiom/fly/plan', headers: t.bearer(other.token), payload: { projectId: p.plantId } })).statusCode).toBe(404);
  });
});
