import { gameFor } from '../engine/index.js';
import { Codes, rejection } from '../engine/core/rejections.js';
import { ApiError, fromRejection } from '../common/problems.js';
import type { HandProjection, HandRow, HandStatus, SeatTurn } from './hand-row.js';
import { projectionOf } from './projection.js';
import { handView } from './views.js';

/** Who acts: a seated player (a person or a bot's account), named by its player id. */
export interface Actor {
  playerId: string;
}

/** A command on a hand: this actor's action, sent against the hand at `expectedSeq`. */
export interface HandCommand {
  actor: Actor;
  expectedSeq: number;
  action: Record<string, unknown>;
  /**
   * Set when the seat's substitute acts for the actor (the event is marked `by: substitute`). It
   * may, when the seat is away (it covers the seat) or its clock has run out (a missed decision);
   * which, the hand decides as it is when the command lands, not as it was when it was sent.
   */
  substitute?: true;
}

/** What an accepted command makes: the one event, the hand row's new projection and the actor's new view. */
export interface Decision {
  event: { seq: number; type: string; seat: number; payload: Record<string, unknown>; by?: 'substitute' };
  projection: HandProjection;
  /** The acting seat's presence after it (hand-row.ts SeatTurn). */
  turn: SeatTurn;
  /** The seat's view at the new seq: the command's answer (the hand's end may still add `nextHandId`). */
  answer: Record<string, unknown>;
}

/** The hand is not where the command expected it; `currentSeq` only when the copy decided on is known to be current. */
export interface Stale {
  stale: true;
  currentSeq?: number;
}

/**
 * The command's whole meaning, with no I/O: decided on a copy of the hand. The checks run in
 * the order of the contract's codes — 403 seat, 400 shape, 409 seq, 422 rules — so the same
 * request meets the same refusal wherever it is decided. A refusal is thrown as an ApiError;
 * a stale seq is returned, as the copy itself may be the stale one (the handler reloads once).
 */
export function decide(
  hand: HandRow,
  cmd: HandCommand,
  copyIsCurrent: boolean,
  clock: { now: Date; awayPaceMs: number },
): Decision | Stale {
  const seat = hand.seating.indexOf(cmd.actor.playerId);
  if (seat < 0) throw ApiError.of('NOT_SEATED', 'only the players seated at this hand may act in it');
  const game = gameFor(hand.game);
  const parsed = game.parseAction({ ...cmd.action, seat });
  if (!parsed.ok) throw fromRejection(parsed.rejection);
  if (hand.seq !== cmd.expectedSeq) return copyIsCurrent ? { stale: true, currentSeq: hand.seq } : { stale: true };
  if (hand.status === 'void') throw ApiError.of('HAND_CLOSED', 'the hand was dropped: its session ended, or its people were all away');
  const applied = game.apply(hand.state, parsed.action);
  if (!applied.ok) throw fromRejection(applied.rejection);

  const seq = hand.seq + 1;
  const turn: SeatTurn = { seat, kind: cmd.substitute ? substituteTurn(hand, seat, clock.now) : 'acted' };
  // The seats away as the copy knows them; the row's own count of expiries decides a new one (hand-store.ts).
  const away = turn.kind === 'acted' ? hand.away.filter((s) => s !== seat) : hand.away;
  const projection = projectionOf(game, applied.state, seq, { ...clock, turnSeconds: hand.turnSeconds, away });
  const after = { ...hand, status: projection.status as HandStatus, deadline: projection.deadline, away };
  const answer = handView(game, after, applied.state, seq, { kind: 'seat', seat });
  const event = { seq, type: parsed.action.type, seat, payload: parsed.action, ...(cmd.substitute ? { by: 'substitute' as const } : {}) };
  return { event, projection, turn, answer };
}

/**
 * Why the seat's substitute may act now. A substitute's decision takes a while (the strong bot
 * thinks): the person may press "I'm back" meanwhile, which sets their clock again, and then the
 * decision is theirs until it runs out.
 */
function substituteTurn(hand: HandRow, seat: number, now: Date): 'covered' | 'missed' {
  if (hand.away.includes(seat)) return 'covered';
  if (hand.deadline !== null && hand.deadline <= now) return 'missed';
  throw fromRejection(rejection(Codes.NOT_YOUR_TURN, "the seat's player is back and has time left on the clock"));
}
