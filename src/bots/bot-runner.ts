import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { GameId } from '../engine/index.js';
import { seededRng } from '../engine/core/rng.js';
import { ApiError } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { HandWatch } from '../hands/hand-watch.js';
import { HandCommands, serverCommandId } from '../hands/hand-commands.js';
import { HandsService } from '../hands/hands.service.js';
import { TableSession } from '../tables/table-session.js';
import { holdOf, routeOf } from '../hands/hand-store.js';
import { activeTurn } from './bot-store.js';
import { botOnlyTable, botSeatsAt, playingTablesWithBots, seatsBots, seatsPerson } from '../tables/table-store.js';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { chooseBotAction, type Action, type BotStrength, type SeatView } from '../solvers/search/strategy.js';
import { DecisionPool } from './decision-pool.js';
import { backoffMs, isRefusal, messageOf } from './faults.js';
import { viewWithRules, type SeatInput } from '../solvers/search/seat-input.js';

/** A table whose seats are all bots asks for its session end once it has dealt this many hands. */
const BOT_ONLY_HANDS = 3;
/** The safety net: how often every instance looks for a bot whose turn it is (a missed notification, a restart). */
const SWEEP_MS = 5000;
const MAX_REFUSALS_KEPT = 10_000;
/** After a fault (the database, not the rules) a table's bots try again after this, doubling with each fault in a row, up to the most. */
const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 10_000;
const HANDS_REMEMBERED = 50_000;
/** How often a bot waiting for the people to read the last result asks whether they all said "next". */
const HOLD_LOOK_MS = 250;

export interface BotTurn {
  handId: string;
  game: GameId;
  seat: number;
  botId: string;
  botName: string;
  strength: BotStrength;
}

/**
 * Bots in seats. Every instance follows every hand's moves (HandWatch: the NOTIFY after each
 * committed action and each deal) and, when a bot's seat is to act at that hand's table,
 * reads the bot's seat view and posts its choice through HandCommands.handle — the path a
 * person's POST /hands/{id}/actions takes, with the same checks, log and expected seq, and a
 * command id of the service's own per seq (`serverCommandId`). Two instances that both see the
 * move both try; the expected seq (and the shared command id) let exactly one action in. A move
 * the service refuses (a 4xx: the rules) is logged and the bot stops at that seq, so nothing
 * loops on it; a fault (the database) is no refusal: the table is driven again after a wait.
 */
