// The demo account, created on the first start (an empty users table) so that `npm start` can be
// tried at once: phone + password from the configuration (DEMO_PHONE, DEMO_PASSWORD or a random
// one), permanent LITE and AIOM licences, an annual membership and some drone credit, and the demo
// project (src/server/projects/demo-project.ts: a drawn gable roof with its faces and a layout; with the
// app, demo-design.ts completes its design: inverter, cables, yield, load, battery, economics, report).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AccountService } from './accounts.ts';
import type { EntitlementService } from './entitlements.ts';
import { completeDemoDesign, demoLibraryIds } from '../projects/demo-design.ts';
import { seedDemoProject } from '../projects/demo-project.ts';
import type { DesignDocuments } from '../projects/documents.ts';
import type { ProjectService } from '../projects/projects.ts';

export interface DemoAccount {
  phone: string;
  /** Shown once: null when the account already existed (the password was printed on its first start). */
  password: string | null;
  created: boolean;
  /** The demo project made with the account (null when the account already existed). */
  project: { id: number; name: string; modules: number; capacityKw: number } | null;
}

export async function seedDemo(
  db: Kysely<Database>,
  accounts: AccountService,
  entitlements: EntitlementService,
  demo: { phone: string; password: string },
  projects?: { projects: ProjectService; documents: DesignDocuments },
  app?: FastifyInstance,
): Promise<DemoAccount> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return { phone: demo.phone, password: null, created: false, project: null };
  const user = await accounts.createWithPassword(demo.phone, demo.password, { initial: false, name: 'Demo' });
  await db.transaction().execute((tx) =>
    entitlements.grant(tx, user.id, {
      products: ['LITE', 'AIOM'],
      permanent: true,
      membershipDays: 365,
      plan: 'annual',
      photoCredits: 500,
      projectCredits: 10,
      changeType: 'demo',
      operator: 'system',
    }),
  );
  const ids = app ? await demoLibraryIds(app) : { module: null, inverter: null };
  const project = projects ? await seedDemoProject(user.id, projects.projects, projects.documents, ids.module) : null;
  if (app && project && ids.module !== null && ids.inverter !== null) await completeDemoDesign(app, user.id, project.id, ids.inverter);
  return { phone: demo.phone, password: demo.password, created: true, project };
}
