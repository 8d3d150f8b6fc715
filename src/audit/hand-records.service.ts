import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { games, nestOptions, type Action, type Game, type HandSetup } from '../engine/index.js';
import type { Caller } from '../common/auth.js';
import { ApiError, fromRejection } from '../common/problems.js';
import { nestedRules } from '../common/rules-profile.js';
import { DatabaseService } from '../database/database.service.js';
import { openHand, readEvents, type NewEvent } from '../events/event-store.js';
import { dealCommitment, type DealSource } from '../hands/commitment.js';
import { loadHand, type HandRow } from '../hands/hand-row.js';
import { projectionOf } from '../hands/projection.js';
import { recordShapeProblem, type HandRecord } from './hand-record.schema.js';

/**
 * Hand records (CONTRACT.md "Hand records"): import a hand played at a real table — every
 * action checked by the engine — and export any hand in the same format, so that export →
 * import gives the identical result.
 */
@Injectable()
export class HandRecordsService {
  constructor(private readonly db: DatabaseService) {}

  async importRecord(body: unknown): Promise<{ handId: string; result: unknown }> {
    const problem = recordShapeProblem(body);
    if (problem) throw ApiError.of('VALIDATION_FAILED', problem);
    const record = body as HandRecord;
    const game = games[record.game];
    const parsed = game.parseOptions(record.rules ?? {});
    if (!parsed.ok) throw fromRejection(parsed.rejection);
    const options = parsed.options as Record<string, unknown>;
    const seatCount = game.seatCount(options);
    if (record.dealer >= seatCount) throw ApiError.of('VALIDATION_FAILED', `dealer must be a seat from 0 to ${seatCount - 1}`);
    // Stored lower-case, as PostgreSQL prints uuids: the player history matches seating by text.
    const seating = record.seating?.map((p) => p?.toLowerCase() ?? null) ?? Array<string | null>(seatCount).fill(null);
    if (seating.length !== seatCount) throw ApiError.of('VALIDATION_FAILED', `seating must have one entry per seat (${seatCount})`);
    await this.checkPlayersExist(seating);
    const setup: HandSetup = record.context ? { dealer: record.dealer, context: record.context } : { dealer: record.dealer };
    const source: DealSource = record.deck ? { deck: record.deck } : { hands: record.hands!, talon: record.talon! };

    let state = dealFrom(game, options, source, setup);
    const createdAt = new Date();
    const events: NewEvent[] = [];
    const id = randomUUID();
    const seed = randomBytes(32).toString('hex'); // a fresh salt: the cards are given, not shuffled
    events.push({
      seq: 0, type: 'deal', seat: null, commandId: `deal:${id}`, createdAt,
      payload: {
        game: record.game, rules: nestOptions(options), tableId: null, handNumber: null,
        seating: seating.map((playerId, seat) => ({ seat, playerId })),
        dealer: record.dealer, setup, deckCommitment: dealCommitment(seed, source), source: 'record',
      },
    });
    for (const [actionIndex, raw] of record.actions.entries()) {
      const action = game.parseAction(raw);
      if (!action.ok) throw fromRejection(action.rejection, { actionIndex });
      const applied = game.apply(state, action.action);
      if (!applied.ok) throw fromRejection(applied.rejection, { actionIndex });
      state = applied.state;
      events.push({ seq: actionIndex + 1, type: action.action.type, seat: action.action.seat, payload: action.action, commandId: `${id}:${actionIndex + 1}`, createdAt });
    }
    const projection = projectionOf(game, state, events.length - 1);
    await this.db.transaction((tx) =>
      openHand(
        tx,
        { id, tableId: null, number: null, game: record.game, options, seatCount, dealer: record.dealer, setup,
          seating, seed, deck: record.deck ?? null,
          dealtHands: record.deck ? null : { hands: record.hands, talon: record.talon }, source: 'record' },
        events,
        projection,
      ),
    );
    return { handId: id, result: projection.result };
  }

  /** Every seated id must be a player of this service: 422 UNKNOWN_PLAYER (with the seat) before anything is stored. */
  private async checkPlayersExist(seating: (string | null)[]): Promise<void> {
    const ids = seating.filter((p): p is string => p !== null);
    if (ids.length === 0) return;
    const { rows } = await this.db.pool.query<{ id: string }>('SELECT id FROM players WHERE id = ANY($1::uuid[])', [ids]);
    const known = new Set(rows.map((r) => r.id));
    const seat = seating.findIndex((p) => p !== null && !known.has(p));
    if (seat >= 0) throw ApiError.of('UNKNOWN_PLAYER', `seating: seat ${seat} names ${seating[seat]}, which is no player`, { seat });
  }

  /** The auditor may export any hand; a seated player only once the hand is over (the cards are then public). */
  async exportRecord(handId: string, caller: Caller): Promise<Record<string, unknown>> {
    const hand = await loadHand(this.db.pool, handId);
    if (caller.kind === 'player') {
      if (!hand.seating.includes(caller.playerId)) throw ApiError.of('NOT_SEATED', 'only the auditor and the hand\'s players may read its record');
      // Only a hand played to its end: a void hand's deck is the deck of the hand that replaced
      // it (re-dealt from the same seed when a session ended between hands), still in play.
      if (hand.status !== 'finished' && hand.status !== 'thrownIn') throw ApiError.of('RECORD_NOT_AVAILABLE', 'the record of a hand is available to its players once it has been played to its end');
    }
    const events = await readEvents(this.db.pool, hand.id);
    return toRecord(hand, events.slice(1).map((e) => e.payload));
  }
}

function dealFrom(game: Game, options: Record<string, unknown>, source: DealSource, setup: HandSetup): unknown {
  if ('deck' in source) {
    const expected = [...game.deck(options)].sort();
    const given = [...source.deck].sort();
    if (expected.length !== given.length || expected.some((c, i) => c !== given[i])) {
      throw fromRejection({ code: 'BAD_DECK', message: `deck must hold exactly the ${expected.length} cards of this game's deck, each once (Doppelkopf: twice)` });
    }
    return game.deal(options, source.deck, setup);
  }
  const dealt = game.dealHands(options, source.hands, source.talon, setup);
  if (!dealt.ok) throw fromRejection(dealt.rejection);
  return dealt.state;
}

export function toRecord(hand: HandRow, actions: Record<string, unknown>[]): Record<string, unknown> {
  const cards = hand.deck ? { deck: hand.deck } : { hands: hand.dealtHands?.hands, talon: hand.dealtHands?.talon };
  return {
    game: hand.game,
    rules: nestedRules(hand.game, hand.options),
    dealer: hand.dealer,
    ...cards,
    ...(hand.setup.context ? { context: hand.setup.context } : {}),
    actions: actions as Action[],
    handId: hand.id,
    tableId: hand.tableId,
    seating: hand.seating,
    seed: hand.source === 'table' ? hand.seed : undefined,
    result: hand.result ?? null,
  };
}
