import type { GameId } from '../cards/index.js';
import { cardName } from '../cards/index.js';

/** An action as the view lists it (`legalActions`), without the seat, which the token names. */
export type Action = { type: string } & Record<string, unknown>;

/** `legalActions` sorted by the control that offers each: a card to click, cards to select, or a button. */
export interface Offer {
  plays: Set<string>;
  /** Actions naming several cards (discards, poverty): chosen by selecting exactly one listed set. */
  selections: { type: string; size: number; options: string[][] }[];
  /** Buying in Droggn: a card to ask for and one of one's own to give. */
  buys: { card: string; give: string }[];
  buttons: Action[];
}

export function offerOf(legal: readonly Record<string, unknown>[] | undefined): Offer {
  const offer: Offer = { plays: new Set(), selections: [], buys: [], buttons: [] };
  for (const raw of legal ?? []) {
    const { seat: _seat, ...action } = raw as Action & { seat?: number };
    if (action.type === 'play' && typeof action.card === 'string') offer.plays.add(action.card);
    else if (Array.isArray(action.cards)) {
      const cards = action.cards as string[];
      let group = offer.selections.find((s) => s.type === action.type && s.size === cards.length);
      if (!group) offer.selections.push((group = { type: action.type, size: cards.length, options: [] }));
      group.options.push(cards);
    } else if (action.type === 'buy' && typeof action.card === 'string' && typeof action.give === 'string')
      offer.buys.push({ card: action.card, give: action.give });
    else offer.buttons.push(action as Action);
  }
  return offer;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
/** The listed option the selection names, if any (Doppelkopf's twin cards make it a multiset). */
export const matching = (options: string[][], selected: readonly string[]) => options.find((o) => sameSet(o, selected)) ?? null;

const WORDS: Record<string, string> = {
  pass: 'Pass (weiter)',
  dobbm: 'Dobbm',
  solo: 'Solo',
  ansager: 'Ansager',
  super: 'Super',
  supermord: 'Super Mord',
  gut: 'Gut (no more doubling)',
  schwacher: 'Schwacher (double)',
  retour: 'Retour (redouble)',
  gesund: 'Gesund (healthy)',
  vorbehalt: 'Vorbehalt (reservation)',
  throwin: 'Throw in',
  hochzeit: 'Hochzeit (wedding)',
  armut: 'Armut (poverty)',
  'solo-d': 'Diamonds solo',
  'solo-h': 'Hearts solo',
  'solo-s': 'Spades solo',
  'solo-c': 'Clubs solo',
  'solo-q': 'Queen solo',
  'solo-j': 'Jack solo',
  'solo-f': 'Fleshless solo',
  re: 'Re',
  kontra: 'Kontra',
  no90: 'No 90',
  no60: 'No 60',
  no30: 'No 30',
  schwarz: 'Schwarz',
};
const word = (w: unknown) => WORDS[String(w)] ?? String(w);

/** What a button says, from the action's own fields. */
export function labelOf(game: GameId, a: Action): string {
  switch (a.type) {
    case 'bid':
      return word(a.bid);
    case 'double':
      return word(a.call);
    case 'reservation':
      return word(a.call);
    case 'contract':
      return `${word(a.contract)}${a.wedding ? ` — partner: ${String(a.wedding)}` : ''}`;
    case 'announce':
      return `Announce ${word(a.level)}`;
    case 'ready':
      return a.layout ? `Ich liege — lay out ${cardName(game, String(a.layout))}` : 'Ich liege (ready)';
    case 'layout':
      return a.card ? `Lay out ${cardName(game, String(a.card))}` : 'Lay out nothing';
    case 'buy':
      return 'Do not buy';
    case 'poverty-answer':
      return a.accept ? 'Take the poverty' : 'Refuse the poverty';
    case 'piglets':
      return 'Piglets (Schweinchen)';
    case 'superpiglets':
      return 'Superpiglets';
    default: {
      const { type, ...rest } = a;
      const args = Object.values(rest).map(String).join(' ');
      return args ? `${type} ${args}` : type;
    }
  }
}

const SELECTION_WORDS: Record<string, string> = { discard: 'Discard', poverty: 'Pass as poverty', 'poverty-return': 'Give back' };
export const selectionLabel = (type: string, size: number) => `${SELECTION_WORDS[type] ?? type} (${size} cards)`;
