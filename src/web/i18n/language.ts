// The interface language (spec 001 §1): Chinese by default, English available, kept in local
// storage under `language`.
import type { KeyValueStore } from '../session/storage.ts';

export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';
export const LANGUAGE_KEY = 'language';

/** The stored language, or Chinese when none (or an unknown value) is stored. */
export function storedLanguage(store: KeyValueStore): Language {
  const v = store.getItem(LANGUAGE_KEY);
  return v === 'en' || v === 'zh' ? v : DEFAULT_LANGUAGE;
}

export function saveLanguage(store: KeyValueStore, lang: Language): void {
  store.setItem(LANGUAGE_KEY, lang);
}
