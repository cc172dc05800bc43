// The app's paths and route names (spec 000 §2, 001 §2), in one place: public routes, redirects,
// the named routes the code navigates to, and the design steps of /setting (by name, number and
// path). Pure data and helpers; the route table (router.tsx) and the guard (guard.ts) read them.

/** Open without sign-in (spec 000 §2 "Public routes"), plus /404. */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/register',
  '/forgetPassword',
  '/editPassword',
  '/bindAccount',
  '/mobile',
  '/shareReport',
  '/home/shareProject',
  '/404',
];

/** The one route the guard leaves alone (spec 000 §2: "every route except /loadLogin"). */
export const UNGUARDED_PATHS: readonly string[] = ['/loadLogin'];

/** Named routes (spec 000 §2) → paths. */
export const ROUTES = {
  login: '/login',
  register: '/register',
  forgetPassword: '/forgetPassword',
  editPassword: '/editPassword',
  bindAccount: '/bindAccount',
  completeInfo: '/completeInfo',
  addInformation: '/addInformation',
  notFound: '/404',
  homeList: '/home/list',
  homeLite: '/home/liteList',
  homeAiom: '/home/aiomList',
  compareProject: '/home/compareProject',
  shareProject: '/home/shareProject',
  shareReport: '/shareReport',
  userInfo: '/user/info',
  userMessage: '/user/message',
  userQuota: '/user/quota',
  userOrder: '/user/order',
  userEquipment: '/user/equipment',
  pay: '/pay',
  aiomSummary: '/aiomSetting/summary',
  enterpriseHome: '/enterprise/home',
  'enterprise-projectList': '/enterprise/projectList',
  selectEnterprise: '/enterprise/selectEnterprise',
} as const;

/** The design steps (spec 000 §2 "/setting"): wizard name, route name, path segment, number. */
export const STEPS = [
  { step: 'information', name: 'settingBasic', path: 'basic', number: 1 },
  { step: 'load', name: 'settingLoad', path: 'load', number: 7 },
  { step: 'building', name: 'settingMode', path: 'mode', number: 2 },
  { step: 'components', name: 'settingComponent', path: 'component', number: 3 },
  { step: 'electrical', name: 'settingElectrical', path: 'electrical', number: 4 },
  { step: 'economics', name: 'settingEconomics', path: 'economics', number: 5 },
  { step: 'report', name: 'report3d', path: 'report3d', number: 6 },
] as const;

export type StepName = (typeof STEPS)[number]['step'];

/** The left menu's order (spec 000 §2 "Left menu steps"). */
export const STEP_ORDER: readonly StepName[] = STEPS.map((s) => s.step);

/** setting3DMode: the building step on a drone model (same step, its own path). */
export const BUILDING_3D_PATH = '3dMode';

/** The query parameters of /setting that travel from step to step (spec 000 §2). */
export interface SettingQuery {
  id?: string | null;
  from?: string | null;
  pFrom?: string | null;
  reOrAiom?: string | null;
}

/** The manual variant of reOrAiom: economics hidden (spec 000 §2). */
export { LITE_RE } from '../../model/wizard.ts';

export function stepOf(name: StepName) {
  const s = STEPS.find((x) => x.step === name);
  if (!s) throw new Error(`unknown step ${name}`);
  return s;
}

/** The step of a /setting path segment ('component' → components; '3dMode' → building), or null. */
export function stepFromPath(segment: string): StepName | null {
  if (segment === BUILDING_3D_PATH) return 'building';
  return STEPS.find((s) => s.path === segment)?.step ?? null;
}

/** The url of a step, keeping id, from, pFrom and reOrAiom. */
export function stepUrl(step: StepName, query: SettingQuery): string {
  const q = new URLSearchParams();
  for (const k of ['id', 'from', 'pFrom', 'reOrAiom'] as const) {
    const v = query[k];
    if (v) q.set(k, v);
  }
  const s = q.toString();
  return `/setting/${stepOf(step).path}${s ? `?${s}` : ''}`;
}

/** Whether `path` (no query) is one of the public routes. */
export function isPublicPath(path: string): boolean {
  const p = normalisePath(path);
  return PUBLIC_PATHS.includes(p);
}

/** '/home/list/' → '/home/list'; '' → '/'. */
export function normalisePath(path: string): string {
  const p = path.split('?')[0].split('#')[0];
  if (p.length > 1 && p.endsWith('/')) return p.replace(/\/+$/, '') || '/';
  return p || '/';
}

/** The home button's target (spec 000 §2 Header): enterprise project list or homeLite, keeping from. */
export function homeUrl(enterpriseId: string | null, from: string | null): string {
  const base = enterpriseId ? ROUTES['enterprise-projectList'] : ROUTES.homeLite;
  return from ? `${base}?from=${encodeURIComponent(from)}` : base;
}
