import type { CollusionFilters, UnevaluatedHand } from './audit-job-store.js';
import { isAuditGame, pairOptionsFor, type AnyHandEvidence } from './evidence-of.js';
import type { EvidenceProblem, StoredEvidence } from './evidence-store.js';
import { pairStatistics, type AuditHand, type PairRow } from './pairs/pairs.js';
import type { SharingEvidence } from './sharing/evidence.js';
import { sharingPairStatistics, type SharingHand, type SharingPairRow } from './sharing/pairs.js';

/** An audited hand as the audit lists it: its id, the table shown, its players per seat. */
export interface RankedHand {
  id: string;
  tableId: string | null;
  seating: (string | null)[];
}

/** The ranked pairs of an audit, of either kind. */
export type AuditPairRow = PairRow | SharingPairRow;

/**
 * The ranked pairs of an audit from its hands' stored evidence alone (no hand is replayed): the
 * doubling's (declarer, defender) pairs or the card sharing's ordered (seer, seen) pairs, the
 * filters' player and minimum applied; and the hands that could not be evaluated, with why.
 * Imported records without seating have no players to pair: they are skipped. Pairs below the
 * minimum are not tested (and not counted in the q-values), so not listed either.
 */
export function rankPairs(
  filters: CollusionFilters,
  hands: readonly RankedHand[],
  stored: { evidence: Map<string, StoredEvidence>; problems: Map<string, EvidenceProblem> },
): { pairs: AuditPairRow[]; unevaluated: UnevaluatedHand[] } {
  const unevaluated: UnevaluatedHand[] = [];
  const seated: { hand: RankedHand; sequence: number; players: string[]; evidence: StoredEvidence }[] = [];
  hands.forEach((hand, sequence) => {
    const problem = stored.problems.get(hand.id);
    if (problem) unevaluated.push({ handId: hand.id, ...problem });
    const evidence = stored.evidence.get(hand.id);
    if (evidence && hand.seating.every((p) => p !== null)) seated.push({ hand, sequence, players: hand.seating as string[], evidence });
  });
  const minHands = filters.minHands ?? 1;
  const player = filters.playerId;
  if (filters.kind === 'card-sharing') {
    const audit: SharingHand[] = seated.map((s) => ({ handId: s.hand.id, players: s.players, evidence: s.evidence as SharingEvidence }));
    let pairs = sharingPairStatistics(audit, { minHands }).filter((r) => r.method !== 'untested');
    if (player) pairs = pairs.filter((r) => r.seer === player || r.seen === player);
    return { pairs, unevaluated };
  }
  const audit: AuditHand[] = seated.map((s) => ({
    handId: s.hand.id,
    sequence: s.sequence,
    tableId: s.hand.tableId ?? undefined,
    players: s.players,
    evidence: s.evidence as AnyHandEvidence,
  }));
  const scoring = isAuditGame(filters.game) ? pairOptionsFor(filters.game) : {};
  let pairs = pairStatistics(audit, { ...scoring, minHands }).filter((r) => r.method !== 'untested');
  if (player) pairs = pairs.filter((r) => r.declarer === player || r.defender === player);
  return { pairs, unevaluated };
}
