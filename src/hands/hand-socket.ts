import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { JSONSchemaType } from 'ajv';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Caller } from '../common/auth.js';
import { JSON_BODY_LIMIT, jsonProblem } from '../common/json-limits.js';
import { problemOf } from '../common/problem.filter.js';
import { ApiError } from '../common/problems.js';
import { PlayerRateLimit } from '../common/rate-limit.js';
import { bodyCheck } from '../common/request-body.js';
import { ACTION_REQUEST_SCHEMA, type ActionRequest } from './hands.dto.js';
import { afterSeq, HandStreams, holderOf, type EndReason, type Holder, type Reader, type Sink } from './hand-stream.js';
import { HandCommands } from './hand-commands.js';
import { HandWatch } from './hand-watch.js';
import { greetingOf, GreetingLimit, knownPhrase, type Greeted } from './greetings.js';

/** The subprotocol a client names; a browser, which cannot send headers, adds `bearer.<token>` beside it (auth.ts). */
const SOCKET_PROTOCOL = 'kartentisch';
/**
 * Actions a socket may have sent and not yet had answered. A seat acts one move at a time (each
 * names the seq it answers), so a client past this is flooding: the socket is closed.
 */
const MAX_IN_FLIGHT = 32;
/** Bytes queued for a client that does not read, past which it gets no more and is closed. */
const MAX_BUFFERED = 1 << 20;
/** How long a socket closed for its conduct may take to answer the close before it is cut. */
const CLOSE_GRACE_MS = 1_000;
/** Where an upgrade request keeps its socket while Fastify routes it. */
const UPGRADE = Symbol('kartentisch.upgrade');
type Upgrading = IncomingMessage & { [UPGRADE]?: { socket: Duplex; head: Buffer } };

/**
 * An action sent on the socket: the body of `POST /hands/{id}/actions` (its expectedSeq
 * required), its Idempotency-Key, and a `ref` to match the answer.
 */
interface SocketAction extends Omit<ActionRequest, 'expectedSeq'> {
  expectedSeq: number;
  ref?: string | number | null;
  /** Required on a table's socket; on a hand's, its own hand if given. */
  handId?: string | null;
  idempotencyKey?: string;
}

/** The action body's schema (hands.dto.ts), with the socket's own fields. */
const checkAction = bodyCheck<SocketAction>({
  ...ACTION_REQUEST_SCHEMA,
  required: ['expectedSeq', 'action'],
  properties: {
    ...ACTION_REQUEST_SCHEMA.properties,
    expectedSeq: { ...ACTION_REQUEST_SCHEMA.properties.expectedSeq, nullable: false },
    ref: { anyOf: [{ type: 'string', maxLength: 128 }, { type: 'number' }, { type: 'null' }] } as never,
    handId: { type: 'string', maxLength: 64, nullable: true },
    idempotencyKey: { type: 'string', minLength: 1, maxLength: 255, nullable: true },
  },
} as JSONSchemaType<SocketAction>);

/**
 * `GET /hands/{id}/socket`, a WebSocket per seat: the hand's views as the stream sends them
 * (`{"view": …}`, one per new seq), and the seat's actions sent on it (`{"ref", "expectedSeq",
 * "action"}`), each answered with `{"ref", "answer": <the new view>}` or `{"ref", "problem": …}`
 * (the problem+json of the POST). One connection per seat instead of a request per action:
 * no headers, routing or guards per action, which is what a live table pays for. Built on `ws`; the
 * upgrade itself is a request like any other (`attach`).
 */
@Injectable()
export class HandSockets implements OnModuleDestroy {
  private readonly server = new WebSocketServer({
    noServer: true,
    maxPayload: JSON_BODY_LIMIT,
    perMessageDeflate: false,
    handleProtocols: (offered) => (offered.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
  });
  private log: Logger | null = null;
  private readonly sockets = { hand: 0, table: 0 };
  /** The table sockets on this instance, by table: where greetings go. */
  private readonly following = new Map<string, Set<SocketSink>>();
  private readonly greetingLimit = new GreetingLimit();

  constructor(
    private readonly streams: HandStreams,
    private readonly commands: HandCommands,
    private readonly rateLimit: PlayerRateLimit,
    private readonly watch: HandWatch,
  ) {
    watch.onGreeting((greeted) => this.greeted(greeted));
  }

  /**
   * Routes the HTTP server's upgrade requests through Fastify like any request (as
   * @fastify/websocket does): request id and log, the address's rate limit, Nest's router and
   * AuthGuard, problem+json for a refusal, written on the socket, which is then closed. The
   * route `GET /hands/{id}/socket` (hand-stream.controller.ts) then calls `open`.
   */
  attach(fastify: FastifyInstance, log: Logger): void {
    this.log = log;
    fastify.server.on('upgrade', (req: Upgrading, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy());
      req[UPGRADE] = { socket, head };
      const res = new ServerResponse(req);
      res.assignSocket(socket as Socket);
      fastify.routing(req, res);
    });
    // An upgrade answered over HTTP (a refusal, another route) is not kept open.
    fastify.addHook('onResponse', (req, _reply, done) => {
      (req.raw as Upgrading)[UPGRADE]?.socket.destroy();
      done();
    });
  }

