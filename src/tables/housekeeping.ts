import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { DatabaseService } from '../database/database.service.js';
import { HandWatch } from '../hands/hand-watch.js';
import { dropAwayHands, endAbandonedTables, endAwayTable } from './table-store.js';

/** How often each instance looks for abandoned tables, at most: a table ends within one sweep after its time. */
const SWEEP_MS = 60_000;
/** How often at least: a few minutes' time (tests use a fraction of a minute) is then kept to within a second. */
const MIN_SWEEP_MS = 1_000;

/**
 * Tables nobody plays at do not pile up in the lobby: a waiting table at which no person has sat
 * for ABANDONED_TABLE_MINUTES is ended (`endReason: abandoned`) — the same half hour after which
 * a waiting table no longer counts against its host's OPEN_TABLES_PER_PLAYER — and so is a table
 * in play whose people have all been away for as long (`endReason: away`; the time each went
 * away is kept with the hand): until then their substitutes play on, at a bot's pace, in case
 * someone comes back.
 */
@Injectable()
export class TableHousekeeping implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Housekeeping');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DatabaseService,
    private readonly watch: HandWatch,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    if (this.settings.abandonedTableMinutes === 0) return;
    const every = TableHousekeeping.sweepMs(this.settings.abandonedTableMinutes);
    this.timer = setInterval(() => void this.sweep().catch((err: Error) => this.log.warn(`housekeeping: ${err.message}`)), every);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** The time between sweeps for tables that end after `minutes`: a tenth of it, from a second to a minute. */
  static sweepMs(minutes: number): number {
    return Math.min(SWEEP_MS, Math.max(MIN_SWEEP_MS, Math.round((minutes * 60_000) / 10)));
  }

  /** Ends the abandoned tables and those whose people are all away now; answers their ids. */
  async sweep(): Promise<string[]> {
    const minutes = this.settings.abandonedTableMinutes;
    const ended = await endAbandonedTables(this.db.pool, minutes);
    const away = await this.db.transaction(async (tx) => {
      const dropped = await dropAwayHands(tx, minutes);
      for (const tableId of new Set(dropped.map((hand) => hand.tableId))) await endAwayTable(tx, tableId);
      return dropped;
    });
    // The dropped hands' followers learn of it as of a move.
    for (const hand of away) this.watch.committed({ handId: hand.handId, seq: hand.seq, status: 'void' });
    if (ended.length) this.log.log(`ended ${ended.length} abandoned waiting table(s)`);
    if (away.length) this.log.log(`ended ${away.length} table(s) whose people were all away`);
    return [...ended, ...away.map((hand) => hand.tableId)];
  }
}
