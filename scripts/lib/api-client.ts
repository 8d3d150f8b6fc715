import http from 'node:http';
import createClient, { type Client } from 'openapi-fetch';
import { WebSocket } from 'ws';
import type { components, paths } from '../../openapi/schema.js';
import type { Action } from '../../src/solvers/search/strategy.js';

/**
 * The typed client of the public HTTP API, shared by the demo, the API benchmark's bots and
 * the audit simulator: calls are typed by what openapi-typescript generates from the committed
 * OpenAPI document (`npm run openapi`), so a client built on it uses the API as the document
 * says. Requests travel over `node:http` with one keep-alive agent (`transport`). Most go
 * through openapi-fetch; the two a bot sends per action — its view and its action — are written
 * and read directly, typed by the same document: the benchmark's bots share two cores with the
 * server, and openapi-fetch's Request and Response objects cost several times the CPU per call of a
 * plain request, which the server paid for in contention.
 */

type Schemas = components['schemas'];
export type Game = Schemas['CreateTableDto']['game'];
export type Player = Schemas['PlayerCreatedDto'];
export type TableInfo = Schemas['TableDto'];
export type Ledger = Schemas['LedgerDto'];
export type { Action };

/** A seat's view of a hand (GET /hands/{id}): the common fields and the game's own, one of three by `game`. */
export type HandView = Schemas['HandView'] & { legalActions?: Action[]; result?: HandResult | null };

/** docs/contract.md#result `result`; only the fields the scripts read are typed. */
export interface HandResult {
  status: 'finished' | 'thrownIn';
  declarer: number | null;
  contract: string | null;
  scores: number[];
  [field: string]: unknown;
}

/** An `application/problem+json` answer (docs/contract.md#errors). */
export class ProblemError extends Error {
  /** The Retry-After header of a 429, in seconds. */
  retryAfter?: string;

  constructor(
    readonly status: number,
    readonly code: string,
    readonly body: Record<string, unknown>,
    readonly route: string,
  ) {
    super(`${route} → ${status} ${code}: ${String(body.detail ?? body.title ?? '')}`);
  }
}

/**
 * Called after every request: the bench keeps latencies by route, and by `detail` — the
 * action's type for a POST of an action (`ends the hand` for the one whose answer is the hand's
 * last view: it books the hand and deals the next in its transaction), the answer's phase for a
 * GET of a view.
 */
export type RequestObserver = (route: string, status: number, millis: number, detail?: string) => void;

/**
 * A client that rides out faults (the chaos run): a request that is safe to repeat — a GET, or
 * a POST with an Idempotency-Key — is repeated after a network error or a 503 until it is
 * answered, for at most `forMs`. `onTransient` sees each error that was retried.
 */
export interface FaultRetry {
  forMs: number;
  onTransient?: (err: Error) => void;
}

/** What a call answers: data on 2xx, the problem otherwise (openapi-fetch's shape). */
type Answer<T> = { data?: T; error?: unknown; response: Pick<Response, 'status' | 'ok'> & { headers: Pick<Headers, 'get'> } };

