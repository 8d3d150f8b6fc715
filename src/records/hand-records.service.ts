import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { dealSourceOf, gameFor, nestOptions, replay, setupOf, type HandRecord } from '../engine/index.js';
import type { Caller } from '../common/auth.js';
import { ApiError, fromRejection } from '../common/problems.js';
import { isUuid } from '../common/ids.js';
import { DatabaseService } from '../database/database.service.js';
import { knownPlayers } from '../players/player-store.js';
import { dealCommitment } from '../hands/commitment.js';
import { HandCommands } from '../hands/hand-commands.js';
import type { NewEvent } from '../hands/event-hash.js';
import { findHand, readEvents } from '../hands/hand-store.js';
import { handsDealtFrom } from './record-store.js';
import { createImportedTable } from '../tables/table-store.js';
import { projectionOf } from '../hands/projection.js';
import { exportedRecord, recordOf } from './stored-record.js';
import { canonicalRecord, importedHandId, recordDigest, withNormalContext } from './record-digest.js';

/** An import's answer: the hand, and whether it was stored before (the same record, or a hand dealt here). */
export interface Imported {
  handId: string;
  result: unknown;
  existing: boolean;
}

/**
 * Hand records (docs/contract.md#hand-records): import a hand played at a real table — every
 * action checked by the engine — and export any hand in the same format, so that export →
 * import gives the identical result.
 */
