import { defaultOptions, dobbm, DOBBM_DECK, type DobbmState } from '../../engine/dobbm/index.js';
import { playBotHand } from './bot-hand.js';
import { colludingBot, honestBot } from './dobbm-bots.js';
import { strongHonestBot } from './strong-honest.js';
import type { TableGame } from './table-game.js';

/** Four-player Dobbm with the default rules; the declarer deals next (an all-pass deal: the same dealer again). */
export function dobbmTable(): TableGame<'dobbm', DobbmState> {
  const options = defaultOptions();
  const rules = { players: 4, stake: options.stake };
  return {
    game: 'dobbm',
    seats: 4,
    deck: DOBBM_DECK,
    play: (deck, dealer, bots, rng) => playBotHand(dobbm, { game: 'dobbm', options, rules, source: { deck }, dealer }, bots, rng),
    honestBot,
    strongHonestBot: (habit, dealer, budget) => strongHonestBot(dobbm, options, dealer, habit, budget),
    colludingBot,
    scores: (final) => dobbm.result(final)?.scores ?? [],
    nextDealer: (final, dealer) => final.declarer ?? dealer,
  };
}