  /** WebSockets open now, by what they follow (a gauge of GET /metrics). */
  get openSockets(): { hand: number; table: number } {
    return { ...this.sockets };
  }

  onModuleDestroy(): void {
    for (const ws of this.server.clients) ws.terminate();
    this.server.close();
  }

  /**
   * Upgrades the request to the hand's WebSocket once the hand is read (its first view goes out
   * at once). Throws the usual problems before that: no upgrade asked for (426), an unknown hand,
   * a malformed `after`, no place left. `hijack` lets go of the adapter's reply. With `table`
   * (`GET /tables/{id}/socket`) the socket follows the table: when the hand ends it goes on with
   * the hand dealt next, and closes when the session is over.
   */
  async open(
    handId: string,
    caller: Caller,
    address: string,
    after: string | undefined,
    req: IncomingMessage,
    res: ServerResponse,
    hijack: () => void,
    table?: string,
  ): Promise<void> {
    const upgrade = (req as Upgrading)[UPGRADE];
    if (!upgrade) throw ApiError.of('UPGRADE_REQUIRED', 'open the socket as a WebSocket (Upgrade: websocket, subprotocol kartentisch)');
    const from = afterSeq(after);
    if (this.streams.full) res.setHeader('Retry-After', '5');
    const sink = new SocketSink(upgrade.socket);
    const holder = holderOf(caller, address);
    const reader = await this.streams.join(handId, caller, holder, from, sink, () => {
      hijack();
      this.server.handleUpgrade(req, upgrade.socket, upgrade.head, (ws) => (sink.ws = ws));
    });
    if (reader && sink.ws) this.serve(sink, { handId, reader }, caller, holder, table);
  }

