import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { CONNECTION_OPTIONS } from '../database/database.service.js';

/** How long a reader may ask to wait (`Prefer: wait=N`, RFC 7240), in seconds. */
export const MAX_WAIT_SECONDS = 30;
const CHANNEL = 'hand_moved';
const RECONNECT_MS = 1000;

/**
 * A committed change of one hand: its id and, when known (the notification says it, or this
 * instance wrote it), the seq and status it moved to — a reader holding that version of the hand
 * needs no read to know it is current.
 */
export interface Move {
  handId: string;
  seq?: number;
  status?: string;
}

/** This instance's append to a hand, between its start and its announcement (HandWatch.writing). */
interface OwnWrite {
  seq: number;
  writers: number;
  /** Its notification came before the writer's answer did, and was held back. */
  held: boolean;
  /** The writer announced the move; its notification, when it comes, is a repeat. */
  announced: boolean;
}

/** A reader's armed wait for the next change of one hand. */
export interface Watch {
  /**
   * Resolves at the first change since arming (at once if it came already) with that move when
   * it said where the hand went, after `ms` or at `cancel()` with nothing.
   */
  until(ms: number): Promise<Move | undefined>;
  cancel(): void;
}

/**
 * Live updates across instances: the `hands_moved` trigger NOTIFYs `hand_moved` with the hand's
 * id, seq and status (`<id>:<seq>:<status>`, migration 20261124100000) after every committed
 * change of its seq or status, and this instance's one LISTEN connection wakes its waiting
 * readers. A reader arms its watch before it reads the view, so a change between the read and
 * the wait is not missed. This instance's own appends are announced by their writers as soon
 * as the new hand is cached (`writing`), so their readers need not read it back.
 */
@Injectable()
export class HandWatch implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('HandWatch');
  private readonly waiting = new Map<string, Set<(move?: Move) => void>>();
  /** Told of every move and, with null, that moves may have been missed. */
  private readonly followers = new Set<(move: Move | null) => void>();
  /** Hand id → this instance's append to it in flight, or announced and its notification not yet in. */
  private readonly own = new Map<string, OwnWrite>();
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
    let woke: Move | undefined;
    let done: ((move?: Move) => void) | null = null;
    let timer: NodeJS.Timeout | undefined;
    const wake = (move?: Move): void => {
      fired = true;
      woke = move;
      finish();
    };
    const finish = (): void => {
      if (counted) this.armed--;
      counted = false;
      clearTimeout(timer);
      this.waiting.get(handId)?.delete(wake);
      if (this.waiting.get(handId)?.size === 0) this.waiting.delete(handId);
      done?.(woke);
      done = null;
    };
    let set = this.waiting.get(handId);
    if (!set) this.waiting.set(handId, (set = new Set()));
    set.add(wake);
    return {
      until: (ms) =>
        new Promise<Move | undefined>((resolve) => {
          if (fired || this.closed) return resolve(woke);
          done = resolve;
          timer = setTimeout(finish, ms);
        }),
      cancel: finish,
    };
  }

  /** Follows every hand's moves on this instance (the bot runner, the streams); returns the unsubscribe. */
  follow(onMove: (move: Move | null) => void): () => void {
    this.followers.add(onMove);
    return () => this.followers.delete(onMove);
  }

  /**
   * This instance is appending `seq` to a hand; the returned function announces the outcome:
   * the move (the new hand is cached by then), or null when nothing was written. The hand's
   * notification often arrives before the append's own answer: a reader woken by it then would
   * find the cache behind and read the whole hand, so it is held back while the append is in
   * flight — and given out after all if this append did not write (the move was another's).
   */
  writing(handId: string, seq: number): (moved: Move | null) => void {
    let own = this.own.get(handId);
    if (!own || own.seq !== seq) this.own.set(handId, (own = { seq, writers: 0, held: false, announced: false }));
    own.writers++;
    const entry = own;
    return (moved) => {
      entry.writers--;
      if (moved) {
        entry.announced = true;
        this.moved(moved);
      } else if (entry.writers === 0 && entry.held && !entry.announced) this.moved({ handId });
      // Kept only while its notification may still come as a repeat of the announcement.
      if (entry.writers === 0 && (entry.held || !entry.announced) && this.own.get(handId) === entry) this.own.delete(handId);
    };
  }

  private notified(move: Move): void {
    const own = this.own.get(move.handId);
    if (own && own.seq === move.seq) {
      if (own.announced) {
        if (own.writers === 0) this.own.delete(move.handId);
        else own.held = true;
        return;
      }
      if (own.writers > 0) {
        own.held = true;
        return;
      }
    }
    this.moved(move);
  }

  private moved(move: Move): void {
    for (const wake of [...(this.waiting.get(move.handId) ?? [])]) wake(move);
    for (const onMove of this.followers) onMove(move);
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    // The connect timeout keeps a silent server (a cut network) from stalling the reconnection loop.
    const client = new pg.Client({ ...CONNECTION_OPTIONS, connectionString: this.settings.databaseUrl });
    client.on('notification', (n) => {
      if (n.channel === CHANNEL && n.payload) this.notified(moveOf(n.payload));
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
    // Notifications held back may be lost with the connection: nothing is held any more.
    this.own.clear();
    for (const onMove of this.followers) onMove(null);
    for (const set of [...this.waiting.values()]) for (const wake of [...set]) wake();
  }
}

/** `<id>:<seq>:<status>` (or a bare id, as the trigger before 20261124100000 sent it). */
function moveOf(payload: string): Move {
  const [handId, seq, status] = payload.split(':');
  return seq === undefined || status === undefined ? { handId: handId! } : { handId: handId!, seq: Number(seq), status };
}