@Injectable()
export class BotRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Bots');
  private readonly rng = seededRng(randomInt(2 ** 31));
  /** Tables being driven here, and whether another move came in meanwhile. */
  private readonly driving = new Map<string, boolean>();
  /** hand id → its table when that table seats bots, else null (oldest forgotten first). */
  private readonly tableWithBots = new Map<string, string | null>();
  /** table id → whether it seats bots (seats are fixed once a hand is dealt; oldest forgotten first). */
  private readonly seatsBots = new Map<string, boolean>();
  /** table id → whether a person sits at it: the bots there keep a person's pace (BOT_PACE_MS). */
  private readonly seatsPeople = new Map<string, boolean>();
  /** hand id → when this instance last saw it move (oldest forgotten first). */
  private readonly lastMove = new Map<string, number>();
  /** `${handId}:${seq}` where a bot's move was refused: not tried again on this instance. */
  private readonly refused = new Set<string>();
  /** table id → faults in a row while driving it (its next wait grows with them). */
  private readonly faults = new Map<string, number>();
  private unfollow: (() => void) | null = null;
  /**
   * The bot's decision from its seat's view — and, for a strong bot, its seat's event log too,
   * decided in the worker pool; the e2e tests wrap it to look at what bots see.
   */
  choose: (turn: BotTurn, view: SeatView) => Action | Promise<Action> = async (turn, view) => {
    // A Doppelkopf reservation turns on the rules (may a poor hand declare Armut?), which the deal event names.
    const needsRules = turn.strength === 'heuristic' && turn.game === 'doppelkopf' && view.phase === 'reservations';
    if (turn.strength !== 'strong' && !needsRules) return chooseBotAction(turn.strength, turn.game, view, this.rng);
    const input = { view, events: await this.hands.events(turn.handId, callerOf(turn)) } as unknown as SeatInput;
    if (needsRules) return chooseBotAction('heuristic', turn.game, viewWithRules(input), this.rng);
    return this.decisions.decide(input, this.rng.int(2 ** 31));
  };
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: DatabaseService,
    private readonly watch: HandWatch,
    private readonly hands: HandsService,
    private readonly commands: HandCommands,
    private readonly session: TableSession,
    @Inject(DecisionPool) private readonly decisions: DecisionPool,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    this.unfollow = this.watch.follow((move) => void (move ? this.moved(move.handId) : this.sweep()).catch((err) => this.fail(err)));
    this.sweeper = setInterval(() => void this.sweep().catch((err) => this.fail(err)), SWEEP_MS);
    this.sweeper.unref();
    void this.sweep().catch((err) => this.fail(err));
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.unfollow?.();
    clearInterval(this.sweeper);
    await this.decisions.close();
  }

  /**
   * A hand moved: drive its table if it seats bots. Seats are fixed once a hand is dealt, so
   * a hand's table is asked once per hand and whether it seats bots once per table, and both are
   * remembered: the moves of the many hands without bots cost no query after their first.
   */
  private async moved(handId: string): Promise<void> {
    if (this.closed) return;
    remember(this.lastMove, handId, Date.now());
    let tableId = this.tableWithBots.get(handId);
    if (tableId === undefined) {
      // An imported record's own table seats nobody, so it never has bots.
      const table = await routeOf(this.db.pool, handId);
      tableId = table !== undefined && (await this.hasBots(table)) ? table : null;
      remember(this.tableWithBots, handId, tableId);
    }
    if (tableId) this.drive(tableId);
  }

  private async hasBots(tableId: string): Promise<boolean> {
    let bots = this.seatsBots.get(tableId);
    if (bots === undefined) {
      bots = await seatsBots(this.db.pool, tableId);
      remember(this.seatsBots, tableId, bots);
    }
    return bots;
  }

  private async sweep(): Promise<void> {
    if (this.closed) return;
    // Every playing table with bots: the drive itself finds out whether one of them is to act.
    for (const tableId of await playingTablesWithBots(this.db.pool)) this.drive(tableId);
  }

  /** One driver per table per instance; a move during a drive makes it look once more. */
  private drive(tableId: string): void {
    if (this.driving.has(tableId)) {
      this.driving.set(tableId, true);
      return;
    }
    this.driving.set(tableId, false);
    void this.play(tableId)
      .then(() => this.faults.delete(tableId))
      .catch((err) => this.retryLater(tableId, err))
      .finally(() => {
        const again = this.driving.get(tableId);
        this.driving.delete(tableId);
        if (again && !this.closed) this.drive(tableId);
      });
  }

  /** A fault while driving the table: it is driven again after a wait that grows with the faults in a row. */
  private retryLater(tableId: string, err: unknown): void {
    if (this.closed) return;
    const tries = (this.faults.get(tableId) ?? 0) + 1;
    remember(this.faults, tableId, tries);
    const ms = backoffMs(tries, RETRY_FIRST_MS, RETRY_MOST_MS);
    this.log.warn(`bots at table ${tableId}: ${messageOf(err)}; trying again in ${ms / 1000} s (fault ${tries} in a row)`);
    setTimeout(() => this.drive(tableId), ms).unref();
  }

  /** Plays the bots' turns at the table until a person's turn, the session's end, or a refusal; throws a fault. */
  private async play(tableId: string): Promise<void> {
    // Reads that find nothing to do in a row: the projection and the view disagree only for a
    // moment (a move in between), so a few of them end the drive instead of spinning.
    for (let idle = 0; idle < 3;) {
      if (this.closed) return;
      const turn = await this.turnAt(tableId);
      if (!turn) return;
      const caller = callerOf(turn);
      // The bot's whole knowledge: its seat's view, as GET /hands/{id} would give it.
      const view = (await this.hands.view(turn.handId, caller)) as SeatView & {
        seq: number;
        toAct: number[];
        status: string;
        number: number | null;
        nextHandId?: string;
      };
      if (view.status !== 'active' || !view.toAct.includes(turn.seat)) {
        idle++;
        continue;
      }
      idle = 0;
      const at = `${turn.handId}:${view.seq}`;
      if (this.refused.has(at)) return;
      let action: Action;
      try {
        action = await this.choose(turn, view);
        await this.keepPace(tableId, turn.handId, view.seq === 0 && (view.number ?? 1) > 1);
        const command = { actor: caller, expectedSeq: view.seq, action };
        const { view: answer } = await this.commands.handle(turn.handId, command, {
          commandId: serverCommandId('bot', turn.handId, view.seq),
        });
        if (answer.nextHandId || answer.status !== 'active') await this.windDownIfOnlyBots(tableId);
      } catch (err) {
        if (err instanceof ApiError && err.code === 'STALE_SEQ') continue; // another instance or a person was first
        if (!isRefusal(err)) throw err; // a fault, not the rules: driven again after a wait
        if (this.refused.size >= MAX_REFUSALS_KEPT) this.refused.clear(); // bounded; the worst case is one more try
        this.refused.add(at);
        this.log.error(
          `bot ${turn.botId} (seat ${turn.seat}) at hand ${turn.handId} seq ${view.seq} refused: ${err.message}; it stops there`,
        );
        return;
      }
    }
  }

  /**
   * At a table where a person sits, a bot's move comes no sooner than BOT_PACE_MS after the move
   * before it (as this instance saw it), its thinking included: a person sees each card land.
   * The first move of a hand after another waits, besides, while the hand does: until the people
   * have read the last result (RESULT_PAUSE_MS) or all said "next" (POST /tables/{id}/ready),
   * which may come on another instance, so the hand's row is asked. Bots among themselves play
   * at full speed. A move made meanwhile by someone else makes this one stale, and the drive
   * looks again.
   */
  private async keepPace(tableId: string, handId: string, afterResult: boolean): Promise<void> {
    if (this.settings.botPaceMs === 0 && !afterResult) return;
    let people = this.seatsPeople.get(tableId);
    if (people === undefined) {
      people = await seatsPerson(this.db.pool, tableId);
      remember(this.seatsPeople, tableId, people);
    }
    if (!people) return;
    const wait = (this.lastMove.get(handId) ?? Date.now()) + this.settings.botPaceMs - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (afterResult) await this.whileHeld(tableId, handId);
  }

  /** Until the hand no longer waits for the people to read the last result (bounded by that wait). */
  private async whileHeld(tableId: string, handId: string): Promise<void> {
    for (;;) {
      const { heldUntil } = await holdOf(this.db.pool, { tableId, handId });
      const left = heldUntil ? heldUntil.getTime() - Date.now() : 0;
      if (left <= 0 || this.closed) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(left, HOLD_LOOK_MS)));
    }
  }

  /** The bot to act at the table's current hand, if one is (the lowest seat when several are). */
  private async turnAt(tableId: string): Promise<BotTurn | null> {
    const seats = await botSeatsAt(this.db.pool, tableId);
    if (!seats) return null;
    const turn = await activeTurn(this.db.pool, { tableId, handId: seats.currentHandId });
    // A bot plays the hands it was dealt: one the host seated where an away player sat starts with the next hand.
    const bot = turn && seats.bots.find((b) => turn.toAct.includes(b.seat) && turn.seating[b.seat] === b.botId);
    return bot ? { handId: seats.currentHandId, game: turn.game as GameId, ...bot } : null;
  }

  /**
   * Nobody but bots at the table: after BOT_ONLY_HANDS hands the bots ask for the session end
   * on the host's behalf (the host seated them), and the engine winds the session down by its
   * rules (Dobbm's Mußrunde, Droggn's closing hands, Doppelkopf's end) — the closing hands are
   * played out too, then the table is ended. A table of bots never plays forever.
   */
  private async windDownIfOnlyBots(tableId: string): Promise<void> {
    const t = await botOnlyTable(this.db.pool, tableId);
    if (!t?.only_bots || t.hands < BOT_ONLY_HANDS) return;
    try {
      await this.session.requestEnd(tableId, { kind: 'player', playerId: t.host, name: 'host' });
    } catch (err) {
      // Asked before (here or on another instance), or the session is winding down already.
      if (!(err instanceof ApiError) || err.status !== 422) throw err;
    }
  }

  private fail(err: unknown): void {
    if (!this.closed) this.log.error(`bot runner: ${(err as Error)?.stack ?? String(err)}`);
  }
}

const callerOf = (turn: BotTurn) => ({ kind: 'player' as const, playerId: turn.botId, name: turn.botName });

/** Bounded memo: past HANDS_REMEMBERED entries the oldest goes. */
function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size >= HANDS_REMEMBERED) memo.delete(memo.keys().next().value!);
  memo.set(key, value);
}