  /**
   * The seat's actions, each answered on the socket. A hand's socket ends with its hand; a
   * table's goes on with the next hand, both after the hand's last view or the answer that is it.
   */
  private serve(sink: SocketSink, first: Followed, caller: Caller, holder: Holder, table: string | undefined): void {
    const ws = sink.ws!;
    const kind = table ? 'table' : 'hand';
    this.sockets[kind]++;
    const opened = performance.now();
    let at = first;
    let hands = 1;
    let actions = 0;
    let refused = 0;
    const moveOn = (next: string | undefined): void => {
      this.streams.leave(at.handId, at.reader);
      if (!table || !next) return ws.close(...(table ? CLOSE.sessionOver : CLOSE.over));
      if (sink.gone) return; // closed already: joining would wait for a close that has come
      this.streams.join(next, caller, holder, -1, sink).then(
        (reader) => {
          if (!reader) return;
          at = { handId: next, reader };
          hands++;
        },
        (err: unknown) => ws.close(...(problemOf(err).code === 'STREAMS_FULL' ? CLOSE.full : CLOSE.unavailable)),
      );
    };
    sink.onOver = moveOn;
    const log = table ? { tableId: table } : { handId: first.handId };
    if (table) {
      const sinks = this.following.get(table) ?? new Set();
      this.following.set(table, sinks.add(sink));
      ws.once('close', () => {
        sinks.delete(sink);
        if (sinks.size === 0 && this.following.get(table) === sinks) this.following.delete(table);
      });
    }
    // A frame over the limit, a broken frame: `ws` closes the socket (1009, 1002) and reports it here.
    ws.on('error', (err) => this.log?.warn({ ...log, err: err.message }, 'WebSocket error'));
    // One line per socket, as the request log has one per request: what it followed, how long, what it did.
    ws.once('close', (code: number) => {
      this.sockets[kind]--;
      const seconds = Math.round(performance.now() - opened) / 1000;
      this.log?.info({ ...log, ...(table ? { hands } : {}), seconds, actions, refused, code }, 'WebSocket closed');
    });
    // Every frame counts against the player's and the address's limits as it arrives, before it
    // is read; the actions are then answered one at a time, in order, so a socket holds at most
    // one database connection however fast its client sends.
    const bucket = caller.kind === 'player' ? caller.playerId : 'auditor';
    let inFlight = 0;
    let queue = Promise.resolve();
    const shut = (why: [number, string]): void => {
      if (sink.shut) return;
      sink.shut = true;
      ws.close(...why);
      // Nothing more is read: frames still coming cost no parsing; the close is cut after the grace.
      ws.pause();
      setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    };
    ws.on('message', (data: RawData, binary: boolean) => {
      if (sink.shut) return;
      if (++inFlight > MAX_IN_FLIGHT) return shut(CLOSE.flooding);
      const admitted = this.rateLimit.takeFrame(bucket, holder.address);
      queue = queue
        .then(async () => {
          if (sink.shut) return;
          if (!(await admitted)) return shut(CLOSE.limited);
          const now = at;
          const raw = binary ? null : data.toString();
          const greeting = table && raw?.includes('"greeting"') ? await this.greet(now, caller, raw, table) : null;
          if (greeting !== null) {
            if (ws.readyState === WebSocket.OPEN && !sink.shut) ws.send(greeting);
            return;
          }
          const { text, final } = await this.act(now, caller, raw, table !== undefined);
          if (final === undefined) refused++;
          else actions++;
          if (ws.readyState !== WebSocket.OPEN || sink.shut) return;
          if (ws.bufferedAmount > MAX_BUFFERED) return shut(CLOSE.behind);
          ws.send(text);
          if (final && now === at) moveOn(final.next);
        })
        // `act` answers every refusal itself: anything else is a fault here, logged, and the socket
        // closed (1011, reconnect) rather than its queue stopped with no word.
        .catch((err: unknown) => {
          this.log?.error({ ...log, err }, 'WebSocket: a frame was not handled');
          shut(CLOSE.unavailable);
        })
        .finally(() => inFlight--);
    });
  }

  /**
   * The frame answering one action; `final` (undefined: refused) when that answer is the last view
   * of the followed hand — `next` is then the hand dealt after it.
   */
  private async act(
    at: Followed,
    caller: Caller,
    text: string | null,
    table: boolean,
  ): Promise<{ text: string; final?: false | { next?: string } }> {
    let ref: string | number | null = null;
    let final: false | { next?: string } | undefined;
    try {
      const msg = parseAction(text);
      ref = msg.ref ?? null;
      const handId = handOf(msg, at.handId, table);
      if (caller.kind !== 'player') throw ApiError.of('PLAYER_ONLY');
      // The answer is the seat's view at the new seq: marked held before any line is built for it.
      const heard = (view: Record<string, unknown>) =>
        handId === at.handId && this.streams.heard(at.reader, view) ? { next: view.nextHandId as string | undefined } : false;
      const command = { actor: caller, expectedSeq: msg.expectedSeq, action: msg.action };
      const answer = await this.commands.handle(handId, command, {
        idempotencyKey: msg.idempotencyKey ?? undefined,
        onStored: ({ view }) => (final = heard(view)),
      });
      // An answer given again (an Idempotency-Key) stands for its seq too.
      final ??= heard(answer.view);
      return { text: `{"ref":${JSON.stringify(ref)},"answer":${answer.json}}`, final };
    } catch (err) {
      return { text: JSON.stringify({ ref, problem: this.problem(err).toProblem() }) };
    }
  }

