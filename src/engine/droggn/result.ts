import type { HandResult } from '../core/types.js';
import { declarerResult, thrownInResult } from '../core/result.js';
import { PAGAT, countPile } from './cards.js';
import { MORD_LAYOUT_VALUE, MORD_VALUE, gameValue, mordScore, pagatItems, piles, zeroSumScores } from './scoring.js';
import { BASE_VALUE, type DroggnState } from './state.js';

/** docs/contract.md#result `result`; null until the hand is over. */
export function result(s: DroggnState): HandResult | null {
  if (s.phase !== 'over') return null;
  const n = s.options.players;
  if (s.endReason === 'thrownIn') {
    return thrownInResult(Array(n).fill(0));
  }
  const declarer = s.declarer!;
  const multiplier = 2 ** s.doublings;
  const parties = { declarer: [declarer], defenders: s.defenders.slice() };
  if (s.endReason === 'irregularity') return irregularityResult(s, parties, multiplier);
  const d = countPile(piles(s).declarer);
  const items = pagatItems(s, multiplier);
  const itemNet = items.reduce((sum, it) => sum + (it.side === 'declarer' ? it.points : -it.points), 0);
  // `details` is spelled out per branch: spreading a partial detail object into it cost more
  // than the rest of the result (V8's generic object spread).
  let delta: number;
  let details: Record<string, unknown>;
  if (s.contract === 'supermord') {
    const mord = mordScore(s, multiplier);
    const gameScore = mord.score;
    delta = gameScore + itemNet;
    details = {
      mordValue: mord.value,
      won: mord.won,
      match: false,
      gameScore,
      pagatItems: items,
      delta,
      tricksPlayed: s.tricks.length,
      endReason: s.endReason,
    };
  } else {
    const g = gameValue(s, d);
    const gameScore = g.value * multiplier;
    delta = gameScore + itemNet;
    details = {
      baseValue: BASE_VALUE[s.contract as keyof typeof BASE_VALUE],
      gameValue: g.value,
      won: g.won,
      match: g.match,
      gameScore,
      pagatItems: items,
      delta,
      tricksPlayed: s.tricks.length,
      endReason: s.endReason,
    };
  }
  return declarerResult({
    declarer,
    contract: s.contract,
    parties,
    points: d,
    total: 74,
    multiplier,
    scores: zeroSumScores(n, declarer, delta),
    details,
  });
}

/**
 * docs/rules/droggn.md#irregularities (`irregularities: penalize`): the offending side loses B (+20 if a Pagat
 * was laid out) × m, without difference points; in a Super Mord the full value × m. A
 * defender's offence is credited to the declarer.
 */
function irregularityResult(s: DroggnState, parties: Record<string, number[]>, multiplier: number): HandResult {
  const declarer = s.declarer!;
  const laidOut = s.layouts.length > 0;
  const value =
    s.contract === 'supermord'
      ? laidOut
        ? MORD_LAYOUT_VALUE
        : MORD_VALUE
      : BASE_VALUE[s.contract as keyof typeof BASE_VALUE] + (s.layouts.some((l) => l.card === PAGAT) ? 20 : 0);
  const offender = s.irregularity!.offender;
  const delta = (offender === declarer ? -value : value) * multiplier;
  return {
    status: 'finished',
    declarer,
    contract: s.contract,
    parties,
    cardPoints: null,
    multiplier,
    scores: zeroSumScores(s.options.players, declarer, delta),
    details: { irregularity: s.irregularity, penalty: value * multiplier, delta, endReason: 'irregularity' },
  };
}
