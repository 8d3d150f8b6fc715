import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { language, type Language } from '../i18n/index.js';
import type { GameId } from '../phrasebook/index.js';
import type { RulesContent } from './en.js';

/**
 * The rules texts are most of the app's words and few pages show them: each language's module
 * is loaded the first time a page asks for it, not with the app.
 */
const LOADERS: Record<Language, () => Promise<RulesContent>> = {
  en: () => import('./en.js').then((m) => m.rulesEn),
  de: () => import('./de.js').then((m) => m.rulesDe),
};
const loaded = signal<Partial<Record<Language, RulesContent>>>({});
const asked = new Set<Language>();

function load(lang: Language): void {
  if (asked.has(lang)) return;
  asked.add(lang);
  LOADERS[lang]().then(
    (content) => (loaded.value = { ...loaded.value, [lang]: content }),
    () => asked.delete(lang), // offline: the next page that asks tries again
  );
}

/** The rules texts in the page's language, or null while they load. */
export function useRules(): RulesContent | null {
  const lang = language.value;
  useEffect(() => load(lang), [lang]);
  return loaded.value[lang] ?? null;
}

/** What a rule option does (option names are dotted, as GET /games gives them), once the texts are there. */
export function optionHelp(rules: RulesContent | null, game: GameId, option: string): string | null {
  const texts: Record<string, string> | undefined = rules?.options[game];
  return texts?.[option.replaceAll('.', '_')] ?? null;
}
