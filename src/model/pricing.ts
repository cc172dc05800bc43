// The price list of what the pay page sells (spec 001 §1 "Commercial offer": satellite membership
// monthly / annual / enterprise, drone photo credit and drone project quota). The spec shows no prices:
// these are our own catalogue, in fen (1/100 CNY, integers only), not a claim about any market. A
// server replaces them with PAY_CATALOGUE_FILE (a JSON array of plans, checked by `catalogueSchema`).
import { z } from 'zod';

/** What a plan sells: satellite membership time, drone photo credit, or drone project quota. */
export const PLAN_KINDS = ['membership', 'photoCredits', 'projectQuota'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** The membership plans of spec 001 §1 (stored in memberships.plan). */
export const MEMBERSHIP_PLANS = ['monthly', 'annual', 'enterprise'] as const;

export const planSchema = z.object({
  /** Stable id the order refers to, e.g. 'membership-annual'. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  kind: z.enum(PLAN_KINDS),
  /** The plan's name in both languages (the page shows the one of the user's language). */
  name: z.object({ zh: z.string().min(1).max(40), en: z.string().min(1).max(60) }),
  /** Price of one unit [fen]. */
  priceFen: z.number().int().positive().max(100_000_000),
  /** Membership plan written to the account for a membership (monthly, annual, enterprise); null otherwise. */
  membershipPlan: z.enum(MEMBERSHIP_PLANS).nullable(),
  /** Satellite membership time one unit grants [days]. */
  membershipDays: z.number().int().min(0).max(3660),
  /** Drone photo credit one unit grants [photos]. */
  photoCredits: z.number().int().min(0).max(1_000_000),
  /** Drone project quota one unit grants [projects]. */
  projectCredits: z.number().int().min(0).max(10_000),
  /** Most units in one order. */
  maxQuantity: z.number().int().min(1).max(100),
  /** Offered to enterprise accounts (the enterprise plan); personal plans are offered to everyone. */
  enterprise: z.boolean(),
});

export type Plan = z.infer<typeof planSchema>;

export const catalogueSchema = z
  .array(planSchema)
  .min(1)
  .refine((plans) => new Set(plans.map((p) => p.id)).size === plans.length, 'plan ids must be unique')
  .refine((plans) => plans.every((p) => p.membershipDays + p.photoCredits + p.projectCredits > 0), 'every plan must grant something')
  .refine((plans) => plans.every((p) => (p.kind === 'membership') === (p.membershipPlan !== null && p.membershipDays > 0)), 'a membership plan needs membershipPlan and days');

/** The built-in catalogue (prices in fen). */
export const DEFAULT_CATALOGUE: readonly Plan[] = [
  {
    id: 'membership-monthly',
    kind: 'membership',
    name: { zh: '卫星会员（月度）', en: 'Satellite membership, monthly' },
    priceFen: 9_900,
    membershipPlan: 'monthly',
    membershipDays: 30,
    photoCredits: 0,
    projectCredits: 0,
    maxQuantity: 12,
    enterprise: false,
  },
  {
    id: 'membership-annual',
    kind: 'membership',
    name: { zh: '卫星会员（年度）', en: 'Satellite membership, annual' },
    priceFen: 99_900,
    membershipPlan: 'annual',
    membershipDays: 365,
    photoCredits: 0,
    projectCredits: 0,
    maxQuantity: 5,
    enterprise: false,
  },
  {
    id: 'membership-enterprise',
    kind: 'membership',
    name: { zh: '卫星会员（企业版，年度）', en: 'Satellite membership, enterprise (annual)' },
    priceFen: 499_900,
    membershipPlan: 'enterprise',
    membershipDays: 365,
    photoCredits: 2_000,
    projectCredits: 10,
    maxQuantity: 5,
    enterprise: true,
  },
  {
    id: 'photo-credits-500',
    kind: 'photoCredits',
    name: { zh: '无人机照片额度 500 张', en: 'Drone photo credit, 500 photos' },
    priceFen: 10_000,
    membershipPlan: null,
    membershipDays: 0,
    photoCredits: 500,
    projectCredits: 0,
    maxQuantity: 20,
    enterprise: false,
  },
  {
    id: 'photo-credits-2000',
    kind: 'photoCredits',
    name: { zh: '无人机照片额度 2000 张', en: 'Drone photo credit, 2000 photos' },
    priceFen: 36_000,
    membershipPlan: null,
    membershipDays: 0,
    photoCredits: 2_000,
    projectCredits: 0,
    maxQuantity: 20,
    enterprise: false,
  },
  {
    id: 'project-quota-1',
    kind: 'projectQuota',
    name: { zh: '无人机项目额度 1 个', en: 'Drone project quota, 1 project' },
    priceFen: 20_000,
    membershipPlan: null,
    membershipDays: 0,
    photoCredits: 0,
    projectCredits: 1,
    maxQuantity: 20,
    enterprise: false,
  },
  {
    id: 'project-quota-5',
    kind: 'projectQuota',
    name: { zh: '无人机项目额度 5 个', en: 'Drone project quota, 5 projects' },
    priceFen: 90_000,
    membershipPlan: null,
    membershipDays: 0,
    photoCredits: 0,
    projectCredits: 5,
    maxQuantity: 20,
    enterprise: false,
  },
];

/** What an order of `quantity` units of `plan` costs [fen] and grants (the server computes it; never the client). */
export function orderTotals(plan: Plan, quantity: number): { amountFen: number; membershipDays: number; photoCredits: number; projectCredits: number } {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > plan.maxQuantity) throw new RangeError(`quantity must be 1–${plan.maxQuantity}`);
  return {
    amountFen: plan.priceFen * quantity,
    membershipDays: plan.membershipDays * quantity,
    photoCredits: plan.photoCredits * quantity,
    projectCredits: plan.projectCredits * quantity,
  };
}

/** 12345 fen → '123.45' (yuan with two decimals). */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
