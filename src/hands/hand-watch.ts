import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { TokenRevocations, type Revocation } from '../common/token-revocations.js';
import { CONNECTION_OPTIONS } from '../database/database.service.js';
import type { Greeted } from './greetings.js';

/** How long a reader may ask to wait (`Prefer: wait=N`, RFC 7240), in seconds. */
export const MAX_WAIT_SECONDS = 30;
const CHANNEL = 'hand_moved';
/** A player's token was replaced: `<player id>:<credential>` of the token that no longer holds. */
const REVOKED = 'token_revoked';
const GREETED = 'table_greeting';
const RECONNECT_MS = 1000;
/** One statement sends a batch of moves, in order. */
const NOTIFY_SQL = `SELECT pg_notify('${CHANNEL}', m) FROM unnest($1::text[]) AS m`;
/** Moves waiting to be sent while the database is away; beyond this the oldest go (its listeners look again anyway). */
const OUTBOX_MAX = 10_000;

/**
 * A committed change of one hand: its id and, when known (the notification says it, or this
 * instance wrote it), the seq and status it moved to — a reader holding that version of the hand
 * needs no read to know it is current.
 */
export interface Move {
  handId: string;
  seq?: number;
  status?: string;
  /**
   * The seats changed at that seq — a seat went away or came back, and so the deadline — without
   * an event: a copy of the hand at that seq is no longer current.
   */
  seats?: true;
}

/** A move that says where the hand went. */
export type SeqMove = Required<Omit<Move, 'seats'>> & Pick<Move, 'seats'>;

