import { Injectable } from '@nestjs/common';
import { gameFor, type Viewer } from '../engine/index.js';
import type { Caller } from '../common/auth.js';
import { DatabaseService } from '../database/database.service.js';
import { etagOf } from './conditional.js';
import { HandCache, type CachedHand } from './hand-cache.js';
import type { Move } from './hand-watch.js';
import { loadHand, nextHandId, peekHand, readEvents } from './hand-store.js';
import { SeatPresence } from './presence.js';
import { handView, viewerOf, visibleEvents } from './views.js';

/** The hand at one seq: its view's `status` (`active`, `over` or `void`) and the view of any viewer. */
export interface HandSnapshot {
  seq: number;
  status: 'active' | 'over' | 'void';
  seating: readonly (string | null)[];
  /** The table it was dealt at (null: an imported record). */
  tableId: string | null;
  /** The seats whose players are connected (presence.ts), as the views say. */
  present: readonly number[];
  /** What the views say of the seats at this seq (seatsMark): a change is sent again at the same seq. */
  seats: string;
  /** Once the hand has ended: the hand its table dealt next, if any. */
  nextHandId?: string;
  viewFor(viewer: Viewer): Record<string, unknown>;
  /** The view's JSON: for the seat whose action made this seq, its answer's, serialized then. */
  jsonFor(viewer: Viewer): string;
}

/**
 * A hand as its readers see it: the views of seats, spectators and the auditor, and the event
 * log. Every write goes through the command handler (hand-commands.ts).
 */
@Injectable()
export class HandsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly cache: HandCache,
    private readonly presence: SeatPresence,
  ) {}

  /** The caller's view; `known`, a move just announced, may spare the read (`snapshot`). */
  async view(handId: string, caller: Caller, known?: Move): Promise<Record<string, unknown>> {
    const snap = await this.snapshot(handId, known);
    return snap.viewFor(viewerOf(caller, snap.seating));
  }

  /**
   * The view, unless `held` says the caller holds this version already (its ETag, etagOf):
   * then null, and no view is built — a long poll that is about to wait needs only the seq.
   */
  async viewUnlessHeld(handId: string, caller: Caller, held: (etag: string) => boolean): Promise<Record<string, unknown> | null> {
    const snap = await this.snapshot(handId);
    return held(etagOf(snap)) ? null : snap.viewFor(viewerOf(caller, snap.seating));
  }

  /**
   * One read of the hand from which any viewer's view is built (the stream shares it between its
   * readers); none when `known` (a move just announced) names the cached copy's seq and status.
   */
  async snapshot(handId: string, known?: Move): Promise<HandSnapshot> {
    const hand = await this.current(handId, known);
    const game = gameFor(hand.game);
    const status = hand.status === 'void' ? 'void' : game.isOver(hand.state) ? 'over' : 'active';
    // Whoever waited on the hand learns where the table went on, as the last actor did.
    const next =
      status !== 'active' && hand.tableId !== null && hand.number !== null
        ? await nextHandId(this.db.pool, hand.tableId, hand.number)
        : undefined;
    const present = await this.presence.seatsAt(hand.tableId, hand.seating);
    const viewFor = (viewer: Viewer) => {
      const view = handView(game, { ...hand, present }, hand.state, hand.seq, viewer);
      if (next) view.nextHandId = next;
      return view;
    };
    const own = hand.answered; // the actor's answer at this seq, when this instance wrote it
    return {
      seq: hand.seq,
      status,
      seating: hand.seating,
      tableId: hand.tableId,
      present,
      seats: seatsMark(present, hand.away, hand.deadline?.toISOString() ?? null, hand.offered ?? [], holdMark(hand.seq === 0 ? hand : {})),
      ...(next ? { nextHandId: next } : {}),
      viewFor,
      jsonFor: (viewer) =>
        viewer.kind === 'seat' && own?.seat === viewer.seat && sameSeats(own.present, present) ? own.json : JSON.stringify(viewFor(viewer)),
    };
  }

  /**
   * The hand as stored now. Seats read their view after every action, so the cached copy is
   * used when `known` (a move just announced) names its seq and status, or when one narrow read
   * shows the row still at them (another instance may have written since); otherwise the whole
   * row is read and cached.
   */
  private async current(handId: string, known?: Move): Promise<CachedHand> {
    const cached = this.cache.get(handId);
    // A change of seats (away, back, an offer) keeps the seq: only the row can say whether the copy has it.
    if (cached && !known?.seats && known?.seq === cached.seq && known.status === cached.status) return cached;
    if (cached) {
      const now = await peekHand(this.db.pool, { tableId: cached.homeTableId, handId });
      const sameDeadline = (now?.deadline?.getTime() ?? null) === (cached.deadline?.getTime() ?? null);
      if (
        now?.seq === cached.seq &&
        now.status === cached.status &&
        sameSeats(now.away ?? [], cached.away) &&
        sameSeats(now.offered ?? [], cached.offered ?? []) &&
        sameSeats(now.ready ?? [], cached.ready) &&
        sameDeadline
      )
        return cached;
    }
    const fresh = await loadHand(this.db.pool, await this.cache.locate(this.db.pool, handId));
    this.cache.set(fresh);
    return fresh;
  }

  async events(handId: string, caller: Caller): Promise<Record<string, unknown>[]> {
    const hand = await loadHand(this.db.pool, await this.cache.locate(this.db.pool, handId));
    const events = await readEvents(this.db.pool, { tableId: hand.homeTableId, handId: hand.id });
    return visibleEvents(gameFor(hand.game), events, viewerOf(caller, hand.seating), hand.state);
  }
}

const sameSeats = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * What a view says of its seats besides the seq — who is present, who is away, the deadline,
 * which seats are offered, who has read the last result (`hold`) — as one text: a reader
 * holding the view at a seq is sent it again when this changes.
 */
const seatsMark = (
  present: readonly number[],
  away: readonly number[],
  deadline: string | null,
  offered: readonly number[],
  hold: string,
): string => `${present.join(',')}|${away.join(',')}|${deadline ?? ''}|${offered.join(',')}|${hold}`;

/** What a view says of the seats at its seq (seatsMark), from the view itself. */
export const viewSeatsMark = (view: Record<string, unknown>): string =>
  seatsMark(
    (view.present as number[]) ?? [],
    (view.away as number[]) ?? [],
    (view.deadline as string | null) ?? null,
    (view.offered as number[]) ?? [],
    holdMark(view as { heldUntil?: string | null; ready?: number[] }),
  );

/** The wait after the last result as the views say it (views.ts): until when, and who is ready. */
const holdMark = (hand: { heldUntil?: string | Date | null; ready?: readonly number[] }): string =>
  `${hand.heldUntil instanceof Date ? hand.heldUntil.toISOString() : (hand.heldUntil ?? '')}/${(hand.ready ?? []).join(',')}`;
