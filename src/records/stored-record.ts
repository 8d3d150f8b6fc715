import type { DealSource, HandRecord, HandSetup } from '../engine/index.js';
import { nestedRules } from '../common/rules-profile.js';
import type { StoredEvent } from '../hands/event-hash.js';
import type { HandRow } from '../hands/hand-row.js';

/** The cards a stored hand was dealt: its deck, or (imported records) hands and talon; null for a row with neither. */
export function storedDealSource(hand: HandRow): DealSource | null {
  if (hand.deck) return { deck: hand.deck };
  if (hand.dealtHands) return { hands: hand.dealtHands.hands, talon: hand.dealtHands.talon };
  return null;
}

/**
 * The one mapping from a stored hand to its record (verify, export, the collusion audit): the
 * setup — context included — as the opening event wrote it, the actions as the log holds them.
 */
export function recordOf(hand: HandRow, events: readonly StoredEvent[]): HandRecord {
  const opening = events[0]?.type === 'deal' ? (events[0].payload.setup as HandSetup | undefined) : undefined;
  const setup = opening ?? hand.setup;
  const cards = storedDealSource(hand) ?? { hands: hand.dealtHands?.hands as [], talon: hand.dealtHands?.talon as [] };
  return {
    game: hand.game,
    rules: nestedRules(hand.game, hand.options),
    dealer: setup.dealer ?? hand.dealer,
    ...cards,
    ...(setup.context ? { context: setup.context } : {}),
    actions: events.slice(1).map((e) => e.payload as HandRecord['actions'][number]),
    seating: hand.seating,
  } as HandRecord;
}

/**
 * `GET /hands/{id}/record`: the record plus what only an export carries (ids, the seed once
 * revealed, the result, and which actions a seat's substitute played: indexes into `actions`).
 */
export function exportedRecord(hand: HandRow, record: HandRecord, events: readonly StoredEvent[]): Record<string, unknown> {
  const { seating, ...rest } = record;
  return {
    ...rest,
    handId: hand.id,
    tableId: hand.tableId,
    seating,
    seed: hand.source === 'table' ? hand.seed : undefined,
    result: hand.result ?? null,
    substitutes: events.slice(1).flatMap((e, i) => (e.by === 'substitute' ? [i] : [])),
  };
}
