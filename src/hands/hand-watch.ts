import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { CONNECTION_OPTIONS } from '../database/database.service.js';

/** How long a reader may ask to wait (`Prefer: wait=N`, RFC 7240), in seconds. */
export const MAX_WAIT_SECONDS = 30;
const CHANNEL = 'hand_moved';
const RECONNECT_MS = 1000;

/** A reader's armed wait for the next change of one hand. */
export interface Watch {
  /** Resolves at the first change since arming (at once if it came already), after `ms`, or at `cancel()`. */
  until(ms: number): Promise<void>;
  cancel(): void;
}

/**
 * Live updates across instances: the `hands_moved` trigger NOTIFYs `hand_moved` with the hand's
 * id after every committed change of its seq or status (migration 20261122160000), and this
 * instance's one LISTEN connection wakes its waiting readers. A reader arms its watch before it
 * reads the view, so a change between the read and the wait is not missed.
 */
@Injectable()
export class HandWatch implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('HandWatch');
  private readonly waiting = new Map<string, Set<() => void>>();
  /** Told of every move (a hand's id) and, with null, that moves may have been missed. */
  private readonly followers = new Set<(handId: string | null) => void>();
  /** Armed watches not yet finished, held against `longPollMaxWaiters`. */
  private armed = 0;
  private client: pg.Client | null = null;
  private closed = false;

  constructor(@Inject(SETTINGS) private readonly settings: Settings) {}

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }

  /** Shutdown: every waiting reader is answered now, later ones at once, and LISTEN ends. */
  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    await this.client?.end().catch(() => undefined);
  }

  /** True once shutdown began: nothing will be woken any more (the stream ends its readers). */
  get closing(): boolean {
    return this.closed;
  }

  /** How many long polls this instance holds open now. */
  get held(): number {
    return this.armed;
  }

  /**
   * A watch on `handId`, or null when this instance already holds `LONG_POLL_MAX_WAITERS`
   * of them: each is an open request and socket, so a flood of long polls is answered at once
   * (as a plain conditional read) instead of piling up.
   */
  arm(handId: string): Watch | null {
    if (this.armed >= this.settings.longPollMaxWaiters) return null;
    this.armed++;
    let counted = true;
    let fired = false;
    let done: (() => void) | null = null;
    let timer: NodeJS.Timeout | undefined;
    const wake = (): void => {
      fired = true;
      finish();
    };
    const finish = (): void => {
      if (counted) this.armed--;
      counted = false;
      clearTimeout(timer);
      this.waiting.get(handId)?.delete(wake);
      if (this.waiting.get(handId)?.size === 0) this.waiting.delete(handId);
      done?.();
      done = null;
    };
    let set = this.waiting.get(handId);
    if (!set) this.waiting.set(handId, (set = new Set()));
    set.add(wake);
    return {
      until: (ms) =>
        new Promise<void>((resolve) => {
          if (fired || this.closed) return resolve();
          done = resolve;
          timer = setTimeout(finish, ms);
        }),
      cancel: finish,
    };
  }

  /** Follows every hand's moves on this instance (the bot runner); returns the unsubscribe. */
  follow(onMove: (handId: string | null) => void): () => void {
    this.followers.add(onMove);
    return () => this.followers.delete(onMove);
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    // The connect timeout keeps a silent server (a cut network) from stalling the reconnection loop.
    const client = new pg.Client({ ...CONNECTION_OPTIONS, connectionString: this.settings.databaseUrl });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      for (const wake of [...(this.waiting.get(n.payload) ?? [])]) wake();
      for (const onMove of this.followers) onMove(n.payload);
    });
    // A lost connection may have dropped notifications: wake every reader to look again.
    const lost = (err?: Error): void => {
      if (this.client !== client || this.closed) return;
      this.client = null;
      this.log.warn(`LISTEN connection lost${err ? ` (${err.message})` : ''}; reconnecting`);
      this.wakeAll();
      client.end().catch(() => undefined);
      setTimeout(() => void this.listen().catch(() => undefined), RECONNECT_MS).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost(err as Error);
    }
  }

  private wakeAll(): void {
    for (const onMove of this.followers) onMove(null);
    for (const set of [...this.waiting.values()]) for (const wake of [...set]) wake();
  }
}
