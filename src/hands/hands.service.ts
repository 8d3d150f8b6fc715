import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { gameFor, type HandResult, type Viewer } from '../engine/index.js';
import type { Caller } from '../common/auth.js';
import { ApiError, fromRejection } from '../common/problems.js';
import { DatabaseService, type Tx } from '../database/database.service.js';
import { canonicalJson, sha256Hex } from '../events/canonical.js';
import { etagOf } from './conditional.js';
import { HandCache, type CachedHand } from './hand-cache.js';
import { HandWatch, type Move } from './hand-watch.js';
import type { HandRow, HandStatus } from './hand-row.js';
import {
  append,
  loadHand,
  nextHandId,
  peekHand,
  readEvents,
  routeOf,
  storedAnswer,
  type HandAt,
  type NewEvent,
  type StoredAnswer,
} from './hand-store.js';
import { projectionOf } from './projection.js';
import { handView, viewerOf, visibleEvents } from './views.js';

export interface ActCommand {
  handId: string;
  caller: Caller & { kind: 'player' };
  expectedSeq: number;
  action: Record<string, unknown>;
  idempotencyKey?: string;
  /**
   * Told the answer once its event is stored and cached, before this instance's readers of the
   * hand are woken: a WebSocket that will send it as the answer sends its seat no line for it.
   */
  onStored?: (answer: ActAnswer) => void;
}

/** The hand at one seq: its view's `status` (`active`, `over` or `void`) and the view of any viewer. */
export interface HandSnapshot {
  seq: number;
  status: 'active' | 'over' | 'void';
  seating: readonly (string | null)[];
  /** Once the hand has ended: the hand its table dealt next, if any. */
  nextHandId?: string;
  viewFor(viewer: Viewer): Record<string, unknown>;
  /** The view's JSON: for the seat whose action made this seq, its answer's, serialized then. */
  jsonFor(viewer: Viewer): string;
}

/**
 * An action's answer, the seat's new view, with its JSON: serialized once, and sent as it is —
 * as the answer, as the answer stored under an Idempotency-Key, and as the seat's stream line.
 */
export interface ActAnswer {
  view: Record<string, unknown>;
  json: string;
}

type Idem = { key: string; requestHash: string };
type Decided = { answer: ActAnswer } | { conflict: true; currentSeq?: number };

/**
 * What happens when a hand ends, inside the transaction of its last event: the table books it
 * and deals the next hand, whose id it returns (src/tables/table-session.ts registers itself).
 */
export type HandEnd = (tx: Tx, hand: HandRow, finalState: unknown, result: HandResult) => Promise<string | null>;

/**
 * A hand's life, top to bottom: the deal (src/tables/dealing.ts), then per action — check the
 * expected seq, let the engine parse and apply the action, append the event with the new
 * projection in one statement (hand-store.ts) and, when the hand is over, in the same
 * transaction let its table book it and deal the next one (the `beforeCommit` hook, `HandEnd`).
 */
@Injectable()
export class HandsService {
  private handEnd: HandEnd = async () => null;

  constructor(
    private readonly db: DatabaseService,
    private readonly cache: HandCache,
    private readonly watch: HandWatch,
  ) {}

  /** The tables module's part of a hand's end (one hook: the table session). */
  onHandEnd(hook: HandEnd): void {
    this.handEnd = hook;
  }

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
    const viewFor = (viewer: Viewer) => {
      const view = handView(game, hand, hand.state, hand.seq, viewer);
      if (next) view.nextHandId = next;
      return view;
    };
    const own = hand.answered; // the actor's answer at this seq, when this instance wrote it
    return {
      seq: hand.seq,
      status,
      seating: hand.seating,
      ...(next ? { nextHandId: next } : {}),
      viewFor,
      jsonFor: (viewer) => (viewer.kind === 'seat' && own?.seat === viewer.seat ? own.json : JSON.stringify(viewFor(viewer))),
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
    if (cached && known?.seq === cached.seq && known.status === cached.status) return cached;
    if (cached) {
      const now = await peekHand(this.db.pool, { tableId: cached.homeTableId, handId });
      if (now?.seq === cached.seq && now.status === cached.status) return cached;
    }
    const fresh = await loadHand(this.db.pool, await this.locate(handId));
    this.cache.set(fresh);
    return fresh;
  }