/** One answer off the wire: status, headers, body text. */
interface Wire {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

type ViewAnswer = paths['/hands/{id}']['get']['responses'][200]['content']['application/json'];
type ActBody = NonNullable<paths['/hands/{id}/actions']['post']['requestBody']>['content']['application/json'];
type ActAnswer = paths['/hands/{id}/actions']['post']['responses'][200]['content']['application/json'];

const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** A header's value as `Headers` gives it: repeated fields joined. */
const joined = (value: string | string[]): string => (Array.isArray(value) ? value.join(', ') : value);

/** A refusal's body: its problem+json, or its text when it is not JSON (as openapi-fetch reads it). */
function problemOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class KartentischClient {
  /** The generated client itself, for routes the methods below do not wrap. */
  readonly api: Client<paths>;
  private readonly agent: http.Agent;
  /** Streams hold their sockets for as long as they run: apart from the requests' agent. */
  private streamAgent: http.Agent | null = null;
  /** The WebSockets open now, closed with the client. */
  private readonly sockets = new Set<WebSocket>();
  private readonly origin: URL;
  /** The base URL's path, before every path `direct` sends (none when the API is at the root). */
  private readonly prefix: string;

  constructor(
    private readonly baseUrl: string,
    private readonly observe?: RequestObserver,
    sockets = 1,
    private readonly faultRetry?: FaultRetry,
  ) {
    // One kept-alive socket by default: a bot client is sequential, so like a real player's
    // app it holds one connection (16 clients = 16 connections, as for autocannon).
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
    this.baseUrl = baseUrl.replace(/\/$/, '');
    this.origin = new URL(this.baseUrl);
    this.prefix = this.origin.pathname.replace(/\/$/, '');
    this.api = createClient<paths>({ baseUrl: this.baseUrl, fetch: (request) => this.send(request) });
  }

  close(): void {
    this.agent.destroy();
    this.streamAgent?.destroy();
    for (const ws of this.sockets) ws.terminate();
  }

  async health(): Promise<boolean> {
    try {
      await this.call('GET /health', () => this.api.GET('/health', { signal: AbortSignal.timeout(2000) }), undefined, false);
      return true;
    } catch {
      return false;
    }
  }

  createPlayer(name: string): Promise<Player> {
    return this.call('POST /players', () => this.api.POST('/players', { body: { name } }));
  }

  createTable(host: Player, game: Game, rules: Record<string, unknown>, rated?: boolean): Promise<TableInfo> {
    const body = rated === undefined ? { game, rules } : { game, rules, rated };
    return this.call('POST /tables', () => this.api.POST('/tables', { body, ...bearer(host.token) }));
  }

  takeSeat(tableId: string, player: Player, seat?: number): Promise<{ seat: number; currentHandId?: string }> {
    return this.call('POST /tables/{id}/seats', () =>
      this.api.POST('/tables/{id}/seats', {
        params: { path: { id: tableId } },
        body: seat === undefined ? {} : { seat },
        ...bearer(player.token),
      }),
    );
  }

  table(tableId: string): Promise<TableInfo> {
    return this.call('GET /tables/{id}', () => this.api.GET('/tables/{id}', { params: { path: { id: tableId } } }), undefined, true);
  }

  view(handId: string, player: Player): Promise<HandView> {
    return this.call(
      'GET /hands/{id}',
      () => this.direct<ViewAnswer>('GET', `/hands/${encodeURIComponent(handId)}`, bearer(player.token).headers),
      (v) => v.phase,
      true,
    ) as Promise<HandView>;
  }

  /**
   * The web page's long poll (web/src/table/follow.ts): with the ETag of the view held, the
   * server answers when the hand moves or after `waitSeconds`; null is its 304 (nothing new).
   */
  async follow(handId: string, player: Player, etag: string | null, waitSeconds: number): Promise<{ view: HandView; etag: string } | null> {
    const started = performance.now();
    const header = etag ? { 'if-none-match': etag, prefer: `wait=${waitSeconds}` } : undefined;
    const { data, error, response } = await this.api.GET('/hands/{id}', {
      params: { path: { id: handId }, header },
      ...bearer(player.token),
    });
    this.observe?.('GET /hands/{id} (long poll)', response.status, performance.now() - started);
    if (response.status === 304) return null;
    if (!response.ok) {
      const problem = (error ?? {}) as Record<string, unknown>;
      throw new ProblemError(response.status, String(problem.code ?? `HTTP_${response.status}`), problem, 'GET /hands/{id}');
    }
    return { view: data as HandView, etag: response.headers.get('etag') ?? '' };
  }

  /**
   * `GET /hands/{id}/stream`: the player's view now (unless `after` names its seq), then each
   * newer view as the hand moves; ends after the last view of a finished or dropped hand, or
   * when the server ends the stream (resume with `after` = the last seq seen). Breaking out of
   * the loop closes the stream. A refusal (404, 503 STREAMS_FULL …) is a ProblemError.
   */
  async *stream(handId: string, player: Player, after?: number): AsyncGenerator<HandView> {
    const route = 'GET /hands/{id}/stream';
    const started = performance.now();
    const url = new URL(`hands/${encodeURIComponent(handId)}/stream`, this.baseUrl + '/');
    if (after !== undefined) url.searchParams.set('after', String(after));
    this.streamAgent ??= new http.Agent({ keepAlive: true });
    const req = http.get(url, { headers: { Authorization: `Bearer ${player.token}` }, agent: this.streamAgent });
    try {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.once('response', resolve).once('error', reject));
      this.observe?.(route, res.statusCode ?? 0, performance.now() - started);
      if (res.statusCode !== 200) {
        let text = '';
        for await (const chunk of res) text += String(chunk);
        const problem = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
        const err = new ProblemError(res.statusCode ?? 0, String(problem.code ?? `HTTP_${res.statusCode}`), problem, route);
        err.retryAfter = res.headers['retry-after'];
        throw err;
      }
      // Lines by hand: readline re-emits a cut connection as an 'error' nobody listens to.
      res.setEncoding('utf8');
      let buffer = '';
      for await (const chunk of res as AsyncIterable<string>) {
        buffer += chunk;
        for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line) yield JSON.parse(line) as HandView; // empty lines only keep the stream alive
        }
      }
    } finally {
      req.destroy();
    }
  }

  /**
   * `GET /hands/{id}/socket`: a WebSocket on which the player's views arrive (`{"view": …}`, the
   * first now unless `after` names its seq) and its actions go (`{"ref", "expectedSeq", "action"}`,
   * answered with `{"ref", "answer"}` or `{"ref", "problem"}`). Opened with the bearer header;
   * `close` ends it.
   */
  socket(handId: string, player: Player, after?: number): WebSocket {
    return this.openSocket(`hands/${encodeURIComponent(handId)}/socket`, player, after);
  }

  /** The table's WebSocket (`GET /tables/{id}/socket`): its hands one after another, until the session ends. */
  tableSocket(tableId: string, player: Player): WebSocket {
    return this.openSocket(`tables/${encodeURIComponent(tableId)}/socket`, player);
  }

  private openSocket(path: string, player: Player, after?: number): WebSocket {
    const url = new URL(path, this.baseUrl.replace(/^http/, 'ws') + '/');
    if (after !== undefined) url.searchParams.set('after', String(after));
    const ws = new WebSocket(url, 'kartentisch', { headers: { Authorization: `Bearer ${player.token}` }, perMessageDeflate: false });
    this.sockets.add(ws);
    ws.once('close', () => this.sockets.delete(ws));
    return ws;
  }

  /**
   * A route outside the API document (the benchmark's floor app), sent as a bot sends its view
   * and its action (`direct`); the body is read as JSON. Its status.
   */
  async plain(method: 'GET' | 'POST', path: string): Promise<number> {
    const { response } = await this.direct<unknown>(method, path, {});
    return response.status;
  }

  /** With an Idempotency-Key the action may be repeated safely (and is, through faults, with a FaultRetry). */
  act(handId: string, player: Player, expectedSeq: number, action: Action, idempotencyKey?: string): Promise<HandView> {
    const headers = { Authorization: `Bearer ${player.token}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) };
    const body: ActBody = { expectedSeq, action };
    return this.call(
      'POST /hands/{id}/actions',
      () => this.direct<ActAnswer>('POST', `/hands/${encodeURIComponent(handId)}/actions`, headers, body),
      (v) => (v.status === 'active' ? action.type : 'ends the hand'),
      idempotencyKey !== undefined,
    ) as Promise<HandView>;
  }

  verify(handId: string, auditToken: string): Promise<Schemas['VerifyDto']> {
    return this.call(
      'GET /hands/{id}/verify',
      () => this.api.GET('/hands/{id}/verify', { params: { path: { id: handId } }, ...bearer(auditToken) }),
      undefined,
      true,
    );
  }

  sessionEnd(tableId: string, player: Player): Promise<{ status: string; currentHandId: string | null }> {
    return this.call('POST /tables/{id}/session-end', () =>
      this.api.POST('/tables/{id}/session-end', { params: { path: { id: tableId } }, ...bearer(player.token) }),
    );
  }

  ledger(tableId: string): Promise<Ledger> {
    return this.call(
      'GET /tables/{id}/ledger',
      () => this.api.GET('/tables/{id}/ledger', { params: { path: { id: tableId } } }),
      undefined,
      true,
    );
  }

  /**
   * One call: its data, or a ProblemError. A 429 (a server started with rate limiting on) is
   * waited out as its Retry-After says, at most a few times, so the demo also runs against a
   * default `npm start`. With a FaultRetry, a `repeatable` call (a GET, a POST with an
   * Idempotency-Key) is repeated through network errors and 503s.
   */
  async call<T>(
    route: string,
    request: () => Promise<Answer<T>>,
    detail?: (data: T) => string | undefined,
    repeatable = false,
  ): Promise<T> {
    const retryFaults = this.faultRetry && repeatable;
    const giveUpAt = Date.now() + (this.faultRetry?.forMs ?? 0);
    for (let attempt = 0, transient = 0; ; attempt++) {
      try {
        return await this.once(route, request, detail);
      } catch (err) {
        const unanswered = !(err instanceof ProblemError) || err.status === 503;
        if (retryFaults && unanswered && Date.now() < giveUpAt) {
          this.faultRetry!.onTransient?.(err as Error);
          await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** transient++, 500)));
          continue;
        }
        if (!(err instanceof ProblemError) || err.status !== 429 || attempt >= 5) throw err;
        const seconds = Number(err.retryAfter ?? 1);
        await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(Number.isFinite(seconds) ? seconds : 1, 30)));
      }
    }
  }

  private async once<T>(route: string, request: () => Promise<Answer<T>>, detail?: (data: T) => string | undefined): Promise<T> {
    const started = performance.now();
    const { data, error, response } = await request();
    this.observe?.(route, response.status, performance.now() - started, data === undefined ? undefined : detail?.(data));
    if (response.ok) return data as T;
    const problem = (error ?? {}) as Record<string, unknown>;
    const err = new ProblemError(response.status, String(problem.code ?? `HTTP_${response.status}`), problem, route);
    err.retryAfter = response.headers.get('retry-after') ?? undefined;
    throw err;
  }

  /** openapi-fetch's `fetch`, over the transport. */
  private async send(request: Request): Promise<Response> {
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const url = new URL(request.url);
    const wire = await this.transport(request.method, url.pathname + url.search, Object.fromEntries(request.headers), body, request.signal);
    const headers = new Headers();
    for (const [name, value] of Object.entries(wire.headers)) if (value !== undefined) headers.set(name, joined(value));
    const empty = wire.status === 204 || wire.status === 304;
    return new Response(empty ? null : wire.text, { status: wire.status, headers });
  }

  /** A call without openapi-fetch: JSON in and out, in openapi-fetch's answer shape. */
  private async direct<T>(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Answer<T>> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const json = payload ? { ...headers, 'content-type': 'application/json' } : headers;
    const wire = await this.transport(method, this.prefix + path, json, payload);
    const ok = wire.status >= 200 && wire.status < 300;
    const parsed = wire.text ? (ok ? (JSON.parse(wire.text) as unknown) : problemOf(wire.text)) : undefined;
    const response = {
      status: wire.status,
      ok,
      headers: {
        get: (name: string) => {
          const value = wire.headers[name.toLowerCase()];
          return value === undefined ? null : joined(value);
        },
      },
    };
    return ok ? { data: parsed as T, response } : { error: parsed, response };
  }

  /** One request over the keep-alive agent; the answer's body as text. */
  private transport(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
    signal?: AbortSignal,
  ): Promise<Wire> {
    const timeoutMs = 30_000;
    const sent = body ? { ...headers, 'content-length': String(body.length) } : headers;
    return new Promise<Wire>((resolve, reject) => {
      const req = http.request(
        // A URL keeps an IPv6 literal in brackets ("[::1]"); the socket wants the bare address.
        {
          hostname: this.origin.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: this.origin.port,
          path,
          method,
          headers: sent,
          agent: this.agent,
          signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  }
}
