import { strength as dobbmStrength } from '../../../src/engine/dobbm/cards.js';
import { trumpsOf, type ContractKind } from '../../../src/engine/doppelkopf/cards.js';
import { rankValue } from '../../../src/engine/droggn/cards.js';
import type { GameId } from '../cards/index.js';

/** Doppelkopf's plain suits in the order players hold them: the colours alternate. */
const DOKO_SUITS = ['C', 'H', 'S', 'D'];
/** Droggn's suits, colours alternating too. */
const DROGGN_SUITS = ['S', 'H', 'C', 'D'];
/** Dobbm: hearts are always trumps. */
const DOBBM_SUITS = ['H', 'A', 'L', 'B'];
const DOKO_RANKS = ['A', '10', 'K', 'Q', 'J', '9'];

/**
 * A hand as players hold it: the trumps of the contract in play, highest first, then each suit
 * highest first. Doppelkopf's trumps change with a solo, so its order is the engine's trump
 * table for the contract shown (a normal game's before one is declared).
 */
export function sortHand(game: GameId, cards: readonly string[], contract: unknown): string[] {
  return [...cards].sort((a, b) => keyOf(game, contract)(a) - keyOf(game, contract)(b));
}

function keyOf(game: GameId, contract: unknown): (card: string) => number {
  if (game === 'dobbm') return (c) => DOBBM_SUITS.indexOf(c[0]!) * 100 - dobbmStrength(c);
  if (game === 'droggn')
    return (c) => (c === 'GS' ? -1000 : c[0] === 'T' ? -rankValue(c) : 100 + DROGGN_SUITS.indexOf(c[0]!) * 100 - rankValue(c));
  const trumps = trumpsOf(dokoContract(contract), 48);
  return (c) => {
    const t = trumps.indexOf(c);
    return t >= 0 ? t : 100 + DOKO_SUITS.indexOf(c[0]!) * 100 + DOKO_RANKS.indexOf(c.slice(1));
  };
}

const DOKO_CONTRACTS: readonly string[] = ['solo-d', 'solo-h', 'solo-s', 'solo-c', 'solo-q', 'solo-j', 'solo-f'];
/** A solo's own trumps; every other contract (normal, wedding, poverty, silent solo) has the normal ones. */
const dokoContract = (contract: unknown): ContractKind =>
  DOKO_CONTRACTS.includes(String(contract)) ? (contract as ContractKind) : 'normal';
