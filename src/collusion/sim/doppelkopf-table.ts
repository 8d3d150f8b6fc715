import { doppelkopf, type DokoSession, type DokoState } from '../../engine/doppelkopf/index.js';
import { defaultOptions } from '../../engine/doppelkopf/options.js';
import { dokoDeck } from '../../engine/doppelkopf/cards.js';
import { left } from '../../engine/core/seats.js';
import { playOut, type Action, type HandRecord, type HandSetup } from '../../engine/index.js';
import { dokoColludingBot, dokoHonestBot, dokoStrongHonestBot } from './doppelkopf-bots.js';
import type { TableGame } from './table-game.js';

/** A Doppelkopf table between hands: the tournament list's session and the next hand's setup. */
export interface DokoDeal {
  session: DokoSession;
  setup: HandSetup;
}

/**
 * Doppelkopf at tables of four in tournament list play (docs/rules/doppelkopf.md#sessions): 20
 * counted deals, and every player's compulsory solo (Pflichtsolo) — declared by the player when
 * he chooses, else forced in a Vorführung at the end. The engine's session rules pass the deal
 * and carry the compulsory solos played; a finished list starts the next one. The other rules
 * are the defaults (docs/rules/doppelkopf.md).
 */
export function doppelkopfTable(): TableGame<'doppelkopf', DokoState, DokoDeal> {
  const options = defaultOptions({ mode: 'tournament' });
  const rules = { mode: 'tournament' };
  const begin = (dealer: number): DokoDeal => {
    const step = doppelkopf.session.start(options, dealer);
    return { session: step.session, setup: step.next! };
  };
  return {
    game: 'doppelkopf',
    seats: 4,
    deck: dokoDeck(48),
    firstDeal: begin,
    play: (deck, at, bots, rng) => {
      const history: Action[] = [];
      const choose = (state: DokoState, seats: readonly number[]): Action => {
        const seat = seats[0]!;
        const action = bots[seat]!(state, seat, rng, history);
        history.push(action);
        return action;
      };
      const { actions, final } = playOut(doppelkopf, { options, source: { deck }, setup: at.setup }, choose);
      const context = at.setup.context ? { context: at.setup.context } : {};
      const record: HandRecord<'doppelkopf'> = { game: 'doppelkopf', rules, dealer: at.setup.dealer, ...context, deck, actions };
      return { record, final };
    },
    honestBot: dokoHonestBot,
    strongHonestBot: (habit, at, budget) => dokoStrongHonestBot(options, at.setup, habit, budget),
    colludingBot: dokoColludingBot,
    scores: (final) => doppelkopf.result(final)?.scores ?? [],
    nextDealer: (final, at) => {
      const step = doppelkopf.session.afterHand(options, at.session, final);
      return step.next ? { session: step.session, setup: step.next } : begin(left(at.setup.dealer, 4));
    },
  };
}
