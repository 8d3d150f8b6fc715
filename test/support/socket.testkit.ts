import { WebSocket } from 'ws';
import type { TestApp } from './app.testkit.js';
import type { View } from './bots.testkit.js';

/** A frame of `GET /hands/{id}/socket`: a pushed view, an action's answer, or its problem. */
export type Frame =
  | { greeting: { seat: number; phrase: string } }
  | { ref: unknown; greeted: string }
  | { view: View }
  | { ref: unknown; answer: View }
  | { ref: unknown; problem: Record<string, unknown> & { code: string; status: number } };

export interface OpenSocket {
  /** 101 when the upgrade was taken; otherwise the refusal's status and its problem. */
  status: number;
  problem?: Record<string, unknown>;
  retryAfter?: string;
  protocol?: string;
  /** The next frame, 'closed' once the socket closed (then `closeCode` says how), or 'quiet' after `ms` with none. */
  next(ms?: number): Promise<Frame | 'closed' | 'quiet'>;
  send(data: unknown): void;
  sendRaw(data: string | Buffer, binary?: boolean): void;
  closeCode?: number;
  close(): void;
}

/**
 * The socket as an outside client opens it (`ws`, the bearer header), or as a browser must (the
 * token as the subprotocol `bearer.<token>` beside `kartentisch`): `auth: 'protocol'`.
 */
export async function openSocket(
  base: string,
  handId: string,
  token: string | null,
  opts: { after?: string | number; auth?: 'header' | 'protocol'; path?: string } = {},
): Promise<OpenSocket> {
  const query = opts.after === undefined ? '' : `?after=${opts.after}`;
  const url = `${base.replace(/^http/, 'ws')}${opts.path ?? `/hands/${handId}/socket`}${query}`;
  const byProtocol = opts.auth === 'protocol' && token !== null;
  const ws = new WebSocket(url, byProtocol ? ['kartentisch', `bearer.${token}`] : ['kartentisch'], {
    headers: token && !byProtocol ? { Authorization: `Bearer ${token}` } : {},
  });
  const frames: Frame[] = [];
  const waiting: (() => void)[] = [];
  let closed = false;
  const wake = () => waiting.splice(0).forEach((w) => w());
  const out: OpenSocket = {
    status: 0,
    next: async (ms = 10_000) => {
      const until = Date.now() + ms;
      while (frames.length === 0 && !closed && Date.now() < until) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, until - Date.now()));
          waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      if (frames.length > 0) return frames.shift()!;
      return closed ? 'closed' : 'quiet';
    },
    send: (data) => ws.send(JSON.stringify(data)),
    sendRaw: (data, binary = false) => ws.send(data, { binary }),
    close: () => ws.terminate(),
  };
  ws.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    wake();
  });
  ws.on('close', (code) => {
    closed = true;
    out.closeCode = code;
    wake();
  });
  await new Promise<void>((resolve) => {
    ws.once('open', () => {
      out.status = 101;
      out.protocol = ws.protocol;
      resolve();
    });
    ws.once('unexpected-response', (_req, res) => {
      out.status = res.statusCode ?? 0;
      out.retryAfter = res.headers['retry-after'] as string | undefined;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        out.problem = body ? (JSON.parse(body) as Record<string, unknown>) : undefined;
        closed = true;
        resolve();
      });
    });
    ws.once('error', () => {
      closed = true;
      resolve();
    });
  });
  return out;
}

/** The next frame, which must be one. */
export async function frame(s: OpenSocket): Promise<Frame> {
  const got = await s.next();
  if (typeof got === 'string') throw new Error(`expected a frame, got ${got}`);
  return got;
}

/** The next frame, which must be a pushed view. */
export async function viewOf(s: OpenSocket): Promise<View> {
  const f = await frame(s);
  if (!('view' in f)) throw new Error(`expected a view, got ${JSON.stringify(f)}`);
  return f.view;
}

export async function eventCount(t: TestApp, handId: string): Promise<number> {
  return Number((await t.sql.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE hand_id = $1', [handId])).rows[0]!.n);
}

/** The first seat to act and one of its legal actions (no pass, no announcement, so the hand moves on). */
export function move(views: View[]): { seat: number; seq: number; action: Record<string, unknown> } {
  const seat = views[0]!.toAct[0]!;
  const legal = views[seat]!.legalActions!;
  const { seat: _, ...action } = legal.find((a) => a.type !== 'announce' && a.bid !== 'pass') ?? legal[0]!;
  return { seat, seq: views[seat]!.seq, action };
}

/** The next pushed view on the socket that satisfies `ok`, or null after `ms`. */
export async function pushedView(s: OpenSocket, ok: (v: View) => boolean, ms: number): Promise<View | null> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const f = await s.next(until - Date.now());
    if (f === 'closed' || f === 'quiet') return null;
    if ('view' in f && ok(f.view)) return f.view;
  }
  return null;
}
