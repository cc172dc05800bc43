// i18next with the two complete catalogues (zh default, en). Every user-facing string of the app goes
// through `t`. tests/unit/web/i18n.test.ts fails on a key missing from either catalogue or used in code
// but absent.
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { browserStore } from '../session/storage.ts';
import { en } from './en/index.ts';
import { saveLanguage, storedLanguage, type Language } from './language.ts';
import { zh } from './zh/index.ts';

export type Catalogue = typeof zh;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalogue };
  }
}

/** A key of the catalogue ('auth.login.title' …). */
export type MessageKey = ParseKeys;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en } },
  lng: storedLanguage(browserStore()),
  fallbackLng: false,
  supportedLngs: ['zh', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'zh';
}

/** Switches the language and keeps it in local storage. */
export async function changeLanguage(lang: Language): Promise<void> {
  saveLanguage(browserStore(), lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  await i18n.changeLanguage(lang);
}
