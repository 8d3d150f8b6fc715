import { Injectable } from '@nestjs/common';
import { gameFor, nestOptions, replay, shuffle } from '../engine/index.js';
import { DatabaseService } from '../database/database.service.js';
import { canonicalJson } from '../events/canonical.js';
import { eventHash, GENESIS_HASH, type StoredEvent } from '../hands/event-hash.js';
import { findHand, readEvents } from '../hands/hand-store.js';
import { ledgerOfHand } from '../ledgers/ledger-store.js';
import { dealCommitment } from '../hands/commitment.js';
import type { HandRow } from '../hands/hand-row.js';
import { recordOf, storedDealSource } from './stored-record.js';

export interface VerifyProblem {
  code: string;
  seq?: number;
  detail: string;
}

/**
 * `GET /hands/{id}/verify`: trusts nothing but the engine. Checks the hash chain, the deck
 * commitment (and, for dealt hands, that the seed produces the deck), replays every event
 * with the engine, and compares the outcome with the stored projection and ledger.
 */
@Injectable()
export class VerifyService {
  constructor(private readonly db: DatabaseService) {}

  async verify(handId: string): Promise<{ ok: boolean; handId: string; events: number; problems: VerifyProblem[] }> {
    const hand = await findHand(this.db.pool, handId);
    const events = await readEvents(this.db.pool, { tableId: hand.homeTableId, handId: hand.id });
    const problems = [
      ...checkChain(hand, events),
      ...checkDeal(hand, events[0]),
      ...checkReplay(hand, events),
      ...(await this.checkLedger(hand)),
    ];
    return { ok: problems.length === 0, handId: hand.id, events: events.length, problems };
  }

  private async checkLedger(hand: HandRow): Promise<VerifyProblem[]> {
    if (!hand.tableId || !hand.result) return [];
    const amounts = await ledgerOfHand(this.db.pool, { tableId: hand.tableId, handId: hand.id });
    const scores = (hand.result as { scores: number[] }).scores;
    const booked = amounts.map(Number);
    return canonicalJson(booked) === canonicalJson(scores)
      ? []
      : [{ code: 'LEDGER_MISMATCH', detail: `ledger ${JSON.stringify(booked)} ≠ scores ${JSON.stringify(scores)}` }];
  }
}

function checkChain(hand: HandRow, events: StoredEvent[]): VerifyProblem[] {
  const problems: VerifyProblem[] = [];
  let prev = GENESIS_HASH;
  events.forEach((e, i) => {
    if (e.seq !== i) problems.push({ code: 'SEQ_GAP', seq: e.seq, detail: `event ${i} has seq ${e.seq}` });
    if (e.prevHash !== prev) problems.push({ code: 'CHAIN_BROKEN', seq: e.seq, detail: "prev_hash is not the previous event's hash" });
    if (eventHash(hand.id, e.prevHash, e) !== e.hash)
      problems.push({
        code: 'HASH_MISMATCH',
        seq: e.seq,
        detail: 'the stored event does not hash to its hash: it was changed after it was written',
      });
    prev = e.hash;
  });
  if (events.length - 1 !== hand.seq)
    problems.push({ code: 'SEQ_MISMATCH', detail: `the hand is at seq ${hand.seq} but the log ends at ${events.length - 1}` });
  if (prev !== hand.lastHash) problems.push({ code: 'CHAIN_HEAD_MISMATCH', detail: "the hand's last_hash is not the last event's hash" });
  return problems;
}

function checkDeal(hand: HandRow, opening: StoredEvent | undefined): VerifyProblem[] {
  if (!opening || opening.type !== 'deal') return [{ code: 'NO_OPENING_EVENT', seq: 0, detail: 'the log does not start with the deal' }];
  const problems: VerifyProblem[] = [];
  const source = storedDealSource(hand);
  if (!source || opening.payload.deckCommitment !== dealCommitment(hand.seed, source)) {
    problems.push({ code: 'COMMITMENT_MISMATCH', seq: 0, detail: 'seed and cards do not match the commitment in the opening event' });
  }
  if (
    hand.source === 'table' &&
    hand.deck &&
    canonicalJson(shuffle(hand.seed, gameFor(hand.game).deck(hand.options))) !== canonicalJson(hand.deck)
  ) {
    problems.push({ code: 'DECK_NOT_FROM_SEED', seq: 0, detail: 'the stored deck is not the shuffle of the stored seed' });
  }
  if (canonicalJson(opening.payload.rules) !== canonicalJson(nestOptions(hand.options))) {
    problems.push({ code: 'RULES_MISMATCH', seq: 0, detail: "the opening event's rules differ from the hand's" });
  }
  return problems;
}

function checkReplay(hand: HandRow, events: StoredEvent[]): VerifyProblem[] {
  const game = gameFor(hand.game);
  if (!storedDealSource(hand) || !events[0]) return [];
  const replayed = replay(game, recordOf(hand, events));
  // An event whose type or seat differs from its own action, up to the first refused one.
  const last = replayed.ok ? events.length : (replayed.actionIndex ?? -1) + 1;
  for (const e of events.slice(1, last + 1)) {
    const parsed = game.parseAction(e.payload);
    if (!parsed.ok) break;
    if (parsed.action.type !== e.type || parsed.action.seat !== e.seat) {
      return [{ code: 'EVENT_MISMATCH', seq: e.seq, detail: "the event's type or seat differs from its action" }];
    }
  }
  if (!replayed.ok) {
    const seq = replayed.actionIndex === null ? 0 : events[replayed.actionIndex + 1]!.seq;
    return [{ code: 'REPLAY_REJECTED', seq, detail: `${replayed.rejection.code}: ${replayed.rejection.message}` }];
  }
  const state = replayed.states[replayed.states.length - 1];
  const result = game.isOver(state) ? game.result(state) : null;
  if (canonicalJson(result) !== canonicalJson(hand.result ?? null)) {
    return [{ code: 'RESULT_MISMATCH', detail: 'replaying the log gives a different result from the stored one' }];
  }
  return [];
}
