import type { HandResult } from '../core/types.js';
import { thrownInResult } from '../core/result.js';
import { cardPoints } from './cards.js';
import { partyLevel } from './announcements.js';
import { active, partyOf, partySeats, scoredAsSolo } from './parties.js';
import { gameValue, playerScores, type ExtraPoint, type ValueInput } from './scoring.js';
import type { DokoState, Party } from './state.js';

const trickPoints = (t: { plays: { card: string }[] }): number => t.plays.reduce((a, p) => a + cardPoints(p.card), 0);

/** Extra points earned in the tricks (docs/rules/doppelkopf.md#extra-points); the caller drops them in a solo. */
export function trickExtras(s: DokoState): ExtraPoint[] {
  const out: ExtraPoint[] = [];
  s.tricks.forEach((t, i) => {
    const last = i === s.tricks.length - 1;
    const wp = partyOf(s, t.winner!);
    if (trickPoints(t) >= 40) out.push({ party: wp, kind: 'doppelkopf', points: 1 });
    for (const p of t.plays) {
      if (p.card === 'DA' && partyOf(s, p.seat) !== wp) {
        out.push({ party: wp, kind: 'fox', points: last && s.options['extras.foxLastTrickDouble'] ? 2 : 1 });
      }
    }
    if (!last) return;
    const winning = t.plays.find((p) => p.seat === t.winner)!;
    if (winning.card === 'CJ') out.push({ party: wp, kind: 'karlchen', points: 1 });
    if (s.options['extras.lostCharlie']) {
      // Lizzie Miller: the caught Charlie counts only when a DQ wins the trick.
      const winnerOk = !s.options['extras.lizzieMiller'] || winning.card === 'DQ';
      for (const p of t.plays)
        if (p.card === 'CJ' && partyOf(s, p.seat) !== wp && winnerOk) out.push({ party: wp, kind: 'lostCharlie', points: 1 });
    }
  });
  return out;
}

export function valueInput(s: DokoState): ValueInput {
  const pts: Record<Party, number> = { re: 0, kontra: 0 };
  const tricks: Record<Party, number> = { re: 0, kontra: 0 };
  for (const t of s.tricks) {
    const p = partyOf(s, t.winner!);
    pts[p] += trickPoints(t);
    tricks[p] += 1;
  }
  const solo = scoredAsSolo(s);
  return {
    solo,
    cardPoints: pts,
    tricks,
    levels: { re: partyLevel(s, 're'), kontra: partyLevel(s, 'kontra') },
    extras: solo ? [] : trickExtras(s),
    against90: s.options.against90,
    loserCannotGain: s.options.loserCannotGain,
  };
}

/** docs/contract.md#result `result` for Doppelkopf; `null` until the hand is over. */
export function result(s: DokoState): HandResult | null {
  if (s.phase !== 'over') return null;
  const n = s.options.players;
  if (s.thrownIn) {
    return thrownInResult(
      Array.from({ length: n }, () => 0),
      { reason: s.thrownIn.reason, seat: s.thrownIn.seat },
    );
  }
  const input = valueInput(s);
  const value = gameValue(input);
  const parties = partySeats(s);
  const soloist = scoredAsSolo(s) ? s.declarer : null;
  return {
    status: 'finished',
    declarer: soloist,
    contract: s.contract,
    parties,
    cardPoints: input.cardPoints,
    multiplier: 1,
    gameValue: value.gameValue,
    scores: playerScores(n, parties, value.vRe),
    details: {
      winner: value.winner,
      items: value.items,
      tricks: input.tricks,
      announcements: input.levels,
      compulsory: s.compulsory,
      weddingPartner: s.weddingPartner,
      weddingFailed: s.weddingFailed,
      sittingOut: active(s).length < n ? s.dealer : null,
    },
  };
}
