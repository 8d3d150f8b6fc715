import { droggn, DECK, type DroggnState } from '../../engine/droggn/index.js';
import { defaultOptions } from '../../engine/droggn/options.js';
import { droggnSession } from '../../engine/droggn/session.js';
import { playDroggnHand } from '../droggn/play-hand.js';
import { droggnColludingBot, droggnHonestBot } from './droggn-bots.js';
import type { TableGame } from './table-game.js';

/**
 * Three-player Droggn with the default rules (RULES.md §3: with three nobody sits out). The next
 * dealer follows the engine's session rules (§3.4): the declarer deals next; after an all-pass
 * or thrown-in deal the same dealer deals again.
 */
export function droggnTable(): TableGame<'droggn', DroggnState> {
  const options = defaultOptions({ players: 3 });
  const rules = { players: 3, stake: options.stake };
  const between = (dealer: number) => ({ dealer, paper: [0, 0, 0], endPending: false, handsLeft: null, over: false });
  return {
    game: 'droggn',
    seats: 3,
    deck: DECK,
    play: (deck, dealer, bots, rng) => playDroggnHand(options, rules, { deck }, dealer, bots, rng),
    honestBot: droggnHonestBot,
    colludingBot: droggnColludingBot,
    scores: (final) => droggn.result(final)?.scores ?? [],
    nextDealer: (final, dealer) => droggnSession.afterHand(options, between(dealer), final).next?.dealer ?? dealer,
  };
}
