// The enterprise session in local storage and what entering /enterprise does (spec 000 §3 keys, §6
// "Enterprise mode is flagged by isEnterprise", §2 "home button: the enterprise project list when an
// enterprise id is present"; spec 001 §2 /enterprise/selectEnterprise, §6 the personal user's message;
// docs/ENTERPRISE.md): what a choice stores, what leaving clears, and the guard's decision from the
// user's organisations.
import { describe, expect, it } from 'vitest';
import { homeUrl } from '../../../src/web/app/paths.ts';
import { requestHeaders } from '../../../src/web/api/http.ts';
import { afterChoiceUrl, enterpriseEntry, isEnterprisePath, leaveEnterprise, markPersonal, saveEnterpriseSession, storedEnterpriseId } from '../../../src/web/session/enterprise.ts';
import { readSession } from '../../../src/web/session/session.ts';
import { saveUserInfo, type KeyValueStore } from '../../../src/web/session/storage.ts';
import type { UserInfo } from '../../../src/model/api/auth.ts';

function memoryStore(init: Record<string, string> = {}): KeyValueStore & { map: Map<string, string> } {
  const map = new Map(Object.entries(init));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const CHOSEN = { enterpriseId: 7, enterpriseUserId: 31, enterpriseUrl: '/enterprise/home', isAdministrator: true };

describe('the enterprise keys', () => {
  it('a choice stores enterpriseId, enterpriseUserId, enterpriseUrl, isEnterprise and isAdministrator; calls then carry the organisation', () => {
    const s = memoryStore({ token: 't' });
    saveEnterpriseSession(s, CHOSEN);
    expect(Object.fromEntries(s.map)).toEqual({ token: 't', enterpriseId: '7', enterpriseUserId: '31', enterpriseUrl: '/enterprise/home', isEnterprise: 'true', isAdministrator: 'true' });
    expect(readSession(s)).toMatchObject({ isEnterprise: true, isAdministrator: true, enterpriseId: '7' });
    expect(requestHeaders(s, 'zh')).toMatchObject({ isEnterprise: 'true', enterpriseId: '7' });
    // enterprise mode: the header's home button goes to the enterprise project list
    expect(homeUrl(readSession(s).enterpriseId, null)).toBe('/enterprise/projectList');
  });

  it('the personal edition clears the choice but keeps isEnterprise (switch organisation stays in the menu)', () => {
    const s = memoryStore();
    saveEnterpriseSession(s, CHOSEN);
    leaveEnterprise(s);
    expect(readSession(s)).toMatchObject({ isEnterprise: true, isAdministrator: false, enterpriseId: null });
    expect(s.map.has('enterpriseUserId') || s.map.has('enterpriseUrl')).toBe(false);
    expect(homeUrl(readSession(s).enterpriseId, null)).toBe('/home/liteList');
    expect(requestHeaders(s, 'en').enterpriseId).toBeUndefined();
  });

  it('a user of no organisation has no enterprise key and isEnterprise false', () => {
    const s = memoryStore();
    saveEnterpriseSession(s, CHOSEN);
    markPersonal(s);
    expect(readSession(s)).toMatchObject({ isEnterprise: false, isAdministrator: false, enterpriseId: null });
    expect(requestHeaders(s, 'en').isEnterprise).toBeUndefined();
  });

  it('reloading the user detail (which knows no organisation) keeps the chosen one and its role', () => {
    const s = memoryStore();
    saveEnterpriseSession(s, CHOSEN);
    saveUserInfo(s, { isEnableBackend: true, isEnterprise: false, isAdministrator: false, enterpriseId: null } as UserInfo, {});
    expect(readSession(s)).toMatchObject({ isEnterprise: true, isAdministrator: true, enterpriseId: '7' });
  });

  it('reads the stored organisation only as a positive whole number', () => {
    expect(storedEnterpriseId(memoryStore({ enterpriseId: '12' }))).toBe(12);
    for (const bad of ['', 'null', '0', '-3', '1.5', 'x']) expect(storedEnterpriseId(memoryStore({ enterpriseId: bad })), bad).toBeNull();
    expect(storedEnterpriseId(memoryStore())).toBeNull();
  });
});

describe('entering /enterprise', () => {
  const one = { isEnterprise: true, list: [{ enterpriseId: 7, isAdministrator: false }] };
  const two = { isEnterprise: true, list: [{ enterpriseId: 7, isAdministrator: false }, { enterpriseId: 9, isAdministrator: true }] };

  it('knows the enterprise paths', () => {
    for (const p of ['/enterprise', '/enterprise/home', '/enterprise/projectList', '/enterprise/selectEnterprise']) expect(isEnterprisePath(p), p).toBe(true);
    for (const p of ['/enterprises', '/home/list', '/setting/basic']) expect(isEnterprisePath(p), p).toBe(false);
  });

  it('a user of no organisation gets the personal message, on every enterprise page', () => {
    expect(enterpriseEntry({ isEnterprise: false, list: [] }, null, '/enterprise/home', '/enterprise/home')).toEqual({ kind: 'personal' });
    expect(enterpriseEntry({ isEnterprise: false, list: [] }, 7, '/enterprise/selectEnterprise', '/enterprise/selectEnterprise')).toEqual({ kind: 'personal' });
  });

  it('keeps a stored organisation of the user, with the role the server gives now', () => {
    expect(enterpriseEntry(two, 9, '/enterprise/personList', '/enterprise/personList')).toEqual({ kind: 'keep', isAdministrator: true });
    expect(enterpriseEntry(two, 7, '/enterprise/home', '/enterprise/home')).toEqual({ kind: 'keep', isAdministrator: false });
  });

  it('chooses the only organisation; with several, sends to the chooser and back', () => {
    expect(enterpriseEntry(one, null, '/enterprise/home', '/enterprise/home')).toEqual({ kind: 'switch', enterpriseId: 7 });
    // an organisation the user has left counts as none
    expect(enterpriseEntry(one, 4, '/enterprise/home', '/enterprise/home')).toEqual({ kind: 'switch', enterpriseId: 7 });
    expect(enterpriseEntry(two, null, '/enterprise/deviceList', '/enterprise/deviceList?tab=1')).toEqual({
      kind: 'choose',
      to: '/enterprise/selectEnterprise?redirect=%2Fenterprise%2FdeviceList%3Ftab%3D1',
    });
    expect(enterpriseEntry(two, null, '/enterprise/selectEnterprise', '/enterprise/selectEnterprise')).toEqual({ kind: 'chooser' });
  });

  it('after a choice goes back to the enterprise page asked for, else the organisation home', () => {
    expect(afterChoiceUrl('?redirect=%2Fenterprise%2FdeviceList%3Ftab%3D1', '/enterprise/home')).toBe('/enterprise/deviceList?tab=1');
    expect(afterChoiceUrl('', '/enterprise/home')).toBe('/enterprise/home');
    // never outside the enterprise area, never back to the chooser
    expect(afterChoiceUrl('?redirect=%2F%2Fevil.example', '/enterprise/projectList')).toBe('/enterprise/projectList');
    expect(afterChoiceUrl('?redirect=%2Fhome%2Flist', '/enterprise/home')).toBe('/enterprise/home');
    expect(afterChoiceUrl('?redirect=%2Fenterprise%2FselectEnterprise', '/enterprise/home')).toBe('/enterprise/home');
  });
});
