import type { HandResult } from './types.js';

/** A hand thrown in (no game played): the docs/contract.md#result `result` with only its scores, and the game's details if any. */
export function thrownInResult(scores: number[], details?: Record<string, unknown>): HandResult {
  const out: HandResult = { status: 'thrownIn', declarer: null, contract: null, parties: null, cardPoints: null, multiplier: 1, scores };
  if (details !== undefined) out.details = details;
  return out;
}

/** A hand played out by a declarer against the defenders (Dobbm, Droggn): `points` of the deck's `total` card points are the declarer's. */
export function declarerResult(r: {
  declarer: number | null;
  contract: string | null;
  parties: Record<string, number[]> | null;
  points: number;
  total: number;
  multiplier: number;
  scores: number[];
  details: Record<string, unknown>;
}): HandResult {
  const cardPoints = { declarer: r.points, defenders: r.total - r.points };
  return {
    status: 'finished',
    declarer: r.declarer,
    contract: r.contract,
    parties: r.parties,
    cardPoints,
    multiplier: r.multiplier,
    scores: r.scores,
    details: r.details,
  };
}