  /**
   * A greeting frame from a seat (greetings.ts): sent on to every socket following the table, and
   * answered `{"ref", "greeted": <phrase>}`; null when the frame is no greeting (an action).
   */
  private async greet(at: Followed, caller: Caller, text: string, tableId: string): Promise<string | null> {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return null; // the action's parse words the problem
    }
    let ref: string | number | null = null;
    try {
      const greeting = greetingOf(msg);
      if (!greeting) return null;
      ref = greeting.ref;
      const viewer = at.reader.viewer;
      if (caller.kind !== 'player' || viewer?.kind !== 'seat') throw ApiError.of('NOT_SEATED', 'only a seat at the table greets');
      const phrase = knownPhrase(greeting.phrase);
      this.greetingLimit.take(caller.playerId, Date.now());
      await this.watch.greet({ tableId, seat: viewer.seat, phrase });
      return JSON.stringify({ ref, greeted: phrase });
    } catch (err) {
      return JSON.stringify({ ref, problem: this.problem(err).toProblem() });
    }
  }

  /** A greeting heard from any instance: to this instance's sockets following its table. */
  private greeted(g: Greeted): void {
    const frame = JSON.stringify({ greeting: { seat: g.seat, phrase: g.phrase } });
    for (const sink of this.following.get(g.tableId) ?? []) if (!sink.shut && sink.ws?.readyState === WebSocket.OPEN) sink.ws.send(frame);
  }

  /** As the POST's answer would be; the unexpected logged, as ProblemFilter does. */
  private problem(err: unknown): ApiError {
    const error = problemOf(err);
    if (error.status >= 500) this.log?.error({ err }, `WebSocket: ${err instanceof Error ? err.message : String(err)}`);
    return error;
  }
}

/** The hand a socket follows now, and its reader there. */
interface Followed {
  handId: string;
  reader: Reader;
}

/**
 * The hand an action is for: a table's socket must name it (`handId`, as its views do), so that
 * an action sent for a hand that has just ended never lands in the next one; a hand's socket may.
 */
function handOf(msg: SocketAction, following: string, table: boolean): string {
  if (msg.handId === undefined || msg.handId === null) {
    if (table) throw ApiError.of('VALIDATION_FAILED', "name the action's hand: `handId`, the `id` of the view it answers");
    return following;
  }
  if (!table && msg.handId !== following) throw ApiError.of('VALIDATION_FAILED', `this socket follows hand ${following}`);
  return msg.handId;
}

/** A text frame holding one SocketAction, within the JSON limits of any body. */
function parseAction(text: string | null): SocketAction {
  if (text === null) throw ApiError.of('VALIDATION_FAILED', 'send actions as text frames of JSON');
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch (err) {
    throw ApiError.of('VALIDATION_FAILED', `the message is not valid JSON: ${(err as Error).message}`);
  }
  const limits = jsonProblem(msg);
  if (limits) throw ApiError.of('VALIDATION_FAILED', limits);
  return checkAction(msg);
}

/** The close codes (RFC 6455 §7.4.1) and reasons: reconnect with `after` unless the hand is over. */
const CLOSE: Record<EndReason | 'sessionOver' | 'full' | 'limited' | 'flooding', [number, string]> = {
  over: [1000, 'the hand is over'],
  revoked: [1008, 'the token was replaced; open the socket again with the new one'],
  limited: [1008, 'more frames than the rate limit allows; reconnect after a minute'],
  flooding: [1008, `more than ${MAX_IN_FLIGHT} actions waiting for their answers`],
  sessionOver: [1000, 'the session is over'],
  full: [1013, 'the instance holds all the sockets it may; reconnect later'],
  shutdown: [1001, 'the instance is stopping; reconnect with after'],
  unavailable: [1011, 'the database is away; reconnect with after'],
  behind: [1013, 'too far behind; reconnect with after'],
};

/** A socket's views, `{"view": …}` per frame; before the upgrade, only its going is watched. */
class SocketSink implements Sink {
  ws: WebSocket | null = null;
  /** Closed for its conduct (serve): nothing more is read or sent. */
  shut = false;
  /** The hand's last view was sent: the socket closes or, following a table, goes on (serve). */
  onOver: ((next: string | undefined) => void) | null = null;
  private onClose: (() => void) | null = null;

  constructor(private readonly socket: Duplex) {}

  send(json: string): void {
    if (!this.shut) this.ws?.send(`{"view":${json}}`);
  }
  end(why: EndReason, next?: string): void {
    if (why === 'over' && this.onOver) this.onOver(next);
    else if (this.ws) this.ws.close(...CLOSE[why]);
    else this.socket.destroy();
  }
  get backlog(): number {
    return this.ws?.bufferedAmount ?? 0;
  }
  get gone(): boolean {
    return this.socket.destroyed || (this.ws !== null && this.ws.readyState !== WebSocket.OPEN);
  }
  /** One listener, the hand's it follows now: a table's socket joins hand after hand. */
  onGone(listener: () => void): void {
    if (!this.onClose) this.socket.once('close', () => this.onClose?.());
    this.onClose = listener;
  }
  keepAlive(): void {
    this.ws?.ping();
  }
}
