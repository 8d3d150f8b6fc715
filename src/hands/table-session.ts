import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { games, type GameId, type HandResult, type HandSetup } from '../engine/index.js';
import { ApiError, fromRejection } from '../common/problems.js';
import type { Caller } from '../common/auth.js';
import { DatabaseService, type Tx } from '../database/database.service.js';
import { LedgerWriter } from '../ledgers/ledger-writer.js';
import { HandDealer } from './dealing.js';
import { isUuid } from '../common/ids.js';
import { loadHand } from './hand-row.js';

interface TableRow {
  id: string;
  game: GameId;
  options: Record<string, unknown>;
  status: string;
  session: unknown;
  handCount: number;
  hostPlayerId: string;
  currentHandId: string | null;
  seating: string[];
}

/**
 * A table's session between hands (DESIGN.md "Modules: tables"): the engine's `session`
 * rules decide the next setup (dealer, Mußrunde, Stockerl, compulsory solo …) and the end;
 * this class only stores the session state and deals what it says, in the caller's transaction.
 */
@Injectable()
export class TableSession {
  constructor(
    private readonly db: DatabaseService,
    private readonly dealer: HandDealer,
    private readonly ledger: LedgerWriter,
  ) {}

  /** Every seat taken: the session starts with a random first dealer (RULES.md §1.4). */
  async start(tx: Tx, tableId: string): Promise<string | null> {
    const table = await lockTable(tx, tableId);
    const game = games[table.game];
    const step = game.session.start(table.options, randomInt(table.seating.length));
    return this.continueWith(tx, table, step.session, step.next);
  }

  /** A hand ended (played out or thrown in): book it and deal the next one, if any. */
  async afterHand(
    tx: Tx,
    hand: { id: string; tableId: string | null; seating: (string | null)[] },
    finalState: unknown,
    result: HandResult,
  ): Promise<string | null> {
    if (!hand.tableId) return null;
    await this.ledger.recordHand(tx, { id: hand.id, tableId: hand.tableId, seating: hand.seating }, result);
    const table = await lockTable(tx, hand.tableId);
    const step = games[table.game].session.afterHand(table.options, table.session, finalState);
    return this.continueWith(tx, table, step.session, step.next);
  }

  /**
   * `POST /tables/{id}/session-end`: the host (bySeat null) or a seat asks to wind down. The
   * next hand is dealt the moment one ends, so "between deals" (RULES.md §1.12, §3.14) is a
   * current hand nobody has acted in yet. If someone has, that hand is played out and the
   * engine's afterHand takes the request into account. If not, the engine's answer replaces
   * the untouched hand: it is dropped (status `void`, nobody scores) and either the session
   * ends now or the engine's next setup (the first Mußrunde deal, the first of Droggn's four
   * closing hands) is dealt in its place, with the same seed and so the same cards.
   */
  async requestEnd(tableId: string, caller: Caller & { kind: 'player' }): Promise<{ status: string; currentHandId: string | null }> {
    if (!isUuid(tableId)) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    // A hand that ended between the peek and the table lock has been replaced: look again.
    for (let attempt = 0; ; attempt++) {
      const done = await this.db.transaction((tx) => this.tryRequestEnd(tx, tableId, caller));
      if (done) return done;
      if (attempt >= 2) throw new Error(`table ${tableId}: the current hand kept changing during session-end`);
    }
  }

  /** One attempt; `null` when the table's current hand changed after it was peeked at. */
  private async tryRequestEnd(
    tx: Tx,
    tableId: string,
    caller: Caller & { kind: 'player' },
  ): Promise<{ status: string; currentHandId: string | null } | null> {
    // Lock order hand → table, as on the action path, so the two never deadlock.
    const peek = await tx.query<{ current_hand_id: string | null }>('SELECT current_hand_id FROM tables WHERE id = $1', [tableId]);
    if (!peek.rows[0]) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    const handId = peek.rows[0].current_hand_id;
    const hand = handId ? await loadHand(tx, handId, true) : null;
    const table = await lockTable(tx, tableId);
    if (table.status !== 'playing') throw ApiError.of('TABLE_NOT_PLAYING', `the table is ${table.status}`);
    if (table.currentHandId !== handId) return null;
    const seat = table.seating.indexOf(caller.playerId);
    if (seat < 0 && caller.playerId !== table.hostPlayerId) throw ApiError.of('NOT_SEATED');
    const bySeat = caller.playerId === table.hostPlayerId ? null : seat;
    const game = games[table.game];
    const handUnderway = hand !== null && hand.status === 'active' && hand.seq > 0;
    const asked = game.session.requestEnd(table.options, table.session, bySeat, handUnderway);
    if (!asked.ok) throw fromRejection(asked.rejection);
    const { session, next } = asked.state;
    if (handUnderway) {
      await tx.query('UPDATE tables SET session = $2::jsonb WHERE id = $1', [tableId, JSON.stringify(session)]);
      return { status: 'playing', currentHandId: table.currentHandId };
    }
    const pending = hand && hand.status === 'active' ? hand : null;
    if (pending) await tx.query(`UPDATE hands SET status = 'void', finished_at = now() WHERE id = $1`, [pending.id]);
    // The same seed deals the same cards: nobody has acted and the players have seen their
    // cards, so a new shuffle would only let a player end the session to get a better hand.
    const replacement = await this.continueWith(tx, table, session, next, pending?.seed);
    if (replacement === null) return { status: 'ended', currentHandId: table.currentHandId };
    return { status: 'playing', currentHandId: replacement };
  }

  private async continueWith(tx: Tx, table: TableRow, session: unknown, next: HandSetup | null, seed?: string): Promise<string | null> {
    if (!next) {
      await tx.query(`UPDATE tables SET session = $2::jsonb, status = 'ended' WHERE id = $1`, [table.id, JSON.stringify(session)]);
      return null;
    }
    const handNumber = table.handCount + 1;
    const handId = await this.dealer.deal(
      tx,
      { id: table.id, game: table.game, options: table.options, seating: table.seating, handNumber },
      next,
      seed,
    );
    await tx.query(
      `UPDATE tables SET session = $2::jsonb, status = 'playing', dealer = $3, current_hand_id = $4, hand_count = $5 WHERE id = $1`,
      [table.id, JSON.stringify(session), next.dealer, handId, handNumber],
    );
    return handId;
  }
}

async function lockTable(tx: Tx, id: string): Promise<TableRow> {
  const { rows } = await tx.query<{
    id: string;
    game: GameId;
    options: Record<string, unknown>;
    status: string;
    session: unknown;
    hand_count: number;
    host_player_id: string;
    current_hand_id: string | null;
    seating: string[];
  }>(
    `SELECT t.id, t.game, t.options, t.status, t.session, t.hand_count, t.host_player_id, t.current_hand_id,
            ARRAY(SELECT s.player_id::text FROM table_seats s WHERE s.table_id = t.id ORDER BY s.seat) AS seating
     FROM tables t WHERE t.id = $1 FOR UPDATE OF t`,
    [id],
  );
  const r = rows[0];
  if (!r) throw ApiError.of('TABLE_NOT_FOUND', `no table ${id}`);
  return {
    id: r.id,
    game: r.game,
    options: r.options,
    status: r.status,
    session: r.session,
    handCount: r.hand_count,
    hostPlayerId: r.host_player_id,
    currentHandId: r.current_hand_id,
    seating: r.seating,
  };
}
