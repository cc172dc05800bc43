// Routes and the navigation guard (spec 000 §2 "Public routes", "Navigation guard", §6; 001 §2) and
// the licence permissions (spec 000 §3 "Licence fields", §4 "Licence").
import { describe, expect, it } from 'vitest';
import { afterLoginUrl, guardDecision, needsAiom, ROLES_ERROR, type GuardInput } from '../../../src/web/app/guard.ts';
import { homeUrl, isPublicPath, PUBLIC_PATHS, stepFromPath, STEPS, stepUrl } from '../../../src/web/app/paths.ts';
import { routes } from '../../../src/web/app/routes.tsx';
import { hasLicense, permissionsOf } from '../../../src/web/session/permissions.ts';

const signedIn: GuardInput = {
  path: '/home/list',
  search: '',
  token: 'tok',
  userInfo: { isEnableBackend: true },
  permissions: { lite: true, aiom: true },
  isAdministrator: false,
  mustChangePassword: false,
};

describe('public routes', () => {
  it('are the spec list (plus /404)', () => {
    for (const p of ['/login', '/register', '/forgetPassword', '/editPassword', '/bindAccount', '/mobile', '/shareReport', '/home/shareProject']) expect(isPublicPath(p)).toBe(true);
    expect(PUBLIC_PATHS).toHaveLength(9);
    for (const p of ['/home/list', '/user/info', '/setting/basic', '/completeInfo', '/pay', '/enterprise/home']) expect(isPublicPath(p)).toBe(false);
    expect(isPublicPath('/login/')).toBe(true);
    expect(isPublicPath('/home/shareProject?shareKey=ab')).toBe(true);
  });
});

describe('guard', () => {
  it('leaves /loadLogin alone (no permission refresh, no token check)', () => {
    expect(guardDecision({ ...signedIn, path: '/loadLogin', token: null })).toEqual({ kind: 'skip' });
  });

  it('lets guests open public routes and sends them to login from the others, with the way back', () => {
    const guest = { ...signedIn, token: null, userInfo: null };
    expect(guardDecision({ ...guest, path: '/home/shareProject', search: '?shareKey=1' })).toEqual({ kind: 'allow' });
    expect(guardDecision({ ...guest, path: '/setting/basic', search: '?id=3' })).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fsetting%2Fbasic%3Fid%3D3' });
    expect(guardDecision({ ...guest, path: '/addInformation' })).toEqual({ kind: 'redirect', to: '/login?redirect=%2FaddInformation' });
  });

  it(`raises '${ROLES_ERROR}' for a stored user without backend access`, () => {
    expect(guardDecision({ ...signedIn, userInfo: null })).toEqual({ kind: 'invalidUser' });
    expect(guardDecision({ ...signedIn, userInfo: { isEnableBackend: false } })).toEqual({ kind: 'invalidUser' });
  });

  it('waits for the aiom permission on the O&M list and aiomSetting', () => {
    const noAiom = { ...signedIn, permissions: { lite: true, aiom: false } };
    for (const path of ['/home/aiomList', '/aiomSetting', '/aiomSetting/alarm']) {
      expect(needsAiom(path)).toBe(true);
      expect(guardDecision({ ...noAiom, path })).toEqual({ kind: 'awaitAiom' });
      expect(guardDecision({ ...signedIn, path })).toEqual({ kind: 'allow' });
    }
    expect(guardDecision({ ...noAiom, path: '/home/liteList' })).toEqual({ kind: 'allow' });
  });

  it('checks the licence before settingBasic without an id (a new project), not with one', () => {
    expect(guardDecision({ ...signedIn, path: '/setting/basic', search: '?powerStationType=COMMERCIAL' })).toEqual({ kind: 'checkLicense' });
    expect(guardDecision({ ...signedIn, path: '/setting/basic', search: '?id=4' })).toEqual({ kind: 'allow' });
  });

  it('sends non-administrators from the enterprise home to the project list', () => {
    expect(guardDecision({ ...signedIn, path: '/enterprise/home' })).toEqual({ kind: 'redirect', to: '/enterprise/projectList' });
    expect(guardDecision({ ...signedIn, path: '/enterprise/home', isAdministrator: true })).toEqual({ kind: 'allow' });
    expect(guardDecision({ ...signedIn, path: '/enterprise/personList' })).toEqual({ kind: 'allow' });
  });

  it('keeps a session that must change the initial password on the login page', () => {
    expect(guardDecision({ ...signedIn, mustChangePassword: true })).toEqual({ kind: 'redirect', to: '/login' });
    expect(guardDecision({ ...signedIn, mustChangePassword: true, path: '/login' })).toEqual({ kind: 'allow' });
  });

  it('returns after login only to a path of this app', () => {
    expect(afterLoginUrl('?redirect=%2Fuser%2Fquota')).toBe('/user/quota');
    expect(afterLoginUrl('')).toBe('/home/list');
    expect(afterLoginUrl('?redirect=https%3A%2F%2Fevil.example')).toBe('/home/list');
    expect(afterLoginUrl('?redirect=%2F%2Fevil.example')).toBe('/home/list');
    expect(afterLoginUrl('?redirect=%2Flogin')).toBe('/home/list');
  });
});

