import { language } from '../i18n/index.js';
import type { GameId } from '../phrasebook/index.js';
import { rulesDe } from './de.js';
import { rulesEn, type RulesContent } from './en.js';

const CONTENT: Record<'de' | 'en', RulesContent> = { de: rulesDe, en: rulesEn };

/** A game's rules for players, in the page's language. */
export const gameRules = (game: GameId): RulesContent[GameId] => CONTENT[language.value][game];

/** What a rule option does, in the page's language (option names are dotted, as GET /games gives them). */
export function optionHelp(game: GameId, option: string): string | null {
  const texts: Record<string, string> = CONTENT[language.value].options[game];
  return texts[option.replaceAll('.', '_')] ?? null;
}
