import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { games } from '../engine/index.js';
import type { Caller } from '../common/auth.js';
import { ApiError, fromRejection } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { canonicalJson, sha256Hex } from '../events/canonical.js';
import { appendEvent, readEvents, type HandProjection, type NewEvent } from '../events/event-store.js';
import { HandCache } from './hand-cache.js';
import { loadHand, type HandRow, type HandStatus } from './hand-row.js';
import { projectionOf } from './projection.js';
import { TableSession } from './table-session.js';
import { handView, viewerOf, visibleEvents } from './views.js';

export interface ActCommand {
  handId: string;
  caller: Caller & { kind: 'player' };
  expectedSeq: number;
  action: Record<string, unknown>;
  idempotencyKey?: string;
}

type Idem = { key: string; requestHash: string };
type Decided = { answer: Record<string, unknown> } | { conflict: true; currentSeq?: number };

/**
 * A hand's life, top to bottom: the deal (dealing.ts), then per action — check the expected
 * seq, let the engine parse and apply the action, append the event with the new projection
 * in one statement and, when the hand is over, in the same transaction book it and deal the
 * next one (table-session.ts).
 */
@Injectable()
export class HandsService {
  constructor(
    private readonly db: DatabaseService,
    private readonly session: TableSession,
    private readonly cache: HandCache,
  ) {}

  async view(handId: string, caller: Caller): Promise<Record<string, unknown>> {
    const hand = await this.current(handId);
    const view = handView(games[hand.game], hand, hand.state, hand.seq, viewerOf(caller, hand.seating));
    // Whoever waited on the hand learns where the table went on, as the last actor did.
    if (view.status !== 'active' && hand.tableId !== null && hand.number !== null) {
      const next = await this.db.pool.query<{ id: string }>({
        name: 'next-hand',
        text: 'SELECT id FROM hands WHERE table_id = $1 AND number > $2 ORDER BY number LIMIT 1',
        values: [hand.tableId, hand.number],
      });
      if (next.rows[0]) view.nextHandId = next.rows[0].id;
    }
    return view;
  }

  /**
   * The hand as stored now. Seats read their view after every action, so the cached copy is
   * used when one narrow read shows the row still at its seq and status (another instance may
   * have written since); otherwise the whole row is read and cached.
   */
  private async current(handId: string): Promise<HandRow> {
    const cached = this.cache.get(handId);
    if (cached) {
      const { rows } = await this.db.pool.query<{ seq: number; status: string }>({
        name: 'hand-seq',
        text: 'SELECT seq, status FROM hands WHERE id = $1',
        values: [handId],
      });
      if (rows[0]?.seq === cached.seq && rows[0].status === cached.status) return cached;
    }
    const fresh = await loadHand(this.db.pool, handId);
    this.cache.set(fresh);
    return fresh;
  }

  async events(handId: string, caller: Caller): Promise<Record<string, unknown>[]> {
    const hand = await loadHand(this.db.pool, handId);
    const events = await readEvents(this.db.pool, hand.id);
    return visibleEvents(games[hand.game], events, viewerOf(caller, hand.seating), hand.state);
  }

  /**
   * Usually one round-trip: the hand comes from the cache and the append is a single
   * conditional statement. A failed condition (another request or instance was first) reloads
   * the hand once: then either the client's seq is stale (409) or our copy was, and we retry.
   */
  async act(cmd: ActCommand): Promise<Record<string, unknown>> {
    // Scoped to player and hand, so keys chosen by different clients never collide.
    // The key names this one request: the same key with another body is refused, not answered.
    const idem: Idem | null = cmd.idempotencyKey
      ? {
          key: sha256Hex(`${cmd.caller.playerId}\n${cmd.handId}\n${cmd.idempotencyKey}`),
          requestHash: sha256Hex(canonicalJson({ expectedSeq: cmd.expectedSeq, action: cmd.action })),
        }
      : null;
    if (idem) {
      const prior = await this.firstAnswer(idem);
      if (prior) return prior;
    }
    const cached = this.cache.get(cmd.handId);
    if (cached) {
      const first = await this.decide(cached, cmd, idem, true);
      if ('answer' in first) return first.answer;
      // A concurrent retry with the same key may have been first.
      const prior = idem ? await this.firstAnswer(idem) : null;
      if (prior) return prior;
    }
    const fresh = await loadHand(this.db.pool, cmd.handId);
    this.cache.set(fresh);
    const second = await this.decide(fresh, cmd, idem, false);
    if ('answer' in second) return second.answer;
    // Stale, or lost a race on a fresh copy: a concurrent request with the same key may have won it.
    const prior = idem ? await this.firstAnswer(idem) : null;
    if (prior) return prior;
    throw staleSeq(cmd.expectedSeq, second.currentSeq ?? null);
  }

