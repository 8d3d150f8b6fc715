import { describeRefusal, gameFor, replay, type GameId, type HandRecord as EngineRecord } from '../../../src/engine/index.js';
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
 * Every state of a finished hand, computed by the engine's own replay of the hand record (the
 * deal, then each action in turn) — the page decides no rule itself. After the hand the whole
 * deal is public, so the auditor's view is what anyone may see.
 */
export function replaySteps(record: HandRecord): Step[] {
  const game = gameFor(record.game as GameId);
  const replayed = replay(game, record as unknown as EngineRecord);
  if (!replayed.ok) throw new Error(describeRefusal(replayed));
  const tricksIn = (view: Record<string, unknown>) => (Array.isArray(view.tricks) ? view.tricks.length : 0);
  return replayed.states.map((state, index) => {
    const view = game.view(state, { kind: 'auditor' });
    return { index, action: index === 0 ? null : record.actions[index - 1]!, view, trick: tricksIn(view) };
  });
}

/** SHA-256 of `seed:deck` in hex, as the service commits to a shuffled deck (src/engine/core/shuffle.ts). */
export async function deckCommitmentOf(seed: string, deck: readonly string[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${seed.toLowerCase()}:${deck.join(',')}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
