import { shuffled } from '../sampling.js';
import type { Rng } from '../../engine/core/rng.js';
import type { Card } from '../../engine/core/types.js';
import { DECK, droggn, heuristicBot, type DroggnOptions, type DroggnState } from '../../engine/droggn/index.js';
import { defaultOptions } from '../../engine/droggn/options.js';
import { piles } from '../../engine/droggn/scoring.js';
import { legalCards } from '../../engine/droggn/play.js';
import { FACE, cardIndex } from './cards.js';
import type { DroggnPosition } from './solver.js';

/** Solver positions: 0 = declarer, then the defenders in the order of play (clockwise). */
export function positionSeats(s: DroggnState): number[] {
  const i = s.active.indexOf(s.declarer!);
  return [0, 1, 2].map((k) => s.active[(i + k) % 3]!);
}

const faceOf = (cards: readonly Card[]): number => cards.reduce((a, c) => a + FACE[cardIndex(c)]!, 0);

/**
 * The solver position of a play-phase state at a trick boundary. `deal` replaces the hands
 * (per solver position) and the declarer's hidden pile (discard or talon) — a sampled deal.
 */
export function toPosition(s: DroggnState, deal?: { hands: readonly (readonly Card[])[]; pile: readonly Card[] }): DroggnPosition {
  if (s.trick.length > 0) throw new Error('positions inside a trick are not solved');
  const seats = positionSeats(s);
  const p = piles(s);
  const trickCards = (side: 'declarer' | 'defenders'): Card[] =>
    side === 'declarer'
      ? p.declarer.slice(
          0,
          p.declarer.length - (s.contract === 'ansager' || s.contract === 'solo' ? (s.discard ?? []).length : s.talon.length),
        )
      : p.defenders;
  const ownPile = deal ? deal.pile : s.contract === 'ansager' || s.contract === 'solo' ? (s.discard ?? []) : s.talon;
  const dec = [...trickCards('declarer'), ...ownPile];
  const def = p.defenders;
  const laid = s.layouts.find((l) => l.card === 'T1');
  return {
    hands: seats.map((seat, k) => (deal ? deal.hands[k]! : s.hands[seat]!).map(cardIndex)),
    leader: s.phase === 'play' ? seats.indexOf(s.trickLeader) : 0,
    declarerFace: faceOf(dec),
    declarerCards: dec.length,
    defenderFace: faceOf(def),
    defenderCards: def.length,
    pagatLaidOutBy: laid ? seats.indexOf(laid.seat) : -1,
  };
}

export { shuffled };

function step(s: DroggnState, action: ReturnType<ReturnType<typeof heuristicBot>>): DroggnState {
  const next = droggn.apply(s, action);
  if (!next.ok) throw new Error(`${next.rejection.code}: ${next.rejection.message}`);
  return next.state;
}

/**
 * A random deal taken to the first trick by the heuristic bot (bidding, exchange, buying,
 * laying out, doubling), then `tricksLeft` tricks before the end by random legal cards.
 * Redeals when everybody passes. Super Mord deals are skipped (the solver answers the
 * ordinary win question).
 */
export function randomPlayState(rng: Rng, tricksLeft: number, options: DroggnOptions = defaultOptions()): DroggnState {
  const bot = heuristicBot({ bidBias: 4 });
  for (;;) {
    let s = droggn.deal(options, shuffled(DECK, rng), { dealer: rng.int(options.players) });
    while (s.phase !== 'play' && s.phase !== 'over') s = step(s, bot(s, s.turn, rng));
    if (s.phase === 'over' || s.contract === 'supermord') continue;
    while (s.tricks.length < 21 - tricksLeft || s.trick.length > 0) {
      s = step(s, { seat: s.turn, type: 'play', card: rng.pick(legalCards(s, s.turn)) });
    }
    return s;
  }
}
