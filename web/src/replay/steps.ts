import { games, type Action, type GameId } from '../../../src/engine/index.js';
import type { Schemas } from '../api.js';

export type HandRecord = Schemas['HandRecord'];

/** One state of a replay: the auditor's view after `actions[index - 1]` (index 0 = the deal). */
export interface Step {
  index: number;
  action: Record<string, unknown> | null;
  view: Record<string, unknown>;
  trick: number;
}

/**
 * Every state of a finished hand, computed by the project's own engine from the hand record
 * (the deal, then each action in turn) — the page decides no rule itself. After the hand the
 * whole deal is public, so the auditor's view is what anyone may see.
 */
export function replaySteps(record: HandRecord): Step[] {
  const game = games[record.game as GameId];
  const parsed = game.parseOptions(record.rules ?? {});
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const setup = record.context ? { dealer: record.dealer, context: record.context } : { dealer: record.dealer };
  let state: unknown;
  if (record.deck) state = game.deal(parsed.options, record.deck, setup);
  else {
    const dealt = game.dealHands(parsed.options, record.hands ?? [], record.talon ?? [], setup);
    if (!dealt.ok) throw new Error(dealt.rejection.message);
    state = dealt.state;
  }
  const auditor = { kind: 'auditor' } as const;
  const tricksIn = (view: Record<string, unknown>) => (Array.isArray(view.tricks) ? view.tricks.length : 0);
  const first = game.view(state, auditor);
  const steps: Step[] = [{ index: 0, action: null, view: first, trick: 0 }];
  for (const [i, action] of record.actions.entries()) {
    const applied = game.apply(state, action as Action);
    if (!applied.ok) throw new Error(`action ${i} is refused: ${applied.rejection.message}`);
    state = applied.state;
    const view = game.view(state, auditor);
    steps.push({ index: i + 1, action, view, trick: tricksIn(view) });
  }
  return steps;
}

/** SHA-256 of `seed:deck` in hex, as the service commits to a shuffled deck (src/engine/core/shuffle.ts). */
export async function deckCommitmentOf(seed: string, deck: readonly string[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${seed.toLowerCase()}:${deck.join(',')}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
