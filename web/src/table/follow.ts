import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiProblem, messageOf, ok, playerToken, type HandView } from '../api.js';
import type { Action } from './actions.js';

/** How the page follows a hand: its WebSocket, else its stream, else the long poll. */
type Way = 'socket' | 'stream' | 'poll';

/** A followed hand: the latest view, and `act`, which sends an action and takes its answer's view. */
export interface FollowedHand {
  view: HandView | null;
  error: string | null;
  act: (action: Action) => Promise<void>;
}

/**
 * Follows a hand live with its WebSocket, `GET /hands/{id}/socket` (the view now, then one per
 * new seq), on which the seat's actions go too; resumes with `after=<seq>` when the server
 * closes it early. If the socket cannot be opened (refused, or a proxy without WebSockets) the
 * stream, `GET /hands/{id}/stream` (NDJSON), follows the hand, and if that is refused too the
 * long poll: `If-None-Match: "<seq>"` + `Prefer: wait=25`. Without the socket, actions are posted.
 */
export function useHand(handId: string | null): FollowedHand {
  const [view, setView] = useState<HandView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<HandView | null>(null);
  const socket = useRef<HandSocket | null>(null);

  /** Keeps the newer view (a pushed view and the page's own action's answer may cross). */
  const accept = (v: HandView): void => {
    if (!latest.current || v.seq >= latest.current.seq) {
      latest.current = v;
      setView(v);
    }
  };

  useEffect(() => {
    if (!handId) return;
    let stopped = false;
    let way: Way = 'socket';
    const controller = new AbortController();
    latest.current = null;
    setView(null);
    const onView = (v: HandView) => {
      accept(v);
      setError(null);
    };
    (async () => {
      while (!stopped) {
        let got = 0;
        const counted = (v: HandView) => {
          got++;
          onView(v);
        };
        try {
          if (way === 'socket') {
            const s = new HandSocket(handId, latest.current?.seq, counted);
            socket.current = s;
            await s.closed(controller.signal);
          } else if (way === 'stream') await followStream(handId, latest.current?.seq, controller.signal, counted);
          else await longPoll(handId, latest.current, controller.signal, accept);
          if (stopped) return;
          setError(null);
          if (latest.current && latest.current.status !== 'active') return; // over or void: nothing more will happen
          // Refused or cut before its first view: the next way from now on; else resume this one.
          if (got === 0 && way !== 'poll') way = way === 'socket' ? 'stream' : 'poll';
        } catch (err) {
          if (stopped) return;
          if (way !== 'poll') {
            if (got === 0) way = way === 'socket' ? 'stream' : 'poll';
            else await new Promise((r) => setTimeout(r, 1000));
            continue;
          }
          setError(messageOf(err));
          await new Promise((r) => setTimeout(r, 2000));
        } finally {
          socket.current = null;
        }
      }
    })();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [handId]);

  const act = async (action: Action): Promise<void> => {
    const held = latest.current;
    if (!held) return;
    const open = socket.current?.open ? socket.current : null;
    accept(
      open
        ? await open.act(held.seq, action)
        : ok(await api.POST('/hands/{id}/actions', { params: { path: { id: held.id } }, body: { expectedSeq: held.seq, action } })),
    );
  };

  return { view, error, act };
}

/** A frame of the hand's WebSocket: a view pushed, or the answer to one of our actions (by its `ref`). */
type Frame =
  { view: HandView } | { ref: number; answer: HandView } | { ref: number; problem: { status: number; code: string; detail: string } };

/** The hand's WebSocket: views pushed to `onView`, each action's answer matched to it by `ref`. */
class HandSocket {
  private readonly ws: WebSocket;
  private readonly waiting = new Map<number, { resolve: (v: HandView) => void; reject: (e: Error) => void }>();
  private refs = 0;

  constructor(handId: string, after: number | undefined, onView: (v: HandView) => void) {
    const url = new URL(`/hands/${encodeURIComponent(handId)}/socket`, location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    if (after !== undefined) url.searchParams.set('after', String(after));
    // A browser cannot send headers with a WebSocket: the token goes as a subprotocol.
    const token = playerToken();
    this.ws = new WebSocket(url, token ? ['kartentisch', `bearer.${token}`] : ['kartentisch']);
    this.ws.onmessage = (e: MessageEvent<string>) => {
      const frame = JSON.parse(e.data) as Frame;
      if ('view' in frame) return onView(frame.view);
      const waiter = this.waiting.get(frame.ref);
      this.waiting.delete(frame.ref);
      if ('answer' in frame) waiter?.resolve(frame.answer);
      else waiter?.reject(new ApiProblem(frame.problem.status, frame.problem.code, frame.problem.detail));
    };
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  act(expectedSeq: number, action: Action): Promise<HandView> {
    const ref = ++this.refs;
    return new Promise((resolve, reject) => {
      this.waiting.set(ref, { resolve, reject });
      this.ws.send(JSON.stringify({ ref, expectedSeq, action }));
    });
  }

  /** Resolves when the socket closes (the hand ended, the server went, or `signal` aborted it). */
  closed(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const abort = () => this.ws.close();
      signal.addEventListener('abort', abort, { once: true });
      this.ws.onclose = () => {
        signal.removeEventListener('abort', abort);
        for (const w of this.waiting.values())
          w.reject(new Error('the connection closed before the action was answered; look at the hand again'));
        this.waiting.clear();
        resolve();
      };
    });
  }
}

/** Reads the stream until the server ends it. */
async function followStream(handId: string, after: number | undefined, signal: AbortSignal, onView: (v: HandView) => void): Promise<void> {
  const res = await api.GET('/hands/{id}/stream', {
    params: { path: { id: handId }, query: after === undefined ? {} : { after } },
    parseAs: 'stream',
    signal,
  });
  const body = ok(res) as unknown as ReadableStream<Uint8Array> | null;
  if (!body) return;
  const reader = body.getReader();
  const text = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += text.decode(value, { stream: true });
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (!line) continue; // keep-alive
      onView(JSON.parse(line) as HandView);
    }
  }
}

/** One long poll: the view if it changed within the wait (or none was held), else nothing. */
async function longPoll(handId: string, held: HandView | null, signal: AbortSignal, onView: (v: HandView) => void): Promise<void> {
  const res = await api.GET('/hands/{id}', {
    params: { path: { id: handId }, header: held ? { 'if-none-match': `"${held.seq}"`, prefer: 'wait=25' } : undefined },
    signal,
  });
  if (res.response.status !== 304) onView(ok(res));
}