/** This instance's append to a hand, between its start and its announcement (HandWatch.writing). */
interface OwnWrite {
  seq: number;
  writers: number;
  /** A notification of its seq or an older one came while it was in flight: held back, given out if it wrote nothing. */
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
 * Live updates across instances: every committed change of a hand's seq or status is published
 * on `hand_moved` as `<id>:<seq>:<status>` by the instance that wrote it, and this instance's
 * one LISTEN connection wakes its waiting readers. A reader arms its watch before it reads the
 * view, so a change between the read and the wait is not missed. This instance's own moves reach
 * its readers at once — an append's once the new hand is cached (`writing`), so they need not
 * read it back; a deal's or a dropped hand's at its commit (`committed`) — and their
 * notifications, coming back later, are not repeated.
 *
 * Published after the commit, not by a trigger inside the writing transaction: PostgreSQL takes
 * one lock for every committing transaction that has notified and holds it through the commit's
 * WAL flush, so every action's commit would wait for every other's. The moves go out in batches on a connection of their own with synchronous_commit
 * off: a notification need not outlive the database, whose listeners all reconnect and look
 * again. A writer that dies between its commit and its notification leaves the others to find
 * the move by looking again: the streams do every KEEPALIVE_MS, long polls when their wait ends,
 * the bot runner at its sweep.
 */
@Injectable()
export class HandWatch implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('HandWatch');
  private readonly waiting = new Map<string, Set<(move?: Move) => void>>();
  /** Told of every move and, with null, that moves may have been missed. */
  private readonly followers = new Set<(move: Move | null) => void>();
  private readonly greeters = new Set<(greeted: Greeted) => void>();
  /** Hand id → this instance's append to it in flight, or announced and its notification not yet in. */
  private readonly own = new Map<string, OwnWrite>();
  /** Armed watches not yet finished, held against `longPollMaxWaiters`. */
  private armed = 0;
  private client: pg.Client | null = null;
  private closed = false;
  /** Moves to publish, the latest per hand, oldest first; sent by one `send` at a time. */
  private readonly outbox = new Map<string, string>();
  private sending = false;
  private sent: Promise<void> = Promise.resolve();
  private notifier: pg.Client | null = null;
  private notifierDown = false;
  /** Closed and the last batch sent: nothing more goes out. */
  private ended = false;

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(TokenRevocations) private readonly revocations: TokenRevocations,
  ) {
    this.revocations.carry((revoked) => this.announceRevocation(revoked));
  }

  async onModuleInit(): Promise<void> {
    await this.listen();
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }

  /** Shutdown: every waiting reader is answered now, later ones at once, the last moves go out, and LISTEN ends. */
  async close(): Promise<void> {
    this.closed = true;
    this.wakeAll();
    await this.sent;
    this.ended = true;
    await Promise.all([this.client?.end(), this.notifier?.end()].map((p) => p?.catch(() => undefined)));
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
   * (as a plain conditional read) instead of piling up. A move that names its seq and status and
   * changes no seats, and that `holds` says the reader already has, does not wake it.
   */
  arm(handId: string, holds?: (move: Move) => boolean): Watch | null {
    if (this.armed >= this.settings.longPollMaxWaiters) return null;
    this.armed++;
    let counted = true;
    let fired = false;
    let woke: Move | undefined;
    let done: ((move?: Move) => void) | null = null;
    let timer: NodeJS.Timeout | undefined;
    const wake = (move?: Move): void => {
      if (move?.seq !== undefined && move.status !== undefined && !move.seats && holds?.(move)) return;
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

  /** Tells the other instances that a token no longer holds (TokenRevocations, on the one LISTEN connection). */
  private async announceRevocation(revoked: Revocation): Promise<void> {
    try {
      this.notifier ??= await this.connectNotifier();
      await this.notifier.query('SELECT pg_notify($1, $2)', [REVOKED, `${revoked.playerId}:${revoked.credential}`]);
    } catch (err) {
      // The other instances then stop taking the old token when their caches expire (auth.ts).
      this.log.warn(`revocation of a token not announced: ${(err as Error).message}`);
    }
  }

  /** Sends a greeting to the sockets following its table on every instance, this one's through its LISTEN too. */
  async greet(greeted: Greeted): Promise<void> {
    this.notifier ??= await this.connectNotifier();
    await this.notifier.query('SELECT pg_notify($1, $2)', [GREETED, JSON.stringify(greeted)]);
  }

  /** Hears the greetings of every instance (the table sockets here). */
  onGreeting(listener: (greeted: Greeted) => void): void {
    this.greeters.add(listener);
  }

  /**
   * This instance is appending `seq` to a hand; the returned function announces the outcome —
   * the move (committed, and the new hand cached by then), which it also publishes, or null when
   * nothing was written. A notification of that seq arriving meanwhile is another writer's: a
   * reader woken by it would find the cache behind and read the whole hand, so it is held back
   * while the append is in flight — and given out after all if this append did not write.
   */
  writing(handId: string, seq: number): (moved: SeqMove | null) => void {
    let own = this.own.get(handId);
    if (!own || own.seq !== seq) this.own.set(handId, (own = { seq, writers: 0, held: false, announced: false }));
    own.writers++;
    const entry = own;
    return (moved) => {
      entry.writers--;
      if (moved) {
        entry.announced = true;
        this.moved(moved);
        this.publish(moved);
      } else if (entry.writers === 0 && entry.held && !entry.announced) this.moved({ handId });
      // An announced write is kept until its notification comes back; one that wrote nothing, not.
      if (entry.writers === 0 && !entry.announced && this.own.get(handId) === entry) this.own.delete(handId);
    };
  }

  /**
   * This instance committed `move` outside an append (a deal, a hand dropped; `onCommit` of its
   * transaction): its readers learn of it now, as of an append, and every instance through its
   * notification, which is not repeated here when it comes back.
   */
  committed(move: SeqMove): void {
    if (!this.own.get(move.handId)?.writers) this.own.set(move.handId, { seq: move.seq, writers: 0, held: false, announced: true });
    this.moved(move);
    this.publish(move);
  }

  /**
   * This instance committed a change of a hand's seats at its seq (a seat away or back, hence its
   * deadline): the hand's readers everywhere are told now, as of a move, and read it again.
   */
  seatsChanged(move: { handId: string; seq: number; status: string }): void {
    const changed = { ...move, seats: true as const };
    this.moved(changed);
    this.publish(changed);
  }

  /** Tells every instance (this one too, through its LISTEN) that a committed move happened. */
  private publish(move: SeqMove): void {
    if (this.ended) return;
    this.outbox.delete(move.handId);
    this.outbox.set(move.handId, `${move.handId}:${move.seq}:${move.status}${move.seats ? ':seats' : ''}`);
    if (this.outbox.size > OUTBOX_MAX) this.outbox.delete(this.outbox.keys().next().value!);
    if (!this.sending) this.sent = this.send();
  }

  /** Sends the outbox a batch at a time until it is empty; the database away, tries again after RECONNECT_MS. */
  private async send(): Promise<void> {
    // Set and cleared in the same turn as the loop's start and its end: a move published while
    // a batch is out is in the next one, never left behind.
    this.sending = true;
    try {
      while (this.outbox.size > 0) {
        const batch = [...this.outbox];
        this.outbox.clear();
        try {
          this.notifier ??= await this.connectNotifier();
          await this.notifier.query({ name: 'hand-moved', text: NOTIFY_SQL, values: [batch.map(([, payload]) => payload)] });
          this.notifierDown = false;
        } catch (err) {
          // Put back what no newer move of the same hand replaced meanwhile, oldest first.
          const newer = new Map(this.outbox);
          this.outbox.clear();
          for (const [id, payload] of batch) if (!newer.has(id)) this.outbox.set(id, payload);
          for (const [id, payload] of newer) this.outbox.set(id, payload);
          this.notifier?.end().catch(() => undefined);
          this.notifier = null;
          if (!this.notifierDown) this.log.warn(`moves not published (${(err as Error).message}); trying again`);
          this.notifierDown = true;
          if (this.closed) return;
          await new Promise((r) => setTimeout(r, RECONNECT_MS).unref());
        }
      }
    } finally {
      this.sending = false;
    }
  }

  private async connectNotifier(): Promise<pg.Client> {
    const client = new pg.Client({
      ...CONNECTION_OPTIONS,
      connectionString: this.settings.databaseUrl,
      options: '-c synchronous_commit=off',
    });
    client.on('error', () => {
      if (this.notifier === client) this.notifier = null;
      client.end().catch(() => undefined);
    });
    await client.connect();
    return client;
  }

  private notified(move: Move): void {
    // A change of seats is news to every reader, even at a seq this instance wrote.
    if (move.seats) return this.moved(move);
    const own = this.own.get(move.handId);
    // No later than this instance's own write: news only if that write wrote nothing (held until
    // it is settled); once it is announced, its own notification coming back, or an older one
    // coming after the next action began (that write was made on top of it), is no news.
    if (own && move.seq !== undefined && move.seq <= own.seq) {
      if (own.writers > 0) own.held = true;
      else if (own.announced && move.seq === own.seq) this.own.delete(move.handId);
      if (own.writers > 0 || own.announced) return;
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
      else if (n.channel === REVOKED && n.payload) {
        const [playerId, credential] = n.payload.split(':');
        this.revocations.heard({ playerId: playerId!, credential: credential ?? '' });
      } else if (n.channel === GREETED && n.payload) {
        const greeted = JSON.parse(n.payload) as Greeted;
        for (const listener of this.greeters) listener(greeted);
      }
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
      await client.query(`LISTEN ${REVOKED}`);
      await client.query(`LISTEN ${GREETED}`);
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

/** `<id>:<seq>:<status>`, with `:seats` for a change of seats at that seq (or a bare id, as the trigger before 20261124100000 sent it). */
function moveOf(payload: string): Move {
  const [handId, seq, status, seats] = payload.split(':');
  if (seq === undefined || status === undefined) return { handId: handId! };
  return { handId: handId!, seq: Number(seq), status, ...(seats === 'seats' ? { seats: true as const } : {}) };
}