describe('routes', () => {
  const root = routes[0];
  const children = root.children ?? [];
  const paths = (list: typeof children, prefix = ''): string[] =>
    list.flatMap((r) => {
      const here = r.path ? `${prefix}/${r.path}`.replace('//', '/') : prefix;
      return [...(r.path ? [here] : []), ...paths(r.children ?? [], here)];
    });
  const all = paths(children);

  it('has every route of both specs', () => {
    const expected = [
      '/login', '/register', '/forgetPassword', '/editPassword', '/bindAccount', '/mobile', '/shareReport', '/home/shareProject',
      '/loadLogin', '/addInformation', '/pay', '/completeInfo', '/404',
      '/home/list', '/home/mobile', '/home/liteList', '/home/aiomList', '/home/compareProject', '/home/saasPort',
      '/user/info', '/user/message', '/user/quota', '/user/order',
      '/setting/basic', '/setting/load', '/setting/mode', '/setting/component', '/setting/electrical', '/setting/economics', '/setting/report3d', '/setting/3dMode',
      '/aiomSetting/summary', '/aiomSetting/view', '/aiomSetting/patrol', '/aiomSetting/alarm', '/aiomSetting/statistics', '/aiomSetting/device', '/aiomSetting/configuration', '/aiomSetting/fly',
      '/enterprise/home', '/enterprise/projectList', '/enterprise/businessList', '/enterprise/personList', '/enterprise/deviceList', '/enterprise/selectEnterprise',
    ];
    for (const p of expected) expect(all, p).toContain(p);
  });

  it('runs the guard on every navigation and sends unknown paths to /404', () => {
    expect(root.loader).toBeTypeOf('function');
    expect(typeof root.shouldRevalidate === 'function' && root.shouldRevalidate({} as never)).toBe(true);
    const catchAll = children.find((r) => r.path === '*');
    expect(catchAll?.loader).toBeTypeOf('function');
  });

  it('redirects / → /login, /home → /home/list, /user → /user/info, /setting → basic, /aiomSetting → summary, /enterprise → home', async () => {
    const target = async (loader: unknown, url: string) => {
      const res = (await (loader as (a: { request: Request; params: object }) => Promise<Response> | Response)({ request: new Request(url), params: {} })) as Response;
      return res.headers.get('Location');
    };
    const index = (path: string | undefined) => (path ? children.find((r) => r.path === path)?.children : children)?.find((r) => r.index)?.loader;
    expect(await target(index(undefined), 'http://x/')).toBe('/login');
    expect(await target(index('home'), 'http://x/home')).toBe('/home/list');
    expect(await target(index('user'), 'http://x/user')).toBe('/user/info');
    expect(await target(index('setting'), 'http://x/setting?id=5&from=list')).toBe('/setting/basic?id=5&from=list');
    expect(await target(index('aiomSetting'), 'http://x/aiomSetting?id=5')).toBe('/aiomSetting/summary?id=5');
    expect(await target(index('enterprise'), 'http://x/enterprise')).toBe('/enterprise/home');
    expect(await target(children.find((r) => r.path === '*')?.loader, 'http://x/nope')).toBe('/404');
  });
});

describe('steps by name and number (spec 000 §2)', () => {
  it('numbers the steps by path: 1 basic, 2 mode, 3 component, 4 electrical, 5 economics, 6 report3d, 7 load', () => {
    expect(Object.fromEntries(STEPS.map((s) => [s.path, s.number]))).toEqual({ basic: 1, mode: 2, component: 3, electrical: 4, economics: 5, report3d: 6, load: 7 });
    expect(STEPS.map((s) => s.name)).toEqual(['settingBasic', 'settingLoad', 'settingMode', 'settingComponent', 'settingElectrical', 'settingEconomics', 'report3d']);
  });

  it('maps paths to steps (3dMode is the building step) and keeps the query on step urls', () => {
    expect(stepFromPath('component')).toBe('components');
    expect(stepFromPath('3dMode')).toBe('building');
    expect(stepFromPath('nope')).toBeNull();
    expect(stepUrl('economics', { id: '8', from: 'list', pFrom: null, reOrAiom: 'LITE-RE' })).toBe('/setting/economics?id=8&from=list&reOrAiom=LITE-RE');
    expect(stepUrl('information', {})).toBe('/setting/basic');
  });

  it('sends the home button to the enterprise project list with an enterprise id, else homeLite, keeping from', () => {
    expect(homeUrl('12', null)).toBe('/enterprise/projectList');
    expect(homeUrl(null, 'aiom')).toBe('/home/liteList?from=aiom');
  });
});

describe('licence permissions', () => {
  const now = Date.parse('2025-06-01T00:00:00Z');
  it('are on for a permanent licence or one not expired', () => {
    expect(hasLicense({ PVSTUDIO_LITE_licensePermanent: true, PVSTUDIO_LITE_licenseExpired: true }, 'LITE', now)).toBe(true);
    expect(hasLicense({ PVSTUDIO_LITE_licensePermanent: false, PVSTUDIO_LITE_licenseExpired: false, PVSTUDIO_LITE_expiredDate: '2025-07-01T00:00:00Z' }, 'LITE', now)).toBe(true);
    expect(hasLicense({ PVSTUDIO_LITE_licensePermanent: false, PVSTUDIO_LITE_licenseExpired: true }, 'LITE', now)).toBe(false);
  });

  it('are off without a licence, and when the stored expiry date has passed', () => {
    expect(hasLicense({}, 'AIOM', now)).toBe(false);
    expect(hasLicense({ PVSTUDIO_AIOM_licensePermanent: false, PVSTUDIO_AIOM_licenseExpired: false, PVSTUDIO_AIOM_expiredDate: '2025-05-31T23:59:59Z' }, 'AIOM', now)).toBe(false);
  });

  it('read lite and aiom separately', () => {
    expect(permissionsOf({ PVSTUDIO_LITE_licensePermanent: true, PVSTUDIO_AIOM_licenseExpired: true }, now)).toEqual({ lite: true, aiom: false });
  });
});
