import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Viewer } from '../engine/index.js';
import type { Caller } from '../common/auth.js';
import { networkOf } from '../common/client-network.js';
import { KEEPALIVE_MS, ndjsonWriter, startNdjson } from '../common/ndjson-stream.js';
import { ApiError } from '../common/problems.js';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { TokenRevocations, type Revocation } from '../common/token-revocations.js';
import { HandWatch, type Move } from './hand-watch.js';
import { HandsService, viewSeatsMark, type HandSnapshot } from './hands.service.js';
import { SeatPresence } from './presence.js';
import { viewerOf } from './views.js';

/** A reader this far behind (bytes queued, not taken) is cut off; it reconnects with `after`. */
const MAX_QUEUED_BYTES = 1 << 20;

/**
 * Where a reader's views go: an NDJSON response, or a WebSocket (hand-socket.ts). `send` takes
 * the view's JSON; `backlog` is what the reader has not taken yet, in bytes.
 */
export interface Sink {
  send(json: string): void;
  /** `next`: when the hand is over, the hand its table dealt next (a table's socket follows it). */
  end(why: EndReason, next?: string): void;
  /** Bytes written and not yet taken by the reader. */
  readonly backlog: number;
  /** The reader went, or the sink was ended. */
  readonly gone: boolean;
  onGone(listener: () => void): void;
  keepAlive(): void;
}

/**
 * Why a stream ends: the hand is over or dropped, the instance stops, the database is away, the
 * reader fell behind, the token it was opened with was replaced.
 */
export type EndReason = 'over' | 'shutdown' | 'unavailable' | 'behind' | 'revoked';

/** Who holds a stream: its player (none for the auditor), the token's credential, the client's address. */
export interface Holder {
  playerId: string | null;
  credential: string | null;
  address: string;
}

/** The holder of a stream opened by `caller` from `address`. */
export const holderOf = (caller: Caller, address: string): Holder => ({
  playerId: caller.kind === 'player' ? caller.playerId : null,
  credential: caller.kind === 'player' ? (caller.credential ?? null) : null,
  address,
});

/** One open stream: who reads, and what it was sent last. */
export interface Reader {
  sink: Sink;
  holder: Holder;
  viewer: Viewer | null;
  /** The seq and status of the last view sent (`after` and `active` before the first). */
  seq: number;
  status: string;
  started: boolean;
  /** What the last view sent said of the seats (hands.service.ts seatsMark): a change sends the view again. */
  seats: string;
  /** A seat's reader keeps its player present at the table until it leaves. */
  release?: () => void;
  /** Its token was replaced while it was being opened. */
  revoked?: boolean;
  keepAlive?: NodeJS.Timeout;
}

/** The readers of one hand on this instance, and its one refresh at a time. */
interface Hub {
  readers: Set<Reader>;
  /** Counts notifications, so a reader that joined during one knows it must look again. */
  moves: number;
  running: boolean;
  again: boolean;
  /** The latest move announced, if it said where the hand went: the next read may need no query. */
  latest?: Move;
  /** Looks again every KEEPALIVE_MS: a writer that died between its commit and its notification told nobody. */
  recheck: NodeJS.Timeout;
  /** The hand's table, once read: its presence changes send the views again. */
  tableId?: string | null;
}

/**
 * `GET /hands/{id}/stream`: each reader's view of a hand as NDJSON, one line per new seq
 * (Lichess's board API streams a game the same way). The readers of a hand share one hub: a
 * notification (HandWatch, LISTEN/NOTIFY across instances) makes it read the hand once and build
 * each viewer's line once (a seat, the spectator view, the auditor), however many read it.
 * Works on Node's own request and response, so the HTTP adapter is only glue (the controller).
 */
@Injectable()
export class HandStreams implements OnModuleDestroy {
  private readonly log = new Logger('HandStreams');
  private readonly hubs = new Map<string, Hub>();
  private unfollow: (() => void) | null = null;
  private count = 0;
  private ndjsonCount = 0;
  /** Streams and sockets held per player and per address (an IPv6 one by its network), against their caps. */
  private readonly perPlayer = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();

  constructor(
    private readonly hands: HandsService,
    private readonly watch: HandWatch,
    private readonly presence: SeatPresence,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(TokenRevocations) revocations: TokenRevocations,
  ) {
    revocations.onRevoked((revoked) => this.revoke(revoked));
    this.presence.onChange((tableId) => {
      for (const [handId, hub] of this.hubs) if (hub.tableId === tableId) this.refresh(handId, hub);
    });
  }

  /** How many streams this instance holds open now. */
  get open(): number {
    return this.count;
  }

  /** Of them, the NDJSON streams (the rest are HandSockets'). */
  get ndjsonOpen(): number {
    return this.ndjsonCount;
  }

  onModuleDestroy(): void {
    this.endAll();
    this.unfollow?.();
  }

