import { roman } from '../cards/roman.js';
import { t, tOptional } from '../i18n/index.js';

export type GameId = 'dobbm' | 'droggn' | 'doppelkopf';

/** A card's name in the page's language, from its code (`HS`, `CQ`, `T21`, `GS`). */
export function cardName(game: GameId, code: string): string {
  const suit = code[0]!;
  const rank = code.slice(1);
  if (game === 'dobbm') {
    if (code === 'B6') return t('cards.german.weli');
    return t('cards.german.card', { suit: word(`cards.german.suit.${suit}`, suit), rank: word(`cards.german.rank.${rank}`, rank) });
  }
  if (game === 'droggn') {
    if (code === 'GS') return t('cards.tarock.gstiess');
    if (code === 'T1') return t('cards.tarock.pagat');
    if (code === 'T21') return t('cards.tarock.mond');
    if (suit === 'T') return t('cards.tarock.trump', { n: roman(Number(rank)) });
  }
  return t('cards.french.card', { suit: word(`cards.french.suit.${suit}`, suit), rank: word(`cards.french.rank.${rank}`, rank) });
}

/** Several cards, as a list in words. */
export const cardNames = (game: GameId, codes: readonly string[]): string => codes.map((c) => cardName(game, c)).join(', ');

/** A pip card's rank is its number: only the named ranks are in the catalogue. */
const word = (key: string, fallback: string): string => tOptional(key) ?? fallback;
