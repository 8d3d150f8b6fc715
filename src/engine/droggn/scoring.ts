import type { Card } from '../core/types.js';
import { GSTIESS, PAGAT } from './cards.js';
import { winningPlay } from './play.js';
import { BASE_VALUE, type DroggnState } from './state.js';

export type Side = 'declarer' | 'defenders';

/** One Pagat score of docs/rules/droggn.md#scoring, from the side's point of view. */
export interface PagatItem {
  item: 'laidOut' | 'ultimo' | 'kleineGstiessUltimo' | 'captured';
  side: Side;
  points: number;
}

/** Super Mord value (docs/rules/droggn.md#scoring): 80 + 37 + 50, plus 20 with T1 or GS laid out. */
export const MORD_VALUE = 167;
export const MORD_LAYOUT_VALUE = 187;
const MORD_BONUS = 50;

const sideOf = (s: DroggnState, seat: number): Side => (seat === s.declarer ? 'declarer' : 'defenders');

/**
 * The two piles of docs/rules/droggn.md#counting: trick cards go to the winner's side, except the Gstieß,
 * which stays with the side that played it; the discard (Ansager, Solo) or the talon
 * (Super, Super Mord) counts for the declarer.
 */
export function piles(s: DroggnState): Record<Side, Card[]> {
  const out: Record<Side, Card[]> = { declarer: [], defenders: [] };
  for (const t of s.tricks) {
    for (const p of t.plays) out[sideOf(s, p.card === GSTIESS ? p.seat : t.winner)].push(p.card);
  }
  out.declarer.push(...(s.contract === 'ansager' || s.contract === 'solo' ? (s.discard ?? []) : s.talon));
  return out;
}

/** Game value `G` before doubling (docs/rules/droggn.md#scoring), not for a Super Mord. */
export function gameValue(s: DroggnState, declarerPoints: number): { value: number; won: boolean; match: boolean } {
  const base = BASE_VALUE[s.contract as keyof typeof BASE_VALUE];
  const match = s.tricks.length === 21 && s.tricks.every((t) => t.winner === s.declarer);
  // docs/rules/droggn.md#decision-16: a Match is B + 37 whatever the count says.
  if (match) return { value: base + 37, won: true, match };
  const threshold = s.options.winThreshold;
  const lastTrickWinner = s.tricks[20]?.winner;
  const won =
    threshold === 'tieLastTrick'
      ? declarerPoints > 37 || (declarerPoints === 37 && lastTrickWinner === s.declarer)
      : declarerPoints >= threshold;
  return { value: won ? base + (declarerPoints - 37) : -(base + (37 - declarerPoints)), won, match };
}

/**
 * Pagat items (docs/rules/droggn.md#scoring). A laid-out Pagat scores ±20·m; an unannounced one ±10 in
 * trick 21 (+20 with the "Kleine und Gstieß Ultimo" claim), or +5 to the side that captures
 * it earlier. In a Super Mord the laid-out Pagat is part of the Mord value, and the
 * unannounced items count only under `mord.pagatItems = additive`.
 */
export function pagatItems(s: DroggnState, multiplier: number): PagatItem[] {
  const mord = s.contract === 'supermord';
  if (mord && s.options['mord.pagatItems'] === 'allOrNothing') return [];
  const laid = s.layouts.find((l) => l.card === PAGAT);
  let trickNo = -1;
  let player = -1;
  s.tricks.forEach((t, i) => {
    const p = t.plays.find((x) => x.card === PAGAT);
    if (p) {
      trickNo = i + 1;
      player = p.seat;
    }
  });
  const last = s.tricks[20];
  const winsLast = trickNo === 21 && last!.winner === player && winningPlay(last!.plays).card === PAGAT;
  if (laid) {
    if (mord) return [];
    return [{ item: 'laidOut', side: sideOf(s, laid.seat), points: (winsLast ? 20 : -20) * multiplier }];
  }
  if (trickNo === 21) {
    if (winsLast && s.ultimoClaim && player === s.declarer) return [{ item: 'kleineGstiessUltimo', side: 'declarer', points: 20 }];
    return [{ item: 'ultimo', side: sideOf(s, player), points: winsLast ? 10 : -10 }];
  }
  if (trickNo > 0) {
    const capturer = sideOf(s, s.tricks[trickNo - 1]!.winner);
    if (capturer !== sideOf(s, player)) return [{ item: 'captured', side: capturer, points: 5 }];
  }
  return [];
}

/** Super Mord (docs/rules/droggn.md#scoring): won iff every trick, a laid-out Pagat winning trick 21. */
export function mordScore(s: DroggnState, multiplier: number): { value: number; won: boolean; score: number } {
  const value = s.layouts.some((l) => l.seat === s.declarer) ? MORD_LAYOUT_VALUE : MORD_VALUE;
  const allTricks = s.tricks.length === 21 && s.tricks.every((t) => t.winner === s.declarer);
  const pagatLaid = s.layouts.some((l) => l.card === PAGAT);
  const won = allTricks && (!pagatLaid || winningPlay(s.tricks[20]!.plays).card === PAGAT);
  const amount = s.options['mord.doubling'] === 'whole' ? value * multiplier : (value - MORD_BONUS) * multiplier + MORD_BONUS;
  return { value, won, score: won ? amount : -amount };
}

/** Zero-sum view of docs/rules/droggn.md#settlement: declarer +Δ·(n−1), every other seat −Δ. */
export function zeroSumScores(players: number, declarer: number, delta: number): number[] {
  return Array.from({ length: players }, (_, seat) => (seat === declarer ? delta * (players - 1) : -delta));
}