  /**
   * Answers the NDJSON stream; resolves once its first line is written (the stream goes on).
   * Throws the usual problems before the first byte: an unknown hand, a malformed `after`, no
   * place left.
   */
  async serve(
    handId: string,
    caller: Caller,
    address: string,
    after: string | undefined,
    req: IncomingMessage,
    res: ServerResponse,
    /** The adapter lets go of the response here (Fastify: `reply.hijack()`); errors before it are its to answer. */
    beforeFirstByte: () => void = () => undefined,
  ): Promise<void> {
    const from = afterSeq(after);
    if (this.full) res.setHeader('Retry-After', '5');
    await this.join(handId, caller, holderOf(caller, address), from, ndjsonWriter(res), () => {
      beforeFirstByte();
      req.socket?.setNoDelay(true);
      startNdjson(res);
      res.flushHeaders(); // the reader learns the stream is open even when `after` holds its first line back
      this.ndjsonCount++;
      res.once('close', () => this.ndjsonCount--);
    });
  }

  /** Whether the instance holds as many streams and sockets as it may (STREAMS_FULL). */
  get full(): boolean {
    return this.count >= this.settings.streamsMax;
  }

  /**
   * Joins a reader to the hand: the view now (unless `from`, the seq it holds, has it), then one
   * per new seq, until the hand ends or the reader goes. `opened` runs once the hand is read, just
   * before the first view; the problems before it are thrown. Answers the reader (null: it went
   * during the read), whose `seq` an action it made itself may move on (hand-socket.ts).
   */
  async join(
    handId: string,
    caller: Caller,
    holder: Holder,
    from: number,
    sink: Sink,
    opened: () => void = () => undefined,
  ): Promise<Reader | null> {
    if (this.full) {
      throw ApiError.of('STREAMS_FULL', `this instance holds its ${this.settings.streamsMax} streams; retry later or long-poll`);
    }
    this.checkCaps(holder);
    this.following();
    const hub = this.hubOf(handId);
    const reader: Reader = { sink, holder, viewer: null, seq: from, status: 'active', started: false, seats: '' };
    // Joined before the read, so a move during the read is seen (`moves` changes) and not missed.
    const moves = hub.moves;
    hub.readers.add(reader);
    this.count++;
    count(this.perAddress, this.networkOf(holder), 1);
    if (holder.playerId) count(this.perPlayer, holder.playerId, 1);
    sink.onGone(() => this.leave(handId, reader));
    let snap: HandSnapshot;
    try {
      snap = await this.hands.snapshot(handId);
    } catch (err) {
      this.leave(handId, reader);
      throw err;
    }
    if (sink.gone) return null; // the reader left during the read
    reader.viewer = viewerOf(caller, snap.seating);
    hub.tableId = snap.tableId;
    if (reader.viewer.kind === 'seat' && snap.tableId !== null)
      reader.release = this.presence.hold(snap.tableId, snap.seating[reader.viewer.seat]!);
    opened();
    reader.started = true;
    // A reader that holds the view at this seq (`after`) is sent it again only when its seats change.
    if (from === snap.seq) reader.seats = snap.seats;
    this.send(reader, snap, new Map());
    if (sink.gone) return reader;
    if (reader.revoked) {
      sink.end('revoked');
      return reader;
    }
    // Shutdown began: nothing would wake this stream, so it ends after its first line.
    if (this.watch.closing) {
      sink.end('shutdown');
      return reader;
    }
    reader.keepAlive = setInterval(() => sink.keepAlive(), KEEPALIVE_MS).unref();
    if (hub.moves !== moves) this.refresh(handId, hub);
    return reader;
  }

  /**
   * The reader holds the view at `seq` already (its own action's answer): no line for it. True
   * when that view is the hand's last, which ends the reader's stream as its line would have.
   */
  heard(reader: Reader, view: Record<string, unknown>): boolean {
    const seq = view.seq as number;
    const status = view.status as string;
    if (seq > reader.seq) {
      reader.seq = seq;
      reader.status = status;
      reader.seats = viewSeatsMark(view);
    }
    return status !== 'active';
  }

  /** One follower of every hand's moves for all streams; null: moves may have been missed, or shutdown. */
  private following(): void {
    this.unfollow ??= this.watch.follow((move) => {
      if (move === null) {
        if (this.watch.closing) this.endAll();
        else for (const [id, hub] of this.hubs) this.refresh(id, hub);
        return;
      }
      const hub = this.hubs.get(move.handId);
      if (hub) this.refresh(move.handId, hub, move);
    });
  }

  private hubOf(handId: string): Hub {
    let hub = this.hubs.get(handId);
    if (!hub) {
      const recheck = setInterval(() => this.refresh(handId, hub!), KEEPALIVE_MS).unref();
      this.hubs.set(handId, (hub = { readers: new Set(), moves: 0, running: false, again: false, recheck }));
    }
    return hub;
  }