  private async decide(hand: HandRow, cmd: ActCommand, idem: Idem | null, fromCache: boolean): Promise<Decided> {
    // Checks run in the order of CONTRACT.md's codes: 403 seat, 400 shape, 409 seq, 422 rules.
    const seat = hand.seating.indexOf(cmd.caller.playerId);
    if (seat < 0) throw ApiError.of('NOT_SEATED', 'only the players seated at this hand may act in it');
    const game = games[hand.game];
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
    const written = projection.result
      ? await this.appendLast(hand, event, projection, answer, idem)
      : await this.appendOne(hand, event, projection, answer, idem);
    if (!written) {
      this.cache.drop(hand.id);
      return { conflict: true };
    }
    this.cache.set({
      ...hand,
      seq,
      state: applied.state,
      lastHash: written,
      status: projection.status as HandStatus,
      phase: projection.phase,
      toAct: projection.toAct,
    });
    return { answer };
  }

  private async appendOne(
    hand: HandRow,
    event: NewEvent,
    p: HandProjection,
    answer: Record<string, unknown>,
    idem: Idem | null,
  ): Promise<string | null> {
    const res = await appendEvent(
      this.db.pool,
      hand.id,
      hand,
      event,
      p,
      idem ? { ...idem, body: JSON.stringify(answer) } : undefined,
    ).catch(conflictOnDuplicate);
    return res.appended ? res.hash : null;
  }

  /** The hand's last action: the event, its ledger entries and the next deal in one transaction. */
  private async appendLast(
    hand: HandRow,
    event: NewEvent,
    p: HandProjection,
    answer: Record<string, unknown>,
    idem: Idem | null,
  ): Promise<string | null> {
    return this.db
      .transaction(async (tx) => {
        const res = await appendEvent(tx, hand.id, hand, event, p);
        if (!res.appended) return null;
        const nextHandId = await this.session.afterHand(tx, hand, p.state, p.result!);
        if (nextHandId) answer.nextHandId = nextHandId;
        if (idem) {
          await tx.query('INSERT INTO idempotent_responses (key, hand_id, status, body, request_hash) VALUES ($1, $2, 200, $3, $4)', [
            idem.key,
            hand.id,
            JSON.stringify(answer),
            idem.requestHash,
          ]);
        }
        return res.hash;
      })
      .catch((err: unknown) => {
        conflictOnDuplicate(err);
        return null;
      });
  }

  private async firstAnswer(idem: Idem): Promise<Record<string, unknown> | null> {
    const { rows } = await this.db.pool.query<{ body: string; request_hash: string | null }>({
      name: 'idem-get',
      text: 'SELECT body, request_hash FROM idempotent_responses WHERE key = $1',
      values: [idem.key],
    });
    const row = rows[0];
    if (!row) return null;
    if (row.request_hash !== null && row.request_hash !== idem.requestHash) {
      throw ApiError.of('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was sent with another body; use a new key for a new request');
    }
    return JSON.parse(row.body) as Record<string, unknown>;
  }
}

function staleSeq(expected: number, current: number | null): ApiError {
  const at = current === null ? 'the hand has moved on' : `the hand is at seq ${current}`;
  return ApiError.of(
    'STALE_SEQ',
    `expected seq ${expected}, but ${at}; fetch the hand and retry`,
    current === null ? {} : { currentSeq: current },
  );
}

/** A duplicate key (event seq or command id) means a concurrent writer won: a conflict, not an error. */
function conflictOnDuplicate(err: unknown): { appended: false; hash: string } {
  if ((err as { code?: string })?.code === '23505') return { appended: false, hash: '' };
  throw err;
}
