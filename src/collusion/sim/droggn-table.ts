import { droggn, DECK, type DroggnState } from '../../engine/droggn/index.js';
import { defaultOptions } from '../../engine/droggn/options.js';
import { playBotHand } from './bot-hand.js';
import { droggnColludingBot, droggnHonestBot } from './droggn-bots.js';
import { strongHonestBot } from './strong-honest.js';
import type { TableGame } from './table-game.js';

/**
 * Droggn with the default rules at tables of three, or of four where the dealer sits out each
 * hand (docs/rules/droggn.md). The next dealer follows the engine's session rules (docs/rules/droggn.md#deal): the declarer
 * deals next; after an all-pass or thrown-in deal the same dealer deals again.
 */
export function droggnTable(players: 3 | 4 = 3): TableGame<'droggn', DroggnState> {
  const options = defaultOptions({ players });
  const rules = { players, stake: options.stake };
  const between = (dealer: number) => ({
    dealer,
    paper: new Array<number>(players).fill(0),
    endPending: false,
    handsLeft: null,
    over: false,
  });
  return {
    game: 'droggn',
    seats: players,
    deck: DECK,
    play: (deck, dealer, bots, rng) => playBotHand(droggn, { game: 'droggn', options, rules, source: { deck }, dealer }, bots, rng),
    honestBot: droggnHonestBot,
    strongHonestBot: (habit, dealer, budget) => strongHonestBot(droggn, options, dealer, habit, budget),
    colludingBot: droggnColludingBot,
    scores: (final) => droggn.result(final)?.scores ?? [],
    nextDealer: (final, dealer) => droggn.session.afterHand(options, between(dealer), final).next?.dealer ?? dealer,
  };
}
