import type { HandRecordOf } from '../evidence.js';
import type { Action } from '../../engine/core/types.js';
import { droggn, type DroggnOptions, type DroggnState } from '../../engine/droggn/index.js';


export type DroggnHandRecord = HandRecordOf<'droggn'>;

export interface Replayed {
  options: DroggnOptions;
  actions: Action[];
  /** `before[i]` is the state in which `actions[i]` was taken. */
  before: DroggnState[];
  final: DroggnState;
}

/** Folds a record through the engine (the one source of the rules); throws on an illegal action. */
export function replayRecord(record: DroggnHandRecord): Replayed {
  const parsed = droggn.parseOptions(record.rules ?? {});
  if (!parsed.ok) throw new Error(`rules: ${parsed.rejection.message}`);
  const options = parsed.options;
  const setup = { dealer: record.dealer };
  let state: DroggnState;
  if (record.deck) state = droggn.deal(options, record.deck, setup);
  else {
    const dealt = droggn.dealHands(options, record.hands ?? [], record.talon ?? [], setup);
    if (!dealt.ok) throw new Error(`deal: ${dealt.rejection.message}`);
    state = dealt.state;
  }
  const before: DroggnState[] = [];
  record.actions.forEach((action, i) => {
    before.push(state);
    const next = droggn.apply(state, action);
    if (!next.ok) throw new Error(`action ${i}: ${next.rejection.code} ${next.rejection.message}`);
    state = next.state;
  });
  return { options, actions: record.actions, before, final: state };
}
