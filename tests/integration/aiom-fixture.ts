// An O&M plant for the aiom-* integration tests: a signed-up user given the AIOM licence (permanent,
// through the entitlements service), a design project at a Shanghai site, and the plant created from
// it (POST /api/web/aiom/plant/create).
import { expect } from 'vitest';
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
