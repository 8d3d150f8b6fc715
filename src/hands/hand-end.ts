import type { HandResult } from '../engine/index.js';
import type { Tx } from '../database/database.service.js';
import type { NewEvent } from './event-hash.js';
import type { HandProjection, HandRow, NewHand } from './hand-row.js';

/** A hand to open: its row, its opening events (the deal, or an imported record's whole log) and the projection after them. */
export interface Opening {
  hand: NewHand;
  events: NewEvent[];
  projection: HandProjection;
}

/**
 * What happens when a hand ends, inside the transaction of its last event: its table books it
 * and says which hand to deal next, if any (the tables module provides it: table-booking.ts).
 * The command handler opens that hand in the same transaction.
 */
export interface HandEnd {
  afterHand(tx: Tx, hand: HandRow, finalState: unknown, result: HandResult): Promise<Opening | null>;
  /**
   * A seat's player, away, is back (`POST back`, or an action of theirs): the table withdraws any
   * offer of the seat — a seat is handed on only while the player dealt it is away.
   */
  seatBack(tx: Pick<Tx, 'query'>, seat: { tableId: string; seat: number; playerId: string }): Promise<void>;
}

/** The injection token of the HandEnd provider. */
export const HAND_END = Symbol('HandEnd');