@Injectable()
export class HandRecordsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly commands: HandCommands,
  ) {}

  /**
   * A record is stored once: the same content imported again — or the export of a hand dealt
   * here, which names it by `handId` — answers the hand already stored (`existing`), so that
   * histories and the collusion audit count each hand once.
   */
  async importRecord(given: HandRecord): Promise<Imported> {
    checkContext(given.context);
    // Stored and replayed with its context as the id counts it: an empty context is none.
    const record = withNormalContext(given);
    const game = gameFor(record.game);
    const parsed = game.parseOptions(record.rules ?? {});
    if (!parsed.ok) throw fromRejection(parsed.rejection);
    const options = parsed.options as Record<string, unknown>;
    const seatCount = game.seatCount(options);
    if (record.dealer >= seatCount) throw ApiError.of('VALIDATION_FAILED', `dealer must be a seat from 0 to ${seatCount - 1}`);
    // Stored lower-case, as PostgreSQL prints uuids: the player history matches seating by text.
    const seating = record.seating?.map((p) => p?.toLowerCase() ?? null) ?? Array<string | null>(seatCount).fill(null);
    if (seating.length !== seatCount) throw ApiError.of('VALIDATION_FAILED', `seating must have one entry per seat (${seatCount})`);
    const twice = seating.find((p, i) => p !== null && seating.indexOf(p) !== i);
    if (twice) throw ApiError.of('VALIDATION_FAILED', `seating lists player ${twice} in more than one seat`);
    await this.checkPlayersExist(seating);
    // A record stored before replayed then: found, it is answered without replaying it again.
    // Without a canonical form it is no hand's record, and the replay says why.
    const canonical = canonicalRecord(game, record, options, seating);
    const digest = canonical && recordDigest(canonical);
    const stored = digest && ((await this.dealtHere(record, digest)) ?? (await this.storedImport(importedHandId(digest))));
    if (stored) return stored;
    const setup = setupOf(record);
    const source = dealSourceOf(record);
    const replayed = replay(game, record);
    if (!replayed.ok) throw fromRejection(replayed.rejection, replayed.actionIndex === null ? {} : { actionIndex: replayed.actionIndex });
    const state = replayed.states[replayed.states.length - 1];
    const createdAt = new Date();
    const events: NewEvent[] = [];
    // A record the replay accepts has a canonical form (its deck is the game's, its actions parse).
    const id = importedHandId(digest!);
    const seed = randomBytes(32).toString('hex'); // a fresh salt: the cards are given, not shuffled
    events.push({
      seq: 0,
      type: 'deal',
      seat: null,
      commandId: `deal:${id}`,
      createdAt,
      payload: {
        game: record.game,
        rules: nestOptions(options),
        tableId: null,
        handNumber: null,
        seating: seating.map((playerId, seat) => ({ seat, playerId })),
        dealer: record.dealer,
        setup,
        deckCommitment: dealCommitment(seed, source),
        source: 'record',
      },
    });
    for (const [i, action] of replayed.actions.entries()) {
      events.push({ seq: i + 1, type: action.type, seat: action.seat, payload: action, commandId: `${id}:${i + 1}`, createdAt });
    }
    const projection = projectionOf(game, state, events.length - 1, { now: createdAt, turnSeconds: null });
    // The record gets a table of its own, with the hand's id (docs/scaling.md): its rows are
    // keyed by table_id like every hand's. The opening event keeps `tableId: null` — the hashed
    // log says the hand was played at no table of this service — and so does the API.
    const open = {
      id,
      tableId: id,
      number: null,
      game: record.game,
      options,
      seatCount,
      dealer: record.dealer,
      setup,
      seating,
      seed,
      deck: record.deck ?? null,
      dealtHands: record.deck ? null : { hands: record.hands, talon: record.talon },
      source: 'record' as const,
      turnSeconds: null,
      away: [],
      misses: [],
      awaySince: [],
    };
    try {
      await this.db.transaction(async (tx) => {
        await createImportedTable(tx, { id, game: record.game, options, seatCount });
        await this.commands.open(tx, { hand: open, events, projection });
      });
    } catch (err) {
      // The same record imported at the same moment elsewhere: its copy is the one.
      if ((err as { code?: string }).code === '23505') {
        const raced = await this.storedImport(id);
        if (raced) return raced;
      }
      throw err;
    }
    return { handId: id, result: projection.result, existing: false };
  }

  /**
   * The hand dealt here whose record this is: the one an export names (`handId`), else one
   * dealt from the same deck — either only if its record is this one, action for action.
   */
  private async dealtHere(record: HandRecord & { handId?: string }, digest: string): Promise<Imported | null> {
    const named = record.handId;
    const deck = record.deck;
    const candidates =
      typeof named === 'string' && isUuid(named) ? [named] : Array.isArray(deck) ? await handsDealtFrom(this.db.pool, deck) : [];
    for (const handId of candidates) {
      const hand = await findHand(this.db.pool, handId).catch(() => null);
      if (!hand || hand.source !== 'table') continue;
      const record = recordOf(hand, await readEvents(this.db.pool, { tableId: hand.homeTableId, handId: hand.id }));
      const canonical = canonicalRecord(gameFor(hand.game), record, hand.options, hand.seating);
      if (canonical && recordDigest(canonical) === digest) return { handId: hand.id, result: hand.result ?? null, existing: true };
    }
    return null;
  }

  /** A record imported before, under the id its digest gives. */
  private async storedImport(id: string): Promise<Imported | null> {
    const hand = await findHand(this.db.pool, id).catch(() => null);
    return hand ? { handId: hand.id, result: hand.result ?? null, existing: true } : null;
  }

  /** Every seated id must be a player of this service: 422 UNKNOWN_PLAYER (with the seat) before anything is stored. */
  private async checkPlayersExist(seating: (string | null)[]): Promise<void> {
    const ids = seating.filter((p): p is string => p !== null);
    if (ids.length === 0) return;
    const known = await knownPlayers(this.db.pool, ids);
    const seat = seating.findIndex((p) => p !== null && !known.has(p));
    if (seat >= 0) throw ApiError.of('UNKNOWN_PLAYER', `seating: seat ${seat} names ${seating[seat]}, which is no player`, { seat });
  }

  /** The auditor may export any hand; a seated player only once the hand is over (the cards are then public). */
  async exportRecord(handId: string, caller: Caller): Promise<Record<string, unknown>> {
    const hand = await findHand(this.db.pool, handId);
    if (caller.kind === 'player') {
      if (!hand.seating.includes(caller.playerId))
        throw ApiError.of('NOT_SEATED', "only the auditor and the hand's players may read its record");
      // Only a hand played to its end: a void hand's deck is the deck of the hand that replaced
      // it (re-dealt from the same seed when a session ended between hands), still in play.
      if (hand.status !== 'finished' && hand.status !== 'thrownIn')
        throw ApiError.of('RECORD_NOT_AVAILABLE', 'the record of a hand is available to its players once it has been played to its end');
    }
    const events = await readEvents(this.db.pool, { tableId: hand.homeTableId, handId: hand.id });
    return exportedRecord(hand, recordOf(hand, events), events);
  }
}

/** A deal's context is a few flags (a Mußrunde, a compulsory solo); it goes into the hashed opening event. */
const MAX_CONTEXT_CHARS = 2_000;

function checkContext(context: unknown): void {
  if (context !== undefined && context !== null && JSON.stringify(context).length > MAX_CONTEXT_CHARS) {
    throw ApiError.of(
      'VALIDATION_FAILED',
      `context must be at most ${MAX_CONTEXT_CHARS} characters of JSON: it says how the session stood at the deal, nothing more`,
    );
  }
}
