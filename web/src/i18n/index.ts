import { signal } from '@preact/signals';
import i18next from 'i18next';
import { de } from './de.js';
import { en, type Catalogue } from './en.js';
import { chooseLanguage, type Language } from './language.js';
import { numberIn, probabilityIn } from './numbers.js';

/** Every key of a catalogue, dotted; plural forms (`_one`, `_other`) by their base key. */
type Keys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K extends `${infer B}_${'one' | 'other'}` ? B : K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Keys<Catalogue>;
type Values = Record<string, string | number>;

const KEY = 'kartentisch.language';
const stored = (() => {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
})();

/** The page's language: remembered once switched, else the browser's first German or English choice. */
export const language = signal<Language>(chooseLanguage(stored, navigator.languages ?? [navigator.language]));

const i18n = i18next.createInstance();
void i18n.init({
  resources: { de: { translation: de }, en: { translation: en } },
  lng: language.value,
  fallbackLng: false,
  initAsync: false,
  // Preact escapes text itself; names are never markup.
  interpolation: { escapeValue: false },
});

const applyLanguage = (lang: Language): void => {
  document.documentElement.lang = lang;
  document.title = t('app.title');
};

/** A message of the current language (reading the signal makes the component follow a switch). */
export function t(key: MessageKey, values?: Values): string {
  return i18n.t(key, { lng: language.value, ...values });
}

/** A message whose key is built from a code (a phase, a contract, a refusal): `null` if the catalogue has none. */
export function tOptional(key: string, values?: Values): string | null {
  const lng = language.value;
  return i18n.exists(key, { lng }) ? i18n.t(key, { lng, ...values }) : null;
}

export function switchLanguage(lang: Language): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    /* private mode: the switch holds for this page only */
  }
  language.value = lang;
  applyLanguage(lang);
}

applyLanguage(language.value);

/** The one number format: the language's digits, two decimals where a value has hundredths (or always, for a column of them). */
export const formatNumber = (n: number, opts: { sign?: boolean; hundredths?: boolean } = {}): string => numberIn(language.value, n, opts);

/** A moment as the reader's language writes a date and time ("05.12.2026, 10:42"). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleString(language.value, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A probability in the reader's digits, to three decimals; below a thousandth "< 0,001". */
export const formatProbability = (p: number): string => probabilityIn(language.value, p);

/** Names joined as the reader's language joins them ("Resi, Sepp und Toni"). */
export const formatList = (items: string[]): string => new Intl.ListFormat(language.value, { type: 'conjunction' }).format(items);

export type { Language };
