import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { DatabaseService } from '../database/database.service.js';
import { dropLapsed, presentAt, vouch, withdraw, withdrawAll, type Presence } from './presence-store.js';

/** A table's presence as this instance last read it, and when a reader last asked for it. */
interface Known {
  players: string[];
  asked: number;
}

/** How often an instance renews its word and reads what changed (a closed connection shows within the grace and a beat). */
const BEAT_MS = 2000;
/** A connection closed for this long, with none opened again, is withdrawn. */
const GRACE_MS = 1000;
/** A table no reader asked about for this long is no longer read at each beat. */
const FORGET_MS = 60_000;

const keyOf = (tableId: string, playerId: string) => `${tableId}:${playerId}`;
const presenceOf = (key: string): Presence => {
  const [tableId, playerId] = key.split(':');
  return { tableId, playerId };
};

/**
 * Who is at the table (docs/contract.md#presence): a player is present while one of their
 * connections to it is open on any instance — the table's or a hand's socket or stream — or for
 * PRESENCE_SECONDS after any request of theirs about its hand (longer than a long poll waits, so
 * a client that long-polls stays present between its polls). Each instance vouches for its own
 * in `seat_presence` (presence-store.ts) for that window and renews its word at every beat, so a
 * stopped instance's word lapses by itself; a connection closed for a second is withdrawn.
 * At each beat the instance also reads the presence of the tables its readers look at, and tells
 * its followers (the streams and sockets) of every table whose presence changed, which send
 * their readers the view again.
 */
@Injectable()
export class SeatPresence implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('SeatPresence');
  private readonly instance = randomUUID();
  /** Connections open here, per table and player. */
  private readonly held = new Map<string, number>();
  /** Requests answered since the last beat, per table and player. */
  private readonly seen = new Set<string>();
  /** Connections closed with none left here, and when: withdrawn once closed for GRACE_MS. */
  private readonly closed = new Map<string, number>();
  private readonly known = new Map<string, Known>();
  private readonly listeners = new Set<(tableId: string) => void>();
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private soon = false;
  private stopped = false;
  private lastSweep = Date.now();

  constructor(
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  onModuleInit(): void {
    if (this.settings.presenceSeconds === 0) return;
    this.timer = setInterval(() => void this.beat(), Math.min(BEAT_MS, (this.settings.presenceSeconds * 1000) / 4)).unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.beating;
    await withdrawAll(this.db.pool, this.instance).catch(() => undefined);
  }

  /** A connection of the player's to the table opened here; the function given back closes it. */
  hold(tableId: string, playerId: string): () => void {
    const key = keyOf(tableId, playerId);
    const n = this.held.get(key) ?? 0;
    this.held.set(key, n + 1);
    this.closed.delete(key);
    if (n === 0) this.beatSoon();
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) return void this.held.set(key, left);
      this.held.delete(key);
      // Withdrawn after a grace, not at once: a table's socket moving on to the next hand closes
      // its hold and opens the next one a read later, which must not flicker.
      this.closed.set(key, Date.now());
    };
  }

  /** A request of the player's about the table's hand was answered. */
  saw(tableId: string, playerId: string): void {
    const key = keyOf(tableId, playerId);
    this.closed.delete(key);
    if (!this.held.has(key)) this.seen.add(key);
  }

  /** The seats whose players are present, as last read here (a reader that needs them now: `seatsAt`). */
  knownSeats(tableId: string | null, seating: readonly (string | null)[]): number[] {
    if (tableId === null) return [];
    const known = this.known.get(tableId);
    return known ? seatsOf(known.players, seating) : [];
  }

  /** The seats whose players are present, read once if this instance does not follow the table yet. */
  async seatsAt(tableId: string | null, seating: readonly (string | null)[]): Promise<number[]> {
    if (tableId === null || this.settings.presenceSeconds === 0) return [];
    let known = this.known.get(tableId);
    if (!known) {
      const players = (await presentAt(this.db.pool, [tableId])).get(tableId) ?? [];
      this.known.set(tableId, (known = { players, asked: Date.now() }));
    }
    known.asked = Date.now();
    return seatsOf(known.players, seating);
  }

  /** The players present at each table (the table resource), read now. */
  async playersAt(tableIds: readonly string[]): Promise<Map<string, string[]>> {
    if (this.settings.presenceSeconds === 0) return new Map(tableIds.map((t) => [t, []]));
    return presentAt(this.db.pool, tableIds);
  }

  /** Told the table whose presence changed; answers the function that stops it. */
  onChange(listener: (tableId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A connection opened or closed: the others learn of it now rather than at the next beat. */
  private beatSoon(): void {
    if (this.soon || this.settings.presenceSeconds === 0) return;
    this.soon = true;
    setImmediate(() => {
      this.soon = false;
      void this.beat();
    });
  }

  /** Vouches, withdraws, reads what changed, and tells the followers; one beat at a time. */
  private async beat(): Promise<void> {
    if (this.stopped) return;
    if (this.beating) {
      await this.beating;
      return this.beatSoon();
    }
    this.beating = this.once()
      .catch((err: Error) => this.log.warn(`presence beat failed: ${err.message}`))
      .finally(() => (this.beating = null));
    await this.beating;
  }

  private async once(): Promise<void> {
    // A player may be in both lists (a request answered, then a connection opened before this beat): once each.
    const vouched = [...new Set([...this.held.keys(), ...this.seen])].map(presenceOf);
    const now = Date.now();
    const gone = [...this.closed].filter(([, at]) => now - at >= GRACE_MS).map(([key]) => key);
    this.seen.clear();
    for (const key of gone) this.closed.delete(key);
    await vouch(this.db.pool, this.instance, vouched, this.settings.presenceSeconds);
    for (const key of gone) await withdraw(this.db.pool, this.instance, presenceOf(key));
    if (now - this.lastSweep > FORGET_MS) {
      this.lastSweep = now;
      await dropLapsed(this.db.pool);
    }
    for (const [tableId, known] of this.known) if (now - known.asked > FORGET_MS) this.known.delete(tableId);
    const tables = [...new Set([...this.known.keys(), ...vouched.map((p) => p.tableId), ...gone.map((key) => presenceOf(key).tableId)])];
    const read = await presentAt(this.db.pool, tables);
    for (const [tableId, players] of read) {
      const before = this.known.get(tableId);
      this.known.set(tableId, { players, asked: before?.asked ?? now });
      if (before && !samePlayers(before.players, players)) for (const tell of this.listeners) tell(tableId);
    }
  }
}

const seatsOf = (players: readonly string[], seating: readonly (string | null)[]): number[] =>
  seating.flatMap((p, seat) => (p !== null && players.includes(p) ? [seat] : []));

const samePlayers = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((p) => b.includes(p));