  /**
   * Where a hand's rows are, for a request that names only the hand: the route this instance
   * remembers, or one read of `hand_tables` (docs/scaling.md "Finding a hand's table").
   */
  private async locate(handId: string): Promise<HandAt> {
    let tableId = this.cache.route(handId);
    if (tableId === undefined) {
      tableId = await routeOf(this.db.pool, handId);
      if (tableId === undefined) throw ApiError.of('HAND_NOT_FOUND', `no hand ${handId}`);
      this.cache.setRoute(handId, tableId);
    }
    return { tableId, handId };
  }

  async events(handId: string, caller: Caller): Promise<Record<string, unknown>[]> {
    const hand = await loadHand(this.db.pool, await this.locate(handId));
    const events = await readEvents(this.db.pool, { tableId: hand.homeTableId, handId: hand.id });
    return visibleEvents(gameFor(hand.game), events, viewerOf(caller, hand.seating), hand.state);
  }

  /**
   * Usually one round-trip: the hand comes from the cache and the append is a single
   * conditional statement. A failed condition (another request or instance was first) reloads
   * the hand once: then either the client's seq is stale (409) or our copy was, and we retry.
   * An idempotency key costs no round-trip of its own: the append stores the answer under the
   * key and fails if the key was answered before; that answer is then read with the reloaded
   * hand, and once more only when a race was lost — a concurrent retry may have won it.
   */
  async act(cmd: ActCommand): Promise<ActAnswer> {
    // Scoped to player and hand, so keys chosen by different clients never collide.
    // The key names this one request: the same key with another body is refused, not answered.
    const idem: Idem | null = cmd.idempotencyKey
      ? {
          key: sha256Hex(`${cmd.caller.playerId}\n${cmd.handId}\n${cmd.idempotencyKey}`),
          requestHash: sha256Hex(canonicalJson({ expectedSeq: cmd.expectedSeq, action: cmd.action })),
        }
      : null;
    const cached = this.cache.get(cmd.handId);
    if (cached) {
      // A key is not looked up first: its append stores the answer under the key, which fails
      // (a conflict, handled below with the stored answer) if the key was answered before.
      const first = await this.decideOrAnswered(cached, cmd, idem);
      if ('answer' in first) return first.answer;
    }
    const at = await this.locate(cmd.handId);
    const { answer: prior, ...fresh } = await loadHand(this.db.pool, at, idem ? { answerTo: idem.key } : {});
    if (prior && idem) return answered(prior, idem);
    this.cache.set(fresh);
    const second = await this.decide(fresh, cmd, idem, false);
    if ('answer' in second) return second.answer;
    // Stale, or lost a race on a fresh copy: a concurrent request with the same key may have won it.
    const late = idem ? await storedAnswer(this.db.pool, at.tableId, idem.key) : undefined;
    if (late && idem) return answered(late, idem);
    throw staleSeq(cmd.expectedSeq, second.currentSeq ?? null);
  }

  /**
   * `decide` on the cached copy; if it refuses the action and a key came with it, the key's
   * stored answer (or IDEMPOTENCY_KEY_REUSED) takes precedence, as a request repeated after
   * its success must get that answer whatever the copy says.
   */
  private async decideOrAnswered(hand: HandRow, cmd: ActCommand, idem: Idem | null): Promise<Decided> {
    try {
      return await this.decide(hand, cmd, idem, true);
    } catch (err) {
      const prior = idem && err instanceof ApiError ? await storedAnswer(this.db.pool, hand.homeTableId, idem.key) : undefined;
      if (prior && idem) return { answer: answered(prior, idem) };
      throw err;
    }
  }

