import { randomBytes } from 'node:crypto';
import { gameFor, nestOptions, shuffle, type GameId, type HandSetup } from '../engine/index.js';
import { dealCommitment } from '../hands/commitment.js';
import type { Opening } from '../hands/hand-end.js';
import { projectionOf } from '../hands/projection.js';
import type { HandRow } from '../hands/hand-row.js';

export interface TableForDeal {
  id: string;
  game: GameId;
  options: Record<string, unknown>;
  seating: string[];
  handNumber: number;
  /** the table's turn clock, seconds per decision; null: none */
  turnSeconds: number | null;
}

/** How the new hand starts: seats still away from the hand before (and since when), and a pause before its first move and clock. */
export interface DealStart {
  away: number[];
  misses: number[];
  awaySince: (Date | null)[];
  pauseMs: number;
  /** how soon an away seat's substitute acts (a bot's pace) */
  awayPaceMs: number;
  /** seats whose person has read the last result already (a hand replacing one that waited) */
  ready?: number[];
}

/**
 * What a hand's seats carry into the hand dealt after it to `seating`: a seat still held by the
 * player it was dealt to stays away (since the time it went) with its expiries in a row; a seat
 * that passed to another player (the host handed it on) starts afresh, its new holder present.
 */
export function carriedOver(
  hand: Pick<HandRow, 'seating' | 'away' | 'misses' | 'awaySince'>,
  seating: readonly string[],
): Pick<DealStart, 'away' | 'misses' | 'awaySince'> {
  const kept = (seat: number) => seating[seat] === hand.seating[seat];
  const misses = hand.misses.map((m, seat) => (kept(seat) ? m : 0));
  const away = hand.away.filter(kept);
  return {
    away,
    misses: misses.some((m) => m > 0) ? misses : [],
    awaySince: away.length ? seating.map((_, seat) => (away.includes(seat) ? (hand.awaySince[seat] ?? new Date()) : null)) : [],
  };
}

/**
 * A table's next hand (docs/design.md#event-log), to be opened by the command handler: a 256-bit
 * seed from the CSPRNG, the deck from the engine's seeded shuffle, and an opening event (seq 0)
 * that records the rule profile, seating, dealer, setup and the commitment to seed and deck —
 * never the deck itself, which stays in the hand row until the hand is over. `seed` re-deals the
 * cards of an earlier seed (a hand voided unplayed and replaced when the session end was
 * requested between deals, table-session.ts); otherwise a fresh one.
 */
export function dealOpening(table: TableForDeal, setup: HandSetup, at: { handId: string; seed?: string }, start: DealStart): Opening {
  const id = at.handId;
  const seed = at.seed ?? randomBytes(32).toString('hex');
  const game = gameFor(table.game);
  const deck = shuffle(seed, game.deck(table.options));
  const state = game.deal(table.options, deck, setup);
  const now = new Date();
  const opening = {
    seq: 0,
    type: 'deal',
    seat: null,
    payload: {
      game: table.game,
      rules: nestOptions(table.options),
      tableId: table.id,
      handNumber: table.handNumber,
      seating: table.seating.map((playerId, seat) => ({ seat, playerId })),
      dealer: setup.dealer,
      setup,
      deckCommitment: dealCommitment(seed, { deck }),
    },
    commandId: `deal:${id}`,
    createdAt: now,
  };
  return {
    hand: {
      id,
      tableId: table.id,
      number: table.handNumber,
      game: table.game,
      options: table.options,
      seatCount: table.seating.length,
      dealer: setup.dealer,
      setup,
      seating: table.seating,
      seed,
      deck,
      dealtHands: null,
      source: 'table',
      turnSeconds: table.turnSeconds,
      away: start.away,
      misses: start.misses,
      awaySince: start.awaySince,
      // Nobody acts before the people have read the last result, or said they have (ready).
      heldUntil: start.pauseMs > 0 ? new Date(now.getTime() + start.pauseMs) : null,
      ready: start.pauseMs > 0 ? (start.ready ?? []) : [],
    },
    events: [opening],
    projection: projectionOf(game, state, 0, { now, turnSeconds: table.turnSeconds, ...start }),
  };
}
