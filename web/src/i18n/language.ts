export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const isLanguage = (l: string | null): l is Language => (LANGUAGES as readonly string[]).includes(l ?? '');

/** The remembered choice, else the first of the browser's languages we speak, else German (the games' own). */
export function chooseLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (isLanguage(base)) return base;
  }
  return 'de';
}
