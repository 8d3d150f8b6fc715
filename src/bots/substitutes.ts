import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { GameId } from '../engine/index.js';
import { ApiError } from '../common/problems.js';
import { DatabaseService } from '../database/database.service.js';
import { HandCommands, serverCommandId } from '../hands/hand-commands.js';
import { dueHands, parkHand, type DueHand } from './bot-store.js';
import { HandsService } from '../hands/hands.service.js';
import { botSeatsAt } from '../tables/table-store.js';
import { BotRunner } from './bot-runner.js';
import type { SeatView } from '../solvers/search/strategy.js';
import { metrics } from '../metrics/counters.js';
import { backoffMs, isRefusal, messageOf } from './faults.js';

/** How often every instance looks for a seat whose time has run out. */
const CLOCK_SWEEP_MS = 250;
/** Hands taken up per sweep: the longest due first, the rest on the next sweep. */
const DUE_PER_SWEEP = 64;
/**
 * How long a hand is parked after a try of its substitute failed, by why (the first wait, then
 * doubling with each failed try at the same seq, up to the last): a fault of the moment (the
 * database) is tried again soon; a move the rules refuse is as good as stopped, and tried again
 * only rarely; a hand whose seat to act is a bot's is the bot runner's, and looked at again soon.
 */
const PARK_MS = {
  fault: [1000, 15_000],
  refused: [60_000, 3_600_000],
  notOurs: [1000, 30_000],
} as const;
/** The answers that mean the substitute is no longer wanted: someone acted first (the player, another instance's substitute), or the player is back with time on the clock. */
const RACED = new Set(['STALE_SEQ', 'NOT_YOUR_TURN', 'HAND_CLOSED']);

/** How a try ended: a move, someone else's move first, a seat to act that is a bot's, a refusal by the rules, a fault. */
type Outcome = 'moved' | 'raced' | 'notOurs' | { refused: unknown } | { fault: unknown };

/**
 * A seat's substitute. When the seat to act runs out of time (its turn clock, or a bot's pace
 * when its person is away; the deadline is stored with the hand, hand-row.ts), the substitute —
 * the strong bot, deciding from that seat's view as a bot would — acts for the player through the
 * command handler, marked `by: substitute`, with the expected seq and a command id of the
 * service's own per seq (`serverCommandId`: no client's Idempotency-Key can take it or answer for
 * it): every instance sweeps, and however many of them try, one event results. A try that fails
 * parks the hand in its row (`parkHand`), so that every instance waits before the next one and the
 * sweep goes on with the hands that can be played: a fault soon, a refusal by the rules rarely. A
 * restart loses nothing: the deadline and the park are in the row. Seats held by bots are their
 * runner's, not a substitute's.
 */
@Injectable()
export class Substitutes implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Substitutes');
  /** Hands a substitute is deciding for on this instance. */
  private readonly deciding = new Set<string>();
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
      for (const due of await dueHands(this.db.pool, new Date(), DUE_PER_SWEEP, [...this.deciding])) {
        if (this.deciding.has(due.at.handId)) continue;
        this.deciding.add(due.at.handId);
        void this.actFor(due)
          .catch((err: unknown): Outcome => ({ fault: err }))
          .then((outcome) => this.settle(due, outcome))
          .finally(() => this.deciding.delete(due.at.handId));
      }
    } catch (err) {
      if (!this.closed) this.log.warn(`clock sweep: ${messageOf(err)}`);
    } finally {
      this.sweeping = false;
    }
  }

  /** The first person's seat to act decides; the next deadline comes with its event. */
  private async actFor(due: DueHand): Promise<Outcome> {
    // Seats whose bot was dealt this hand; a bot seated since (where an away player sat) plays from the next.
    const seated = (await botSeatsAt(this.db.pool, due.at.tableId))?.bots ?? [];
    const bots = new Set(seated.filter((b) => due.seating[b.seat] === b.botId).map((b) => b.seat));
    const seat = due.toAct.find((s) => !bots.has(s) && due.seating[s]);
    if (seat === undefined) return 'notOurs';
    const playerId = due.seating[seat]!;
    const caller = { kind: 'player' as const, playerId, name: 'substitute' };
    const view = (await this.hands.view(due.at.handId, caller)) as SeatView & { seq: number; status: string; toAct: number[] };
    if (view.seq !== due.seq || view.status !== 'active' || !view.toAct.includes(seat)) return 'raced';
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
      await this.commands.handle(due.at.handId, command, {
        commandId: serverCommandId('substitute', due.at.handId, due.seq),
        onStored: metrics.substituteMove,
      });
      return 'moved';
    } catch (err) {
      if (err instanceof ApiError && RACED.has(err.code)) return 'raced';
      if (isRefusal(err)) return { refused: err };
      throw err;
    }
  }

  /** After a try: a move counted, or the hand parked for as long as the reason and the tries so far say. */
  private async settle(due: DueHand, outcome: Outcome): Promise<void> {
    if (outcome === 'moved' || outcome === 'raced' || this.closed) return;
    const why = typeof outcome === 'string' ? outcome : 'refused' in outcome ? 'refused' : 'fault';
    const [first, most] = PARK_MS[why];
    const ms = backoffMs(due.parks + 1, first, most);
    if (typeof outcome !== 'string') {
      const err = 'refused' in outcome ? outcome.refused : outcome.fault;
      const what = why === 'refused' ? 'refused' : 'failed';
      this.log.warn(
        `substitute at hand ${due.at.handId} seq ${due.seq} ${what} (try ${due.parks + 1}): ${messageOf(err)}; next try in ${ms / 1000} s`,
      );
    }
    try {
      if (await parkHand(this.db.pool, due.at, due.seq, ms)) metrics.handParked();
    } catch (err) {
      // The database is away: the next sweep that reads the hand tries again.
      if (!this.closed) this.log.warn(`parking hand ${due.at.handId}: ${messageOf(err)}`);
    }
  }
}
