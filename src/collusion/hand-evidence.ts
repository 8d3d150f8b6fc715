import { recordOf } from '../records/stored-record.js';
import { ApiError } from '../common/problems.js';
import { describeRefusal, gameFor, replay, type HandRecord } from '../engine/index.js';
import type { StoredEvent } from '../hands/event-hash.js';
import type { HandRow } from '../hands/hand-row.js';
import type { AnyHandEvidence, AuditGame } from './evidence-of.js';
import type { EvidencePool } from './evidence-pool.js';
import type { EvidenceProblem } from './evidence-store.js';
import type { SharingEvidence } from './sharing/evidence.js';

/**
 * A stored hand's record, replayed (a fraction of the evidence's cost): a log the engine refuses
 * is a clear HAND_NOT_REPLAYABLE before any evidence is asked for.
 */
export function replayableRecord(hand: HandRow, events: readonly StoredEvent[]): HandRecord<AuditGame> {
  const record = recordOf(hand, events) as HandRecord<AuditGame>;
  const replayed = replay(gameFor(record.game), record);
  if (!replayed.ok) {
    const at = replayed.actionIndex === null ? {} : { actionIndex: replayed.actionIndex };
    throw ApiError.of('HAND_NOT_REPLAYABLE', `hand ${hand.id} cannot be evaluated: ${describeRefusal(replayed)}`, {
      ...at,
      rejection: replayed.rejection,
    });
  }
  return record;
}

/**
 * One stored hand's evidence, from its row and its events, computed in the pool's worker threads
 * (a worker's part: an API instance never computes it). Moves a substitute made for an absent
 * player are no evidence about that player: their calls are left out.
 */
export async function computeHandEvidence(
  pool: EvidencePool,
  hand: HandRow,
  events: readonly StoredEvent[],
  samples: number,
): Promise<AnyHandEvidence> {
  const record = replayableRecord(hand, events);
  const evidence = await pool.evidence({ record, samples, seed: seedOf(record) });
  return withoutSubstituteCalls(evidence, events);
}

/**
 * The evidence without the calls a substitute made (a stored event with `by: 'substitute'`):
 * they tell nothing about the seat's player. Action `i` of the record is event `i + 1` (event 0
 * is the deal).
 */
export function withoutSubstituteCalls(evidence: AnyHandEvidence, events: readonly StoredEvent[]): AnyHandEvidence {
  const bySubstitute = (actionIndex: number): boolean => events[actionIndex + 1]?.by === 'substitute';
  if (!evidence.calls.some((c) => bySubstitute(c.actionIndex))) return evidence;
  return { ...evidence, calls: evidence.calls.filter((c) => !bySubstitute(c.actionIndex)) };
}

/**
 * One stored hand's card-sharing evidence (docs/audit-card-sharing.md), in the pool's threads,
 * without the decisions a substitute took for an absent player: they tell nothing of what that
 * player saw.
 */
export async function computeSharingEvidence(
  pool: EvidencePool,
  hand: HandRow,
  events: readonly StoredEvent[],
  worlds: number,
): Promise<SharingEvidence> {
  const record = replayableRecord(hand, events);
  return withoutSubstituteMoments(await pool.sharing({ record, worlds, seed: seedOf(record) }), events);
}

/** The card-sharing evidence without the moments of decisions a substitute took (as `withoutSubstituteCalls`). */
export function withoutSubstituteMoments(evidence: SharingEvidence, events: readonly StoredEvent[]): SharingEvidence {
  const bySubstitute = (actionIndex: number): boolean => events[actionIndex + 1]?.by === 'substitute';
  if (!evidence.moments.some((m) => bySubstitute(m.index))) return evidence;
  return { ...evidence, moments: evidence.moments.filter((m) => !bySubstitute(m.index)) };
}

/** Why a hand has no evidence: its problem code, or EVIDENCE_FAILED for an error while computing it. */
export function problemOf(err: unknown): EvidenceProblem {
  if (err instanceof ApiError) {
    const at = typeof err.extra.actionIndex === 'number' ? { actionIndex: err.extra.actionIndex } : {};
    const rejection = err.extra.rejection === undefined ? {} : { rejection: err.extra.rejection };
    return { code: err.code, detail: err.message, ...at, ...rejection };
  }
  return { code: 'EVIDENCE_FAILED', detail: err instanceof Error ? err.message : String(err) };
}

/**
 * A fixed seed per hand, taken from what was dealt and played (not from its id), so that a hand
 * has the same evidence every time it is computed — also when the same record is imported again.
 */
export function seedOf(record: HandRecord): number {
  const text = JSON.stringify([record.dealer, record.deck ?? null, record.hands ?? null, record.talon ?? null, record.actions]);
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
