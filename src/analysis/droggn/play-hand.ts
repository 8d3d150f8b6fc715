import type { Rng } from '../../engine/core/rng.js';
import type { Action, Card } from '../../engine/core/types.js';
import { droggn, type DroggnOptions, type DroggnState } from '../../engine/droggn/index.js';
import type { DroggnBot } from '../../engine/droggn/bots.js';
import type { DroggnHandRecord } from './replay.js';

export interface PlayedHand {
  record: DroggnHandRecord;
  final: DroggnState;
}

/**
 * Plays one Droggn hand with the engine: the `script` actions first (e.g. a fixed auction),
 * then each seat driven by its bot; the record replays it.
 */
export function playDroggnHand(
  options: DroggnOptions,
  rules: Record<string, unknown>,
  deal: { deck: Card[] } | { hands: (Card[] | null)[]; talon: Card[] },
  dealer: number,
  bots: DroggnBot[],
  rng: Rng,
  script: Action[] = [],
): PlayedHand {
  let state: DroggnState;
  if ('deck' in deal) state = droggn.deal(options, deal.deck, { dealer });
  else {
    const dealt = droggn.dealHands(options, deal.hands, deal.talon, { dealer });
    if (!dealt.ok) throw new Error(dealt.rejection.message);
    state = dealt.state;
  }
  const actions: Action[] = [];
  let i = 0;
  while (state.phase !== 'over') {
    const seat = state.turn;
    const action = i < script.length ? script[i++]! : bots[seat]!(state, seat, rng);
    const next = droggn.apply(state, action);
    if (!next.ok) throw new Error(`seat ${seat}: illegal action ${next.rejection.code}`);
    actions.push(action);
    state = next.state;
  }
  const record: DroggnHandRecord = 'deck' in deal
    ? { game: 'droggn', rules, dealer, deck: deal.deck, actions }
    : { game: 'droggn', rules, dealer, hands: deal.hands, talon: deal.talon, actions };
  return { record, final: state };
}
