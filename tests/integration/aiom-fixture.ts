// An O&M plant for the aiom-* integration tests: a signed-up user given the AIOM licence (permanent,
// through the entitlements service), a design project at a Shanghai site, and the plant created from
// it (POST /api/web/aiom/plant/create); and such a plant with a notified fault alarm.
import { expect } from 'vitest';
import { operationsOf } from '../../src/server/aiom/configuration-services.ts';
import { aiomTelemetry } from '../../src/server/aiom/devices-context.ts';
import { serviceUser } from './enterprise-helpers.ts';
import type { SignedIn, TestApp } from './harness.ts';
import { newProject } from './project-helpers.ts';

/** Grants the user the AIOM licence. */
export async function grantAiom(t: TestApp, userId: number): Promise<void> {
  await t.db.transaction().execute((tx) =>
    t.app.services.entitlements.grant(tx, userId, { products: ['AIOM'], permanent: true, membershipDays: null, plan: 'annual', photoCredits: 0, projectCredits: 5, changeType: 'grant', operator: 'test' }),
  );
}

/** A licensed user's plant from a new design project (`design` adds to its body: name, capacity…). */
export async function aiomPlant(t: TestApp, design: Record<string, unknown>, signedIn?: SignedIn): Promise<SignedIn & { plantId: number; designId: number }> {
  const u = signedIn ?? (await t.signUp());
  await grantAiom(t, u.userId);
  const designId = await newProject(t, u.token, { lat: 31.23, lng: 121.47, ...design });
  const res = await t.inject({ method: 'POST', url: '/api/web/aiom/plant/create', headers: t.bearer(u.token), payload: { designProjectId: designId } });
  expect(res.json().code).toBe(200);
  return { ...u, plantId: res.json().data.projectId as number, designId };
}

/**
 * A plant whose owner asked for SMS alarm notices, an inverter reporting a fault (SunSpec St 7, Evt1
 * 128) at `at`, and the rules evaluated once: the level 1 fault alarm raised and notified. Answers the
 * alarm's id, the owner's phone and the configuration's answer.
 */
export async function faultAlarmNotified(t: TestApp, plantName: string, at = new Date('2026-07-01T02:00:00Z')) {
  // A user made through the services: with a real SMS provider no code can be read back to sign up.
  const u = await aiomPlant(t, { name: plantName, capacity: 10 }, await serviceUser(t));
  const cfg = await t.inject({ method: 'POST', url: '/api/web/aiom/configuration', headers: t.bearer(u.token), payload: { projectId: u.plantId, notifications: { sms: true, email: false } } });
  expect(cfg.json().code, cfg.body).toBe(200);
  const serial = `INV-${u.plantId}`;
  const reg = await t.inject({ method: 'POST', url: '/api/web/aiom/devices/register', headers: t.bearer(u.token), payload: { projectId: u.plantId, kind: 'inverter', serial } });
  expect(reg.json().code, reg.body).toBe(200);
  t.clock.advance(at.getTime() - t.clock.now().getTime());
  await aiomTelemetry(t.app).store.insert([{ projectId: u.plantId, serial, ts: new Date(at.getTime() - 60_000).toISOString(), status: 7, faultCode: 128, acPowerW: 0 }]);
  const r = await operationsOf(t.app).alarms.evaluate(u.plantId);
  expect(r.notified).toBe(1);
  const owner = await t.db.selectFrom('users').select('phone').where('id', '=', u.userId).executeTakeFirstOrThrow();
  return { ...u, alarmId: r.raised[0], phone: owner.phone!, configuration: cfg.json().data };
}
