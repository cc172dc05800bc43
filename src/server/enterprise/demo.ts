// The demo organisation of `npm start` (issue 20 item 1): when the demo account is configured
// (accounts/demo.ts, DEMO_PHONE) and no organisation exists yet, "PV Studio Demo Enterprise" is made
// with the demo user as its super administrator, some credit, seats and a year of membership, one
// company, and a copy of the demo project as its first enterprise project — so that the enterprise
// pages can be tried at once. Runs once: an existing organisation (any) stops it.
import type { Kysely } from 'kysely';
import { PROJECT_LIMITS } from '../../model/api/projects.ts';
import type { Database } from '../db/schema.ts';
import type { ProjectService } from '../projects/projects.ts';
import type { EnterpriseServices } from './services.ts';

export const DEMO_ENTERPRISE = {
  name: 'PV Studio Demo Enterprise',
  company: { name: 'PV Studio Demo Company', address: 'Shanghai', contact: 'Demo' },
  seats: 10,
  photoCredits: 200,
  projectCredits: 10,
  membershipDays: 365,
} as const;

/** Creates the demo organisation; its id, or null when it was not made (no demo user, or organisations exist). */
export async function seedDemoEnterprise(db: Kysely<Database>, enterprise: EnterpriseServices, projects: ProjectService, demoPhone: string): Promise<number | null> {
  const user = await db.selectFrom('users').select(['id']).where('phone', '=', demoPhone).executeTakeFirst();
  if (!user) return null;
  const any = await db.selectFrom('enterprises').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const { enterpriseId } = await enterprise.organisations.create(DEMO_ENTERPRISE.name, user.id, { seats: DEMO_ENTERPRISE.seats });
  await enterprise.credits.grant(enterpriseId, {
    photoCredits: DEMO_ENTERPRISE.photoCredits,
    projectCredits: DEMO_ENTERPRISE.projectCredits,
    membershipDays: DEMO_ENTERPRISE.membershipDays,
    note: 'demo',
  });
  await enterprise.companies.add(enterpriseId, { ...DEMO_ENTERPRISE.company });
  const first = await db.selectFrom('projects').select(['id', 'name']).where('user_id', '=', user.id).orderBy('id').executeTakeFirst();
  if (first) {
    const copy = await projects.copy(user.id, first.id, user.id, 'copy', `${first.name} (enterprise)`.slice(0, PROJECT_LIMITS.nameMax));
    await enterprise.projects.attach(enterpriseId, copy.projectId, user.id);
  }
  return enterpriseId;
}
