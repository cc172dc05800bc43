// Both catalogues complete (docs/PRODUCT.md "Language": every string through i18next, both catalogues
// complete; a test fails on a missing key): the same keys in zh and en, no empty text, the same
// {{placeholders}}, and every key the web app's code names exists. Also the language default and its
// storage key (spec 001 §1).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/web/i18n/en/index.ts';
import { i18n } from '../../../src/web/i18n/index.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY, storedLanguage } from '../../../src/web/i18n/language.ts';
import { zh } from '../../../src/web/i18n/zh/index.ts';

const WEB = fileURLToPath(new URL('../../../src/web/', import.meta.url));
/** i18next plural suffixes: `days_one` and `days_other` are the key `days`. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every leaf of a catalogue as 'a.b.c' → text. */
function leaves(obj: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const zhKeys = leaves(zh);
const enKeys = leaves(en);
/** Keys as code names them (plural suffixes removed). */
const usable = new Set([...zhKeys.keys()].map((k) => k.replace(PLURAL, '')));

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
}

/** The app's source files. */
function sources(dir: string = WEB): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'i18n') out.push(...sources(p));
    } else if (/\.(ts|tsx)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The top-level namespaces of the catalogue ('auth', 'home' …). */
const NAMESPACES = Object.keys(zh).join('|');

describe('catalogues', () => {
  it('have exactly the same keys in Chinese and English', () => {
    const missingInEn = [...zhKeys.keys()].filter((k) => !enKeys.has(k));
    const missingInZh = [...enKeys.keys()].filter((k) => !zhKeys.has(k));
    expect(missingInEn, 'keys missing from en').toEqual([]);
    expect(missingInZh, 'keys missing from zh').toEqual([]);
    expect(zhKeys.size).toBeGreaterThan(250);
  });

  it('have no empty text and the same {{placeholders}} in both languages', () => {
    for (const [k, text] of zhKeys) {
      expect(text.trim(), `zh ${k}`).not.toBe('');
      expect(enKeys.get(k)?.trim(), `en ${k}`).not.toBe('');
      expect(placeholders(enKeys.get(k) ?? ''), `placeholders of ${k}`).toEqual(placeholders(text));
    }
  });

  it('carry the spec texts verbatim', () => {
    // spec 000 §2 Header, §5, §8; spec 001 §5
    expect(zh.header.logoutConfirm).toBe('确认要退出当前登录吗？');
    expect(en.errors.loggedOut).toBe('You have been logged out. Please log in again');
    expect(en.errors.busy).toBe('The system is busy, please try again later');
    expect(en.validation.required).toBe('This field is required');
    expect(en.validation.lonLat).toBe('The latitude and longitude format is incorrect');
    expect(en.home.compare.atLeast).toBe('Please select at least 2 projects for comparison!');
    expect(en.home.compare.atMost).toBe('Choose up to 3 items!');
    expect(en.validation.passwordMismatch).toBe('The two entered passwords are inconsistent, please re-enter!');
    expect(en.guard.expired).toBe('Your account has expired');
  });
});

describe('keys used in code', () => {
  const files = sources();

  it('scans the app (pages, layouts, hooks, components)', () => {
    expect(files.some((f) => f.endsWith('LoginPage.tsx'))).toBe(true);
    expect(files.length).toBeGreaterThan(60);
  });

  it('every literal key exists in the catalogue', () => {
    const literal = new RegExp(`['"\`]((?:${NAMESPACES})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');
    const missing: string[] = [];
    // machine event names ('project.loaded') look like keys: they are declared as `type: '…'`
    const events = new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/type: '(\w+\.\w+)'/g)].map((m) => m[1])));
    expect(events.has('project.loaded')).toBe(true);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(literal)) {
        const key = m[1];
        // file and module names ('home.ts') are not keys
        if (/\.(ts|tsx|css)$/.test(key) || events.has(key)) continue;
        if (!usable.has(key)) missing.push(`${key} (${f.slice(WEB.length)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every template key (`project.type.${v}`) matches at least one key, and each of its values exists', () => {
    const template = new RegExp(`\`((?:${NAMESPACES})\\.[A-Za-z0-9_.]*\\$\\{[^}]+\\}[A-Za-z0-9_.]*)\``, 'g');
    const found: string[] = [];
    for (const f of files) {
      for (const m of readFileSync(f, 'utf8').matchAll(template)) {
        const pattern = new RegExp('^' + m[1].replace(/\./g, '\\.').replace(/\$\{[^}]+\}/g, '[^.]+') + '$');
        found.push(m[1]);
        expect([...usable].some((k) => pattern.test(k)), `${m[1]} in ${f.slice(WEB.length)}`).toBe(true);
      }
    }
    expect(found.length).toBeGreaterThan(3);
    // the values those templates take (the shared enums) all have texts
    for (const v of ['COMMERCIAL', 'RESIDENTIAL']) expect(usable.has(`project.type.${v}`)).toBe(true);
    for (const v of ['SATELLITE', 'DRONE']) expect(usable.has(`project.survey.${v}`)).toBe(true);
    for (const v of [1, 2, 3]) expect(usable.has(`project.mode.${v}`)).toBe(true);
    for (const v of ['auto', 'station', 'file', 'pvgis', 'estimate']) expect(usable.has(`weather.choice.${v}`)).toBe(true);
    for (const v of ['HIGH', 'LOW']) expect(usable.has(`home.new.grid.${v}`)).toBe(true);
  });
});

describe('language', () => {
  it('defaults to Chinese and reads the choice from local storage `language`', () => {
    const store = new Map<string, string>();
    const kv = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    expect(LANGUAGE_KEY).toBe('language');
    expect(DEFAULT_LANGUAGE).toBe('zh');
    expect(storedLanguage(kv)).toBe('zh');
    store.set('language', 'en');
    expect(storedLanguage(kv)).toBe('en');
    store.set('language', 'fr');
    expect(storedLanguage(kv)).toBe('zh');
  });

  it('translates plurals and placeholders in both languages', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('home.share.days', { count: 1 })).toBe('1 day');
    expect(i18n.t('home.share.days', { count: 30 })).toBe('30 days');
    expect(i18n.t('auth.code.resendIn', { seconds: 42 })).toBe('Again in 42 s');
    await i18n.changeLanguage('zh');
    expect(i18n.t('home.share.days', { count: 7 })).toBe('7 天');
    expect(i18n.t('header.logoutConfirm')).toBe('确认要退出当前登录吗？');
  });
});