  private async decide(hand: HandRow, cmd: ActCommand, idem: Idem | null, fromCache: boolean): Promise<Decided> {
    // Checks run in the order of docs/contract.md codes: 403 seat, 400 shape, 409 seq, 422 rules.
    const seat = hand.seating.indexOf(cmd.caller.playerId);
    if (seat < 0) throw ApiError.of('NOT_SEATED', 'only the players seated at this hand may act in it');
    const game = gameFor(hand.game);
    const parsed = game.parseAction({ ...cmd.action, seat });
    if (!parsed.ok) throw fromRejection(parsed.rejection);
    if (hand.seq !== cmd.expectedSeq) return fromCache ? { conflict: true } : { conflict: true, currentSeq: hand.seq };
    if (hand.status === 'void') throw ApiError.of('HAND_CLOSED', 'the hand was dropped when the session ended');
    const applied = game.apply(hand.state, parsed.action);
    if (!applied.ok) throw fromRejection(applied.rejection);

    const seq = hand.seq + 1;
    const projection = projectionOf(game, applied.state, seq);
    const event: NewEvent = {
      seq,
      type: parsed.action.type,
      seat,
      payload: parsed.action,
      commandId: idem?.key ?? randomUUID(),
      createdAt: new Date(),
    };
    const answer = handView(game, { ...hand, status: projection.status as HandStatus }, applied.state, seq, { kind: 'seat', seat });
    // Serialized when first needed: by the store of an Idempotency-Key's answer, after `ended` added to it.
    let json: string | undefined;
    const answerJson = () => (json ??= JSON.stringify(answer));
    const result = projection.result;
    const ended = result
      ? async (tx: Tx) => {
          const next = await this.handEnd(tx, hand, applied.state, result);
          if (next) answer.nextHandId = next;
          // The next hand is dealt at the same table: its seats' first views need no route lookup.
          if (next) this.cache.setRoute(next, hand.homeTableId);
        }
      : undefined;
    const at = { tableId: hand.homeTableId, handId: hand.id };
    // The move is announced on this instance once the new hand is cached, not when its notification comes.
    const announce = this.watch.writing(hand.id, seq);
    let moved: Required<Move> | null = null;
    try {
      const written = await append(this.db, { ...at, seq: hand.seq, lastHash: hand.lastHash, stateSeq: hand.stateSeq }, event, projection, {
        ...(idem ? { idempotency: { ...idem, answer: answerJson } } : {}),
        ...(ended ? { beforeCommit: ended } : {}),
      });
      if (!written.appended) {
        this.cache.drop(hand.id);
        return { conflict: true };
      }
      const sent: ActAnswer = { view: answer, json: answerJson() };
      const cached: CachedHand = {
        ...hand,
        seq,
        state: applied.state,
        lastHash: written.hash,
        stateSeq: written.stateSeq,
        status: projection.status as HandStatus,
        phase: projection.phase,
        toAct: projection.toAct,
        answered: { seat, json: sent.json },
      };
      this.cache.set(cached);
      cmd.onStored?.(sent);
      moved = { handId: hand.id, seq, status: projection.status };
      return { answer: sent };
    } finally {
      announce(moved);
    }
  }
}

/** A stored answer to the same key: given again as it was sent, unless the key came with another body. */
function answered(stored: StoredAnswer, idem: Idem): ActAnswer {
  if (stored.requestHash !== null && stored.requestHash !== idem.requestHash) {
    throw ApiError.of('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was sent with another body; use a new key for a new request');
  }
  return { view: JSON.parse(stored.body) as Record<string, unknown>, json: stored.body };
}

function staleSeq(expected: number, current: number | null): ApiError {
  const at = current === null ? 'the hand has moved on' : `the hand is at seq ${current}`;
  return ApiError.of(
    'STALE_SEQ',
    `expected seq ${expected}, but ${at}; fetch the hand and retry`,
    current === null ? {} : { currentSeq: current },
  );
}
