import type { Action, Card, GameId, HandSetup } from './types.js';

/** How a hand's cards were given: a deck in deal order (index 0 = top), or (hand records) hands and talon. */
export type DealSource =
  { deck: Card[]; hands?: undefined; talon?: undefined } | { hands: (Card[] | null)[]; talon: Card[]; deck?: undefined };

/**
 * The one record of a hand (docs/contract.md#hand-records): rules, the deal's setup (dealer and
 * the session's `context`: a Mußrunde deal, a compulsory solo …), the cards and the ordered
 * actions; optionally who sat where. The hand is `replay(game, record)` (replay.ts); a record
 * without its context does not replay (a Mußrunde deal would open with an auction).
 */
export type HandRecord<G extends GameId = GameId> = {
  game: G;
  /** Rule options, nested or flat dotted, as the game's `parseOptions` takes them; omitted ones take their defaults. */
  rules?: Record<string, unknown>;
  dealer: number;
  context?: Record<string, unknown>;
  actions: Action[];
  /** Player id per seat; null where the player is not known. */
  seating?: (string | null)[];
} & DealSource;

/** The setup the record was dealt with. */
export const setupOf = (record: { dealer: number; context?: Record<string, unknown> }): HandSetup =>
  record.context ? { dealer: record.dealer, context: record.context } : { dealer: record.dealer };

/** The cards of a record, without the rest. */
export const dealSourceOf = (record: DealSource): DealSource =>
  record.deck ? { deck: record.deck } : { hands: record.hands, talon: record.talon };
