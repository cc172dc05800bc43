// Gateway ingest over MQTT (optional transport): with PVSTUDIO_MQTT_URL naming a broker (aedes, in
// process, on a loopback port), a gateway publishing { token, readings } to pvstudio/ingest/<id> gets
// its readings stored exactly as through HTTP (idempotent), and the answer on pvstudio/ingest/<id>/result;
// a wrong token or a bad reading is answered with the error and the field, nothing stored.
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithDatabases } from './harness.ts';
import { newProject } from './project-helpers.ts';

let broker: Aedes;
let server: Server;
let url = '';
const previous = process.env.PVSTUDIO_MQTT_URL;

beforeAll(async () => {
  broker = await Aedes.createBroker();
  server = createServer(broker.handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.PVSTUDIO_MQTT_URL = url;
});

afterAll(async () => {
  if (previous === undefined) delete process.env.PVSTUDIO_MQTT_URL;
  else process.env.PVSTUDIO_MQTT_URL = previous;
  await new Promise<void>((r) => broker.close(() => r()));
  await new Promise<void>((r) => server.close(() => r()));
});

describeWithDatabases('O&M ingest over MQTT', (t) => {
  it('stores a gateway’s published batch and answers on the result topic', async () => {
    const u = await t.signUp();
    await t.db.transaction().execute((tx) =>
      t.app.services.entitlements.grant(tx, u.userId, { products: ['AIOM'], permanent: true, membershipDays: null, plan: 'annual', photoCredits: 0, projectCredits: 5, changeType: 'grant', operator: 'test' }),
    );
    const designId = await newProject(t, u.token, { name: 'MQTT design' });
    const plantId = (await t.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers: t.bearer(u.token), payload: { designProjectId: designId } })).json().data.projectId as number;
    const serial = `MQ-${plantId}-INV`;
    expect((await t.inject({ method: 'POST', url: '/api/web/aiom/devices/register', headers: t.bearer(u.token), payload: { projectId: plantId, kind: 'inverter', serial } })).json().code).toBe(200);
    const token = (await t.inject({ method: 'POST', url: '/api/web/aiom/gateway-token', headers: t.bearer(u.token), payload: { projectId: plantId } })).json().data.token as string;

    const gw = await mqtt.connectAsync(url);
    const gateway = `gw-${plantId}`;
    const answers: unknown[] = [];
    gw.on('message', (_topic, payload) => answers.push(JSON.parse(payload.toString())));
    await gw.subscribeAsync(`pvstudio/ingest/${gateway}/result`, { qos: 1 });
    const answer = async (message: unknown) => {
      const before = answers.length;
      await gw.publishAsync(`pvstudio/ingest/${gateway}`, JSON.stringify(message), { qos: 1 });
      for (let i = 0; i < 200 && answers.length === before; i++) await new Promise((r) => setTimeout(r, 25));
      return answers[before];
    };
    try {
      const ts = t.clock.now().toISOString();
      const batch = { token, readings: [{ serial, ts, acPowerW: 2500, energyKwh: 42.5 }] };
      expect(await answer(batch)).toEqual({ projectId: plantId, received: 1, stored: 1 });
      expect(await answer(batch)).toEqual({ projectId: plantId, received: 1, stored: 0 });
      expect(await answer({ ...batch, token: 'pvg_wrongwrongwrongwrongwrongwrongwrongwrong00' })).toEqual({ error: 'UNAUTHORIZED' });
      expect(await answer({ token, readings: [{ serial, ts, acPowerW: Number.MAX_VALUE }] })).toEqual({ error: 'VALIDATION', field: 'readings.0.acPowerW' });
      expect(await answer({ token, readings: [{ serial: 'NOT-HERE-1', ts }] })).toEqual({ error: 'VALIDATION', field: 'readings.0.serial' });
      const rows = await t.db.selectFrom('telemetry_readings').select(['device_serial', 'ac_power_w', 'energy_kwh']).where('project_id', '=', plantId).execute();
      expect(rows).toEqual([{ device_serial: serial, ac_power_w: 2500, energy_kwh: 42.5 }]);
    } finally {
      await gw.endAsync();
    }
  });
});
