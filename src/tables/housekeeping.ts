import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { DatabaseService } from '../database/database.service.js';
import { endAbandonedTables } from './table-store.js';

/** How often each instance looks for abandoned tables. */
const SWEEP_MS = 60_000;

/**
 * Tables nobody plays at do not pile up in the lobby: a waiting table at which no person has sat
 * for ABANDONED_TABLE_MINUTES is ended (`endReason: abandoned`). The same half hour after which
 * a waiting table no longer counts against its host's OPEN_TABLES_PER_PLAYER.
 */
@Injectable()
export class TableHousekeeping implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Housekeeping');
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onApplicationBootstrap(): void {
    if (this.settings.abandonedTableMinutes === 0) return;
    this.timer = setInterval(() => void this.sweep().catch((err: Error) => this.log.warn(`housekeeping: ${err.message}`)), SWEEP_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Ends the abandoned tables now; answers their ids. */
  async sweep(): Promise<string[]> {
    const ended = await endAbandonedTables(this.db.pool, this.settings.abandonedTableMinutes);
    if (ended.length) this.log.log(`ended ${ended.length} abandoned waiting table(s)`);
    return ended;
  }
}
