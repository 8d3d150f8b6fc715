import { RANK_TOKENS, RANK_POINTS } from './cards.js';

/**
 * Plain exhaustive minimax over card codes, written straight from docs/rules/dobbm.md#play/docs/rules/dobbm.md#scoring and
 * sharing nothing with the solver but the card table: the reference the solver is tested
 * against on small endgames. Exponential; only for a few tricks.
 */
export interface CodePosition {
  /** Position 0 = declarer, 1–3 = defenders clockwise. */
  hands: string[][];
  leader: number;
  bonusPoints: number;
  bonusAlwaysCounts?: boolean;
  pointsSoFar?: number;
  declarerHasTrick?: boolean;
}

const points = (c: string): number => RANK_POINTS[RANK_TOKENS.indexOf(c.slice(1) as (typeof RANK_TOKENS)[number])]!;
const rank = (c: string): number => RANK_TOKENS.indexOf(c.slice(1) as (typeof RANK_TOKENS)[number]);

function legalPlays(hand: readonly string[], trick: readonly string[]): string[] {
  if (trick.length === 0) return hand.slice();
  const led = trick[0]![0]!;
  const follow = hand.filter((c) => c[0] === led);
  if (follow.length > 0) return follow;
  const hearts = hand.filter((c) => c[0] === 'H');
  return hearts.length > 0 ? hearts : hand.slice();
}

function trickWinner(trick: readonly string[]): number {
  let best = 0;
  for (let i = 1; i < trick.length; i++) {
    const a = trick[i]!;
    const b = trick[best]!;
    const aHeart = a[0] === 'H';
    const bHeart = b[0] === 'H';
    if (aHeart && !bHeart) best = i;
    else if (aHeart === bHeart && a[0] === b[0] && rank(a) < rank(b)) best = i;
  }
  return best;
}

/** The declarer's final `D` under best play, by trying every sequence of cards. */
export function minimaxValue(pos: CodePosition): number {
  const hands = pos.hands.map((h) => h.slice());
  const always = pos.bonusAlwaysCounts === true;
  const go = (leader: number, trick: string[], won: number, hasTrick: boolean): number => {
    if (trick.length === 4) {
      const w = (leader + trickWinner(trick)) % 4;
      const pts = trick.reduce((a, c) => a + points(c), 0);
      const nextWon = w === 0 ? won + pts : won;
      return go(w, [], nextWon, hasTrick || w === 0);
    }
    const p = (leader + trick.length) % 4;
    if (trick.length === 0 && hands[p]!.length === 0) return hasTrick || always ? won + pos.bonusPoints : 0;
    let best = p === 0 ? -Infinity : Infinity;
    for (const c of legalPlays(hands[p]!, trick)) {
      const i = hands[p]!.indexOf(c);
      hands[p]!.splice(i, 1);
      const v = go(leader, [...trick, c], won, hasTrick);
      hands[p]!.splice(i, 0, c);
      best = p === 0 ? Math.max(best, v) : Math.min(best, v);
    }
    return best;
  };
  return go(pos.leader, [], pos.pointsSoFar ?? 0, pos.declarerHasTrick === true);
}