  /** Reads the hand once and sends every reader what is new to it; moves during the read run it again. */
  private refresh(handId: string, hub: Hub, move?: Move): void {
    hub.moves++;
    hub.latest = move;
    if (hub.running) {
      hub.again = true;
      return;
    }
    hub.running = true;
    void (async () => {
      do {
        hub.again = false;
        const latest = hub.latest;
        hub.latest = undefined;
        try {
          const snap = await this.hands.snapshot(handId, latest);
          hub.tableId = snap.tableId;
          const lines = new Map<string, string>();
          for (const reader of [...hub.readers]) if (reader.started) this.send(reader, snap, lines);
        } catch (err) {
          // The hand cannot be read now (the database is away): its readers reconnect with `after`.
          this.log.warn(`stream of hand ${handId}: ${(err as Error).message}; ending its streams`);
          for (const reader of [...hub.readers]) if (reader.started) reader.sink.end('unavailable');
        }
      } while (hub.again);
      hub.running = false;
    })();
  }

  /** Writes the view if it is newer than what the reader has; a hand no longer active ends the stream. */
  private send(reader: Reader, snap: HandSnapshot, lines: Map<string, string>): void {
    const final = snap.status !== 'active';
    const seatsMoved = snap.seq === reader.seq && snap.seats !== reader.seats;
    if (snap.seq <= reader.seq && !(final && reader.status !== snap.status) && !seatsMoved) return;
    const viewer = reader.viewer!;
    const key = viewer.kind === 'seat' ? `seat${viewer.seat}` : viewer.kind;
    let json = lines.get(key);
    if (json === undefined) lines.set(key, (json = snap.jsonFor(viewer)));
    reader.seq = snap.seq;
    reader.status = snap.status;
    reader.seats = snap.seats;
    reader.sink.send(json);
    if (final) reader.sink.end('over', snap.nextHandId);
    else if (reader.sink.backlog > MAX_QUEUED_BYTES) reader.sink.end('behind');
  }

  /** The reader stops following the hand (a table's socket moving on to the next one); also when its sink goes. */
  leave(handId: string, reader: Reader): void {
    const hub = this.hubs.get(handId);
    if (!hub?.readers.delete(reader)) return;
    reader.release?.();
    this.count--;
    count(this.perAddress, this.networkOf(reader.holder), -1);
    if (reader.holder.playerId) count(this.perPlayer, reader.holder.playerId, -1);
    clearInterval(reader.keepAlive);
    if (hub.readers.size > 0) return;
    clearInterval(hub.recheck);
    this.hubs.delete(handId);
  }

  /** The key the holder's address counts under (an IPv6 address by its network). */
  private networkOf(holder: Holder): string {
    return networkOf(holder.address, this.settings.ipv6PrefixLength);
  }

  /** TOO_MANY_STREAMS when the holder's player or address holds its cap already. */
  private checkCaps(holder: Holder): void {
    const { streamsPerPlayer, streamsPerAddress } = this.settings;
    if (holder.playerId && streamsPerPlayer > 0 && (this.perPlayer.get(holder.playerId) ?? 0) >= streamsPerPlayer) {
      throw ApiError.of('TOO_MANY_STREAMS', `this player holds ${streamsPerPlayer} streams and sockets open; close one first`);
    }
    if (streamsPerAddress > 0 && (this.perAddress.get(this.networkOf(holder)) ?? 0) >= streamsPerAddress) {
      throw ApiError.of('TOO_MANY_STREAMS', `this address holds ${streamsPerAddress} streams and sockets open; close one first`);
    }
  }

  /** The streams and sockets opened with a token that was replaced end now. */
  private revoke({ playerId, credential }: Revocation): void {
    for (const hub of this.hubs.values()) {
      for (const reader of [...hub.readers]) {
        if (reader.holder.playerId !== playerId || reader.holder.credential !== credential) continue;
        // One still being opened ends after its first view (join).
        if (reader.started) reader.sink.end('revoked');
        else reader.revoked = true;
      }
    }
  }

  /** Shutdown: every stream ends now (its reader reconnects, elsewhere, with `after`). */
  private endAll(): void {
    for (const hub of this.hubs.values()) for (const reader of hub.readers) if (reader.started) reader.sink.end('shutdown');
  }
}

function count(map: Map<string, number>, key: string, by: 1 | -1): void {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

/** `after`: the seq of the view the reader holds (a non-negative integer), or none. */
export function afterSeq(after: string | undefined): number {
  if (after === undefined || after === '') return -1;
  if (!/^\d{1,9}$/.test(after)) throw ApiError.of('VALIDATION_FAILED', '`after` must be the seq of a view you hold, e.g. `after=7`');
  return Number(after);
}

/** The NDJSON stream's sink: a line per view, an empty line to keep alive. */
