import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { gameFor, type HandSetup } from '../engine/index.js';
import { ApiError, fromRejection } from '../common/problems.js';
import type { Caller } from '../common/auth.js';
import { DatabaseService, onCommit, type Tx } from '../database/database.service.js';
import { isUuid } from '../common/ids.js';
import { HandCommands } from '../hands/hand-commands.js';
import { loadHand } from '../hands/hand-store.js';
import { HandWatch } from '../hands/hand-watch.js';
import type { HandRow } from '../hands/hand-row.js';
import { carriedOver } from './dealing.js';
import { continueSession } from './table-booking.js';
import { currentHandOf, lockForSession, saveSession, voidHand, type SessionTable } from './table-store.js';

/**
 * A table's session between hands (docs/design.md#modules): the engine's `session` rules decide
 * the first setup and what a request to end the session does; this class stores the session
 * state and has the command handler open what they deal, in the caller's transaction. A hand's
 * end is the tables' part of the command handler (table-booking.ts, HAND_END).
 */
@Injectable()
export class TableSession {
  constructor(
    private readonly db: DatabaseService,
    private readonly commands: HandCommands,
    private readonly watch: HandWatch,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Every seat taken: the session starts with a random first dealer (docs/rules/dobbm.md#dealer). */
  async start(tx: Tx, tableId: string): Promise<string | null> {
    const table = await lockForSession(tx, tableId);
    const game = gameFor(table.game);
    const step = game.session.start(table.options, randomInt(table.seating.length));
    return this.continueWith(tx, table, step.session, step.next);
  }

  /**
   * `POST /tables/{id}/session-end`: the host (bySeat null) or a seat asks to wind down. The
   * next hand is dealt the moment one ends, so "between deals" (docs/rules/dobbm.md#mussrunde, docs/rules/droggn.md#session-end) is a
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
    const peek = await currentHandOf(tx, tableId);
    if (!peek) throw ApiError.of('TABLE_NOT_FOUND', `no table ${tableId}`);
    const handId = peek.currentHandId;
    const hand = handId ? await loadHand(tx, { tableId, handId }, { lock: true }) : null;
    const table = await lockForSession(tx, tableId);
    if (table.status !== 'playing') throw ApiError.of('TABLE_NOT_PLAYING', `the table is ${table.status}`);
    if (table.currentHandId !== handId) return null;
    const seat = table.seating.indexOf(caller.playerId);
    if (seat < 0 && caller.playerId !== table.hostPlayerId) throw ApiError.of('NOT_SEATED');
    const bySeat = caller.playerId === table.hostPlayerId ? null : seat;
    const game = gameFor(table.game);
    const handUnderway = hand !== null && hand.status === 'active' && hand.seq > 0;
    const asked = game.session.requestEnd(table.options, table.session, bySeat, handUnderway);
    if (!asked.ok) throw fromRejection(asked.rejection);
    const { session, next } = asked.state;
    if (handUnderway) {
      await saveSession(tx, tableId, session);
      return { status: 'playing', currentHandId: table.currentHandId };
    }
    const pending = hand && hand.status === 'active' ? hand : null;
    if (pending) {
      await voidHand(tx, { tableId, handId: pending.id });
      onCommit(tx, () => this.watch.committed({ handId: pending.id, seq: pending.seq, status: 'void' }));
    }
    // The same seed deals the same cards: nobody has acted and the players have seen their
    // cards, so a new shuffle would only let a player end the session to get a better hand —
    // unless a seat passed to another player since: the newcomer must not hold the cards its
    // departed player saw, so the replacement is a fresh shuffle (committed as any deal is).
    const replacement = await this.continueWith(tx, table, session, next, pending ?? undefined);
    if (replacement === null) return { status: 'ended', currentHandId: table.currentHandId };
    return { status: 'playing', currentHandId: replacement };
  }

  /**
   * The session goes on with `next` (its hand opened here; its id returned) or ends (null);
   * `replacing` is a hand dropped unplayed, whose away seats the new one keeps where their
   * holders did, whose seed it keeps while every seat does, and and whose wait for the people to
   * read the last result it keeps, with the seats ready already.
   */
  private async continueWith(
    tx: Tx,
    table: SessionTable,
    session: unknown,
    next: HandSetup | null,
    replacing?: Pick<HandRow, 'seed' | 'seating' | 'away' | 'misses' | 'awaySince' | 'heldUntil' | 'ready'>,
  ): Promise<string | null> {
    const kept = replacing ? carriedOver(replacing, table.seating) : { away: [], misses: [], awaySince: [] };
    // The replacement keeps what is left of the wait for the last result to be read.
    const pauseMs = Math.max(0, (replacing?.heldUntil?.getTime() ?? 0) - Date.now());
    // Who has read it already stays ready where the seat kept its player.
    const ready = (replacing?.ready ?? []).filter((seat) => replacing?.seating[seat] === table.seating[seat]);
    const start = { ...kept, pauseMs, ready, awayPaceMs: this.settings.botPaceMs };
    const sameSeating = replacing?.seating.every((playerId, seat) => playerId === table.seating[seat]) ?? false;
    const opening = await continueSession(tx, table, session, next, start, sameSeating ? replacing?.seed : undefined);
    if (!opening) return null;
    await this.commands.open(tx, opening);
    return opening.hand.id;
  }
}
