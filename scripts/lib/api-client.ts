import http from 'node:http';

/**
 * A small client for the public HTTP API of CONTRACT.md, shared by the demo and the API
 * benchmark. Plain `node:http` with a keep-alive agent rather than `fetch`: the benchmark's
 * bots share two cores with the server, and undici's fetch costs noticeably more CPU per call.
 */

/** An `application/problem+json` answer (CONTRACT.md "Errors"). */
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

export type Game = 'dobbm' | 'droggn' | 'doppelkopf';

export interface Player {
  id: string;
  name: string;
  token: string;
}

export interface TableInfo {
  id: string;
  game: Game;
  rules: Record<string, unknown>;
  seats: { seat: number; playerId: string | null; name: string | null }[];
  dealer: number | null;
  currentHandId: string | null;
  status: string;
}

/** An action as posted: one of CONTRACT.md "Actions" without `seat`. */
export type Action = { type: string } & Record<string, unknown>;

/** A seat's view of a hand (GET /hands/{id}); only the fields the bots rely on are typed. */
export interface HandView {
  id: string;
  tableId: string | null;
  seq: number;
  status?: string;
  phase: string;
  toAct: number[];
  seat?: number;
  hand?: string[];
  legalActions?: Action[];
  result?: HandResult | null;
  nextHandId?: string;
  game?: Game;
  [field: string]: unknown;
}

export interface HandResult {
  status: 'finished' | 'thrownIn';
  declarer: number | null;
  contract: string | null;
  scores: number[];
  [field: string]: unknown;
}

export interface Ledger {
  balances: { seat: number; playerId: string; name?: string; amount: number }[];
  entries: unknown[];
}

/**
 * Called after every request: the bench keeps latencies by route, and by `detail` — the
 * action's type for a POST of an action, the answer's phase for a GET of a view.
 */
export type RequestObserver = (route: string, status: number, millis: number, detail?: string) => void;

interface RequestOptions {
  token?: string;
  body?: unknown;
  /** The route's name for the observer (ids left out). */
  route: string;
  detail?: (answer: unknown) => string | undefined;
  timeoutMs?: number;
  /** Sent as the Idempotency-Key header: the request may then be repeated safely. */
  idempotencyKey?: string;
}

/**
 * A client that rides out faults (the chaos run): a request that is safe to repeat — a GET, or
 * a POST with an Idempotency-Key — is repeated after a network error or a 503 until it is
 * answered, for at most `forMs`. `onTransient` sees each error that was retried.
 */
export interface FaultRetry {
  forMs: number;
  onTransient?: (err: Error) => void;
}

export class KartentischClient {
  private readonly agent: http.Agent;
  private readonly base: URL;

  constructor(
    baseUrl: string,
    private readonly observe?: RequestObserver,
    sockets = 1,
    private readonly faultRetry?: FaultRetry,
  ) {
    this.base = new URL(baseUrl);
    // One kept-alive socket by default: a bot client is sequential, so like a real player's
    // app it holds one connection (16 clients = 16 connections, as for autocannon).
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  close(): void {
    this.agent.destroy();
  }

  async health(): Promise<boolean> {
    try {
      await this.request('GET', '/health', { route: 'health', timeoutMs: 2000 });
      return true;
    } catch {
      return false;
    }
  }

  createPlayer(name: string): Promise<Player> {
    return this.request('POST', '/players', { body: { name }, route: 'POST /players' });
  }

  createTable(host: Player, game: Game, rules: Record<string, unknown>): Promise<TableInfo> {
    return this.request('POST', '/tables', { token: host.token, body: { game, rules }, route: 'POST /tables' });
  }

  takeSeat(tableId: string, player: Player, seat?: number): Promise<{ seat: number; currentHandId?: string }> {
    return this.request('POST', `/tables/${tableId}/seats`, { token: player.token, body: seat === undefined ? {} : { seat }, route: 'POST /tables/{id}/seats' });
  }

  table(tableId: string): Promise<TableInfo> {
    return this.request('GET', `/tables/${tableId}`, { route: 'GET /tables/{id}' });
  }

  view(handId: string, player: Player): Promise<HandView> {
    return this.request('GET', `/hands/${handId}`, { token: player.token, route: 'GET /hands/{id}', detail: (body) => (body as HandView | undefined)?.phase });
  }

  act(handId: string, player: Player, expectedSeq: number, action: Action, idempotencyKey?: string): Promise<HandView> {
    return this.request('POST', `/hands/${handId}/actions`, {
      token: player.token,
      body: { expectedSeq, action },
      route: 'POST /hands/{id}/actions',
      detail: () => action.type,
      idempotencyKey,
    });
  }

  sessionEnd(tableId: string, player: Player): Promise<{ status: string; currentHandId: string | null }> {
    return this.request('POST', `/tables/${tableId}/session-end`, { token: player.token, body: {}, route: 'POST /tables/{id}/session-end' });
  }

  ledger(tableId: string): Promise<Ledger> {
    return this.request('GET', `/tables/${tableId}/ledger`, { route: 'GET /tables/{id}/ledger' });
  }

  /**
   * One HTTP call. A 429 (a server started with rate limiting on) is waited out as its
   * Retry-After says, at most a few times, so the demo also runs against a default `npm start`.
   */
  async request<T>(method: string, path: string, opts: RequestOptions): Promise<T> {
    const repeatable = this.faultRetry && (method === 'GET' || opts.idempotencyKey !== undefined);
    const giveUpAt = Date.now() + (this.faultRetry?.forMs ?? 0);
    for (let attempt = 0, transient = 0; ; attempt++) {
      try {
        return await this.once<T>(method, path, opts);
      } catch (err) {
        const unanswered = !(err instanceof ProblemError) || err.status === 503;
        if (repeatable && unanswered && Date.now() < giveUpAt) {
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

  private once<T>(method: string, path: string, opts: RequestOptions): Promise<T> {
    const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
    const started = performance.now();
    return new Promise<T>((resolve, reject) => {
      const req = http.request(
        { protocol: this.base.protocol, hostname: this.base.hostname, port: this.base.port, path, method, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            const millis = performance.now() - started;
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = undefined;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              body = { detail: text.slice(0, 200) };
            }
            this.observe?.(opts.route, status, millis, opts.detail?.(body));
            if (status >= 200 && status < 300) resolve(body as T);
            else {
              const problem = (body ?? {}) as Record<string, unknown>;
              const err = new ProblemError(status, String(problem.code ?? `HTTP_${status}`), problem, `${method} ${path}`);
              err.retryAfter = res.headers['retry-after'];
              reject(err);
            }
          });
        },
      );
      req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error(`${method} ${path}: no answer within ${opts.timeoutMs ?? 30_000} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }
}
