// The enterprise edition's services, built once per app from the database, the clock, the
// configuration and the app services (accounts, codes, mail, blobs, projects), and the live access hub
// with its bus: LISTEN / NOTIFY on PostgreSQL, in-process delivery on PGlite (live-bus.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Services } from '../services.ts';
import { Companies } from './companies.ts';
import { EnterpriseContexts } from './context.ts';
import { EnterpriseCredits } from './credits.ts';
import { EnterpriseEquipment } from './equipment.ts';
import { Invitations } from './invitations.ts';
import { LiveAccess } from './live-access.ts';
import { InProcessBus, PostgresNotifyBus, type LiveBus } from './live-bus.ts';
import { MemberImport } from './member-import.ts';
import { Members } from './members.ts';
import { Organisations } from './organisations.ts';
import { EnterpriseProjects } from './projects.ts';

/** [ms] How often each process refreshes and re-checks its live connections. */
export const LIVE_SWEEP_MS = 30_000;

export interface EnterpriseServices {
  contexts: EnterpriseContexts;
  organisations: Organisations;
  members: Members;
  memberImport: MemberImport;
  companies: Companies;
  equipment: EnterpriseEquipment;
  projects: EnterpriseProjects;
  credits: EnterpriseCredits;
  live: LiveAccess;
}

export async function createEnterpriseServices(
  db: Kysely<Database>,
  clock: Clock,
  config: AppConfig,
  services: Services,
  log: FastifyBaseLogger,
  options: { liveSweepMs?: number } = {},
): Promise<EnterpriseServices> {
  const bus: LiveBus = config.database.kind === 'postgres' ? await PostgresNotifyBus.start(config.database.url, db, log) : new InProcessBus();
  const invitations = new Invitations(db, clock, log, services.codes, services.mailProvider, config.publicUrl);
  const members = new Members(db, clock, invitations);
  return {
    contexts: new EnterpriseContexts(db, clock, services.sessions),
    organisations: new Organisations(db, clock),
    members,
    memberImport: new MemberImport(db, clock, members),
    companies: new Companies(db, clock, services.blobs),
    equipment: new EnterpriseEquipment(db, clock),
    projects: new EnterpriseProjects(db, clock, services.projects),
    credits: new EnterpriseCredits(db, clock),
    live: new LiveAccess(db, clock, bus, log, options.liveSweepMs ?? LIVE_SWEEP_MS),
  };
}
