import type { HandRecordOf } from '../evidence.js';
import { games, type Action } from '../../engine/index.js';
import type { DobbmOptions, DobbmState } from '../../engine/dobbm/index.js';


export type DobbmHandRecord = HandRecordOf<'dobbm'>;

export interface Replayed {
  options: DobbmOptions;
  actions: Action[];
  /** `before[i]` is the state in which `actions[i]` was taken. */
  before: DobbmState[];
  final: DobbmState;
}

/** Folds a record through the engine (the one source of the rules); throws on an illegal action. */
export function replayRecord(record: DobbmHandRecord): Replayed {
  const game = games.dobbm;
  const parsed = game.parseOptions(record.rules ?? {});
  if (!parsed.ok) throw new Error(`rules: ${parsed.rejection.message}`);
  const options = parsed.options as DobbmOptions;
  const setup = { dealer: record.dealer };
  let state: DobbmState;
  if (record.deck) state = game.deal(options, record.deck, setup) as DobbmState;
  else {
    const dealt = game.dealHands(options, record.hands ?? [], record.talon ?? [], setup);
    if (!dealt.ok) throw new Error(`deal: ${dealt.rejection.message}`);
    state = dealt.state as DobbmState;
  }
  const before: DobbmState[] = [];
  record.actions.forEach((action, i) => {
    before.push(state);
    const next = game.apply(state, action);
    if (!next.ok) throw new Error(`action ${i}: ${next.rejection.code} ${next.rejection.message}`);
    state = next.state as DobbmState;
  });
  return { options, actions: record.actions, before, final: state };
}

/**
 * Solver positions: 0 = declarer, then the active defenders clockwise from his left, which
 * is also the order of play (RULES.md §1.9: clockwise, the five-player dealer sits out).
 */
export function positionSeats(state: DobbmState): number[] {
  const declarer = state.declarer!;
  const i = state.active.indexOf(declarer);
  return [0, 1, 2, 3].map((k) => state.active[(i + k) % state.active.length]!);
}
