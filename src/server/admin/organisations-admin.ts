// What the operator (customer service) does for enterprise customers, outside the web product (spec
// 000 §2: a personal user entering the enterprise edition is told to contact customer service): make
// an organisation with an existing account as its super administrator, add to its pool (seats, drone
// photo credit, project quota, membership days: a 'grant' line in its credits history), and list them.
// Used by `npm run admin` (admin/cli.ts); the web product has no call for it on purpose.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { EnterpriseCredits, type PoolGrant } from '../enterprise/credits.ts';
import { Organisations } from '../enterprise/organisations.ts';

/** A refusal naming the option it is about (the CLI exits 2 with it). */
export class AdminInputError extends Error {
  constructor(
    readonly option: string,
    message: string,
  ) {
    super(`${option}: ${message}`);
  }
}

export interface PoolOptions {
  seats?: number;
  photoCredits?: number;
  projectCredits?: number;
  membershipDays?: number;
}

export interface OrganisationRow {
  enterpriseId: number;
  code: string;
  name: string;
  owner: string | null;
  members: number;
  seats: number;
  photoCredits: number;
  projectCredits: number;
  membershipExpiresAt: string | null;
}

export class OrganisationsAdmin {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** A new organisation with the account of `ownerPhone` as super administrator (1 seat unless more), and its first pool. */
  async create(name: string, ownerPhone: string, pool: PoolOptions, operator: string): Promise<OrganisationRow> {
    const trimmed = name.trim();
    if (trimmed.length === 0 || trimmed.length > 100) throw new AdminInputError('--name', 'must be 1 to 100 characters');
    const owner = await this.db.selectFrom('users').select('id').where('phone', '=', ownerPhone.trim()).executeTakeFirst();
    if (!owner) throw new AdminInputError('--owner', `no account with the phone number ${ownerPhone}: the owner registers first`);
    const { enterpriseId } = await new Organisations(this.db, this.clock).create(trimmed, owner.id, { seats: pool.seats ?? 1 });
    const rest = { ...pool, seats: undefined };
    if (Object.values(rest).some((v) => v !== undefined && v > 0)) await this.grant(enterpriseId, rest, operator, 'opening pool');
    return this.one(enterpriseId);
  }

  /** Adds to an organisation's pool ('grant' in its credits history). */
  async grant(enterpriseId: number, pool: PoolOptions, operator: string, note?: string): Promise<OrganisationRow> {
    const g: PoolGrant = { ...pool, operator, note };
    if (![g.seats, g.photoCredits, g.projectCredits, g.membershipDays].some((v) => v !== undefined && v > 0)) throw new AdminInputError('--photo-credits', 'nothing to add: give --seats, --photo-credits, --project-credits or --membership-days');
    const e = await this.db.selectFrom('enterprises').select('id').where('id', '=', enterpriseId).executeTakeFirst();
    if (!e) throw new AdminInputError('--id', `no organisation ${enterpriseId}`);
    await new EnterpriseCredits(this.db, this.clock).grant(enterpriseId, g);
    return this.one(enterpriseId);
  }

  /** Every organisation, newest first. */
  async list(): Promise<OrganisationRow[]> {
    const rows = await this.query().orderBy('e.id', 'desc').execute();
    return rows.map(toRow);
  }

  private async one(enterpriseId: number): Promise<OrganisationRow> {
    return toRow(await this.query().where('e.id', '=', enterpriseId).executeTakeFirstOrThrow());
  }

  private query() {
    return this.db
      .selectFrom('enterprises as e')
      .select(['e.id', 'e.code', 'e.name', 'e.seats', 'e.photo_credits', 'e.project_credits', 'e.membership_expires_at'])
      .select((eb) => [
        eb.selectFrom('enterprise_members as m').select('m.phone').whereRef('m.enterprise_id', '=', 'e.id').where('m.role', '=', 'super_admin').limit(1).as('owner'),
        eb.selectFrom('enterprise_members as m').select((x) => x.fn.countAll<string | number>().as('n')).whereRef('m.enterprise_id', '=', 'e.id').as('members'),
      ]);
  }
}

function toRow(r: { id: number; code: string; name: string; seats: number; photo_credits: number; project_credits: number; membership_expires_at: Date | null; owner: string | null; members: string | number | null }): OrganisationRow {
  return {
    enterpriseId: r.id,
    code: r.code,
    name: r.name,
    owner: r.owner,
    members: Number(r.members ?? 0),
    seats: r.seats,
    photoCredits: r.photo_credits,
    projectCredits: r.project_credits,
    membershipExpiresAt: r.membership_expires_at ? r.membership_expires_at.toISOString() : null,
  };
}
