import { redactAction, type Action, type Game, type Viewer } from '../engine/index.js';
import type { Caller } from '../common/auth.js';
import type { StoredEvent } from './event-hash.js';
import type { HandRow } from './hand-row.js';

/**
 * Who sees what (docs/design.md#hidden-information): a seated player sees its seat's
 * view, the auditor everything, any other player the spectator view (public record only).
 */
export function viewerOf(caller: Caller, seating: readonly (string | null)[]): Viewer {
  if (caller.kind === 'auditor') return { kind: 'auditor' };
  const seat = seating.indexOf(caller.playerId);
  return seat >= 0 ? { kind: 'seat', seat } : { kind: 'spectator' };
}

/**
 * The engine's view for `viewer` plus the hand's ids and `seq`. Nothing is added that the
 * engine view does not already show, except the public result once the hand is over.
 * Seq convention: `seq` is the seq of the hand's latest event (0 = the deal); a client sends
 * it back as `expectedSeq` and its accepted action becomes event `seq + 1`.
 */
export function handView(
  game: Game,
  hand: Pick<HandRow, 'id' | 'tableId' | 'number' | 'dealer' | 'status'> &
    Partial<Pick<HandRow, 'turnSeconds' | 'deadline' | 'away' | 'offered' | 'heldUntil' | 'ready'>> & { present?: readonly number[] },
  state: unknown,
  seq: number,
  viewer: Viewer,
): Record<string, unknown> {
  const view = game.view(state, viewer);
  const out: Record<string, unknown> = {
    id: hand.id,
    tableId: hand.tableId,
    number: hand.number,
    seq,
    status: hand.status === 'void' ? 'void' : game.isOver(state) ? 'over' : 'active',
    dealer: hand.dealer,
    phase: game.phase(state),
    toAct: game.toAct(state),
    // The turn clock: the same absolute deadline for every viewer, so every client counts down alike.
    turnSeconds: hand.turnSeconds ?? null,
    deadline: hand.deadline?.toISOString() ?? null,
    away: hand.away ?? [],
    // Away seats the host offers to a newcomer, who plays them from the next hand (docs/contract.md#handover).
    offered: hand.offered ?? [],
    // Who is connected (presence.ts): as this instance knows it when the view is built.
    present: hand.present ?? [],
    // The hand waits, before its first move, while the people read the table's last result
    // (docs/contract.md#next-hand): until then, or until every person seated is ready.
    heldUntil: seq === 0 ? (hand.heldUntil?.toISOString() ?? null) : null,
    ready: seq === 0 ? (hand.ready ?? []) : [],
    ...view,
  };
  if (viewer.kind === 'seat' && out.legalActions === undefined) out.legalActions = game.legalActions(state, viewer.seat);
  if (out.result === undefined) out.result = game.isOver(state) ? game.result(state) : null;
  return out;
}

/** The log as `viewer` may see it: hidden parts of actions redacted by the engine's rules. */
export function visibleEvents(game: Game, events: readonly StoredEvent[], viewer: Viewer, current: unknown): Record<string, unknown>[] {
  const over = game.isOver(current);
  return events.map((e) => {
    const payload = e.seq === 0 ? e.payload : redact(game, e.payload as unknown as Action, viewer, current, over);
    const out: Record<string, unknown> = { seq: e.seq, type: e.type, seat: e.seat, payload, createdAt: e.createdAt.toISOString() };
    if (e.by) out.by = e.by;
    // Hashes are over the unredacted event: shown to the auditor only, so that nobody can
    // test guesses of a hidden discard against them.
    if (viewer.kind === 'auditor') Object.assign(out, { commandId: e.commandId, prevHash: e.prevHash, hash: e.hash });
    return out;
  });
}

function redact(game: Game, action: Action, viewer: Viewer, current: unknown, over: boolean): Action {
  return game.redactAction ? game.redactAction(action, viewer, current) : redactAction(action, viewer, over);
}
