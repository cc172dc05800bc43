// The organisation an enterprise call is about and the caller's role in it. Spec 000 §7: the client
// sends `isEnterprise` and `enterpriseId` headers when set; a call may also name the organisation in
// its query or body (`enterpriseId`). Without either, the organisation the user chose last
// (POST switch-enterprise) or joined first. A user who belongs to no organisation — or not to the one
// named — gets NOT_ENTERPRISE_USER, the spec's 'The current user does not have the rights of
// enterprise version, you can contact customer service!' (spec 001 §6).
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { EnterpriseRole } from '../../model/api/enterprise.ts';
import type { AuthContext, SessionService } from '../accounts/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Database, User } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { isAdministratorRole, linkRegistrations, membershipsOf, type MembershipRow } from './membership.ts';

export interface EnterpriseContext {
  user: User;
  auth: AuthContext;
  enterpriseId: number;
  enterpriseName: string;
  memberId: number;
  role: EnterpriseRole;
  isAdministrator: boolean;
  isSuperAdmin: boolean;
  canCreateProject: boolean;
}

/** The enterpriseId header (spec 000 §7), or undefined when absent; a malformed one is a 400 naming it. */
export function headerEnterpriseId(req: FastifyRequest): number | undefined {
  const raw = req.headers.enterpriseid;
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v === '' || v === 'null' || v === 'undefined') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) throw apiError('VALIDATION', { field: 'enterpriseId', message: 'Format incorrect' }, { field: 'enterpriseId' });
  return n;
}

function toContext(auth: AuthContext, m: MembershipRow): EnterpriseContext {
  return {
    user: auth.user,
    auth,
    enterpriseId: m.enterpriseId,
    enterpriseName: m.enterpriseName,
    memberId: m.memberId,
    role: m.role,
    isAdministrator: isAdministratorRole(m.role),
    isSuperAdmin: m.role === 'super_admin',
    canCreateProject: m.canCreateProject || isAdministratorRole(m.role),
  };
}

export class EnterpriseContexts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly sessions: SessionService,
  ) {}

  /** The signed-in member of the call's organisation (`explicit`: the query's or body's enterpriseId). */
  async member(req: FastifyRequest, explicit?: number): Promise<EnterpriseContext> {
    const auth = await this.sessions.require(req);
    const wanted = explicit ?? headerEnterpriseId(req);
    let all = await membershipsOf(this.db, auth.user.id);
    let m = wanted !== undefined ? all.find((r) => r.enterpriseId === wanted) : all[0];
    if (!m && (await linkRegistrations(this.db, this.clock, auth.user)) > 0) {
      all = await membershipsOf(this.db, auth.user.id);
      m = wanted !== undefined ? all.find((r) => r.enterpriseId === wanted) : all[0];
    }
    if (!m) throw apiError('NOT_ENTERPRISE_USER');
    return toContext(auth, m);
  }

  /** As member(), and the caller must administer the organisation. */
  async admin(req: FastifyRequest, explicit?: number): Promise<EnterpriseContext> {
    const ctx = await this.member(req, explicit);
    if (!ctx.isAdministrator) throw apiError('ENTERPRISE_ADMIN_REQUIRED');
    return ctx;
  }

  /** The member context of a user in an organisation without a request (the live connection), or null. */
  async of(auth: AuthContext, enterpriseId: number): Promise<EnterpriseContext | null> {
    const m = (await membershipsOf(this.db, auth.user.id)).find((r) => r.enterpriseId === enterpriseId);
    return m ? toContext(auth, m) : null;
  }
}
