import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { GameId } from '../engine/index.js';
import { ApiError } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { HandCommands } from '../hands/hand-commands.js';
import { dueHands, type DueHand } from '../hands/hand-store.js';
import { HandsService } from '../hands/hands.service.js';
import { botSeatsAt } from '../tables/table-store.js';
import { BotRunner } from './bot-runner.js';
import type { SeatView } from '../solvers/search/strategy.js';
import { metrics } from '../metrics/counters.js';

/** How often every instance looks for a seat whose time has run out. */
const CLOCK_SWEEP_MS = 250;
/** Hands taken up per sweep: the most overdue first, the rest on the next sweep. */
const DUE_PER_SWEEP = 64;
/** Refusals at which the substitute stops for that seq: nothing loops on it. */
const REFUSALS_KEPT = 10_000;
/** The answers that mean the substitute is no longer wanted: someone acted first (the player, another instance's substitute), or the player is back with time on the clock. */
const RACED = new Set(['STALE_SEQ', 'IDEMPOTENCY_KEY_REUSED', 'NOT_YOUR_TURN', 'HAND_CLOSED']);

/**
 * A seat's substitute. When the seat to act runs out of time (its turn clock, or a bot's pace
 * when its person is away; the deadline is stored with the hand, hand-row.ts), the substitute —
 * the strong bot, deciding from that seat's view as a bot would — acts for the player through the
 * command handler, marked `by: substitute`, with the expected seq and an Idempotency-Key per seq:
 * every instance sweeps, and however many of them try, one event results. A restart loses
 * nothing: the deadline is in the row. Seats held by bots are their runner's, not a substitute's.
 */
@Injectable()
export class Substitutes implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Substitutes');
  /** Hands a substitute is deciding for on this instance. */
  private readonly deciding = new Set<string>();
  private readonly refused = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private sweeping = false;
  private closed = false;

  // @Inject by class: works also where no decorator metadata is emitted (tsx).
  constructor(
    @Inject(DatabaseService) private readonly db: DatabaseService,
    @Inject(HandsService) private readonly hands: HandsService,
    @Inject(HandCommands) private readonly commands: HandCommands,
    @Inject(BotRunner) private readonly bots: BotRunner,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), CLOCK_SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    this.closed = true;
    clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    if (this.sweeping || this.closed) return;
    this.sweeping = true;
    try {
      for (const due of await dueHands(this.db.pool, new Date(), DUE_PER_SWEEP)) {
        if (this.deciding.has(due.at.handId)) continue;
        this.deciding.add(due.at.handId);
        void this.actFor(due)
          .catch((err) => this.fail(due, err))
          .finally(() => this.deciding.delete(due.at.handId));
      }
    } catch (err) {
      if (!this.closed) this.log.warn(`clock sweep: ${(err as Error).message}`);
    } finally {
      this.sweeping = false;
    }
  }

  /** The first person's seat to act decides; the next deadline comes with its event. */
  private async actFor(due: DueHand): Promise<void> {
    const key = `${due.at.handId}:${due.seq}`;
    if (this.refused.has(key)) return;
    // Seats whose bot was dealt this hand; a bot seated since (where an away player sat) plays from the next.
    const seated = (await botSeatsAt(this.db.pool, due.at.tableId))?.bots ?? [];
    const bots = new Set(seated.filter((b) => due.seating[b.seat] === b.botId).map((b) => b.seat));
    const seat = due.toAct.find((s) => !bots.has(s) && due.seating[s]);
    if (seat === undefined) return;
    const playerId = due.seating[seat]!;
    const caller = { kind: 'player' as const, playerId, name: 'substitute' };
    const view = (await this.hands.view(due.at.handId, caller)) as SeatView & { seq: number; status: string; toAct: number[] };
    if (view.seq !== due.seq || view.status !== 'active' || !view.toAct.includes(seat)) return;
    const turn = {
      handId: due.at.handId,
      game: due.game as GameId,
      seat,
      botId: playerId,
      botName: 'substitute',
      strength: 'strong' as const,
    };
    const action = await this.bots.choose(turn, view);
    const command = {
      actor: caller,
      expectedSeq: due.seq,
      action,
      substitute: true as const,
    };
    try {
      await this.commands.handle(due.at.handId, command, { idempotencyKey: `substitute-${due.seq}`, onStored: metrics.substituteMove });
    } catch (err) {
      if (err instanceof ApiError && RACED.has(err.code)) return;
      if (this.refused.size >= REFUSALS_KEPT) this.refused.clear();
      this.refused.add(key);
      throw err;
    }
  }

  private fail(due: DueHand, err: unknown): void {
    if (!this.closed)
      this.log.error(`substitute at hand ${due.at.handId} seq ${due.seq}: ${(err as Error)?.message ?? String(err)}; it stops there`);
  }
}
