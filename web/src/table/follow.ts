import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiProblem, ok, playerToken, type HandView } from '../api.js';
import { reconnecting } from '../connection.js';
import { refusalText } from '../phrasebook/refusals.js';
import type { Action } from './actions.js';
import { heard, type Phrase } from './greetings.js';
import { readLines } from '../ndjson.js';

/** How the page follows a table: its WebSocket, else each hand's stream, else the long poll. */
type Way = 'socket' | 'stream' | 'poll';

/**
 * A followed table: the latest view of its current hand, the last hand that ended (its result
 * stays in sight), and `act`, which sends an action and takes its answer's view.
 */
export interface FollowedTable {
  view: HandView | null;
  finished: HandView | null;
  error: string | null;
  act: (action: Action) => Promise<void>;
  /** Takes the hand as the service has it now (after a refused move). */
  resync: () => Promise<void>;
  /** Greets the table (only on its socket; a refusal, such as the limit, is only noted). */
  greet: (phrase: Phrase) => void;
}

/**
 * Follows a table's hands live, from `firstHandId` (its current hand) on, with the table's
 * WebSocket, `GET /tables/{id}/socket` (the view now, then one per new seq, then the next hand's),
 * on which the seat's actions go too; it is opened again if the server closes it early. If the
 * socket cannot be opened (refused, or a proxy without WebSockets) each hand's stream,
 * `GET /hands/{id}/stream` (NDJSON), follows it, and if that is refused too the long poll:
 * `If-None-Match: <the view's ETag>` + `Prefer: wait=25`; a hand that ended names the next. Without the
 * socket, actions are posted.
 */
export function useTable(tableId: string, firstHandId: string | null): FollowedTable {
  const [view, setView] = useState<HandView | null>(null);
  const [finished, setFinished] = useState<HandView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<HandView | null>(null);
  const socket = useRef<TableSocket | null>(null);

  /**
   * Keeps the newer view (a pushed view and the page's own action's answer may cross); another
   * hand once this one ended, or a later one (a socket opened again after the table moved on).
   */
  const accept = (v: HandView): void => {
    const held = latest.current;
    const later = (v.number ?? 0) > (held?.number ?? 0);
    if (!held || (v.id === held.id ? v.seq >= held.seq : held.status !== 'active' || later)) {
      latest.current = v;
      setView(v);
      if (v.status === 'over') setFinished(v);
    }
  };

  useEffect(() => {
    if (!firstHandId) return;
    let stopped = false;
    let way: Way = 'socket';
    let handId = firstHandId;
    const controller = new AbortController();
    latest.current = null;
    setView(null);
    const onView = (v: HandView) => {
      accept(v);
      setError(null);
      reconnecting.value = false;
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
            const s = new TableSocket(tableId, counted);
            socket.current = s;
            // Closed with 1000: the session is over. Otherwise open it again (the table's current hand).
            if ((await s.closed(controller.signal)) === 1000) return;
            if (!stopped) reconnecting.value = true;
            // A stream or poll, if it comes to that, goes on with the hand the socket showed last.
            if (latest.current) handId = latest.current.id;
          } else if (way === 'stream') await followStream(handId, seqOf(handId), controller.signal, counted);
          else await longPoll(handId, latest.current?.id === handId ? latest.current : null, controller.signal, accept);
          if (stopped) return;
          setError(null);
          const last = latest.current;
          if (way !== 'socket' && last?.id === handId && last.status !== 'active') {
            // The hand ended: its table's next one, if the session goes on.
            if (!last.nextHandId) return;
            handId = last.nextHandId;
            continue;
          }
          // Refused or cut before its first view: the next way from now on; else resume this one.
          if (got === 0 && way !== 'poll') way = way === 'socket' ? 'stream' : 'poll';
        } catch (err) {
          if (stopped) return;
          if (way !== 'poll') {
            reconnecting.value = true;
            if (got === 0) way = way === 'socket' ? 'stream' : 'poll';
            else await new Promise((r) => setTimeout(r, 1000));
            continue;
          }
          setError(refusalText(err));
          reconnecting.value = true;
          await new Promise((r) => setTimeout(r, 2000));
        } finally {
          socket.current = null;
        }
      }
    })();
    return () => {
      stopped = true;
      reconnecting.value = false;
      controller.abort();
    };
  }, [tableId, firstHandId]);

  /** The seq of the view held of `handId`, from which its stream resumes. */
  const seqOf = (handId: string): number | undefined => (latest.current?.id === handId ? latest.current.seq : undefined);

  const act = async (action: Action): Promise<void> => {
    const held = latest.current;
    if (!held) return;
    const open = socket.current?.open ? socket.current : null;
    accept(
      open
        ? await open.act(held.id, held.seq, action)
        : ok(await api.POST('/hands/{id}/actions', { params: { path: { id: held.id } }, body: { expectedSeq: held.seq, action } })),
    );
  };

  const resync = async (): Promise<void> => {
    const held = latest.current;
    if (held) accept(ok(await api.GET('/hands/{id}', { params: { path: { id: held.id } } })));
  };

  const greet = (phrase: Phrase): void => {
    if (socket.current?.open) socket.current.greet(phrase).catch((err: unknown) => setError(refusalText(err)));
  };

  return { view, finished, error, act, resync, greet };
}

/** A frame of the table's WebSocket: a view pushed, a seat's greeting, or the answer to one of ours (by its `ref`). */
type Frame =
  | { view: HandView }
  | { greeting: { seat: number; phrase: string } }
  | { ref: number; answer: HandView }
  | { ref: number; greeted: string }
  | { ref: number; problem: { status: number; code: string; detail: string } };

/** The table's WebSocket: views pushed to `onView`, each action's answer matched to it by `ref`. */
class TableSocket {
  private readonly ws: WebSocket;
  private readonly waiting = new Map<number, { resolve: (v: HandView) => void; reject: (e: Error) => void }>();
  private readonly greeting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();
  private refs = 0;

  constructor(tableId: string, onView: (v: HandView) => void) {
    const url = new URL(`/tables/${encodeURIComponent(tableId)}/socket`, location.href);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    // A browser cannot send headers with a WebSocket: the token goes as a subprotocol.
    const token = playerToken();
    this.ws = new WebSocket(url, token ? ['kartentisch', `bearer.${token}`] : ['kartentisch']);
    this.ws.onmessage = (e: MessageEvent<string>) => {
      const frame = JSON.parse(e.data) as Frame;
      if ('view' in frame) return onView(frame.view);
      if ('greeting' in frame) return heard(frame.greeting.seat, frame.greeting.phrase);
      const greeted = this.greeting.get(frame.ref);
      if (greeted) {
        this.greeting.delete(frame.ref);
        return 'problem' in frame
          ? greeted.reject(new ApiProblem(frame.problem.status, frame.problem.code, frame.problem.detail))
          : greeted.resolve();
      }
      if ('greeted' in frame) return;
      const waiter = this.waiting.get(frame.ref);
      this.waiting.delete(frame.ref);
      if ('answer' in frame) waiter?.resolve(frame.answer);
      else waiter?.reject(new ApiProblem(frame.problem.status, frame.problem.code, frame.problem.detail));
    };
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  act(handId: string, expectedSeq: number, action: Action): Promise<HandView> {
    const ref = ++this.refs;
    return new Promise((resolve, reject) => {
      this.waiting.set(ref, { resolve, reject });
      this.ws.send(JSON.stringify({ ref, handId, expectedSeq, action }));
    });
  }

  greet(phrase: Phrase): Promise<void> {
    const ref = ++this.refs;
    return new Promise((resolve, reject) => {
      this.greeting.set(ref, { resolve, reject });
      this.ws.send(JSON.stringify({ ref, greeting: phrase }));
    });
  }

  /** Resolves with the close code when the socket closes (1000: the session is over; the server went; `signal` aborted it). */
  closed(signal: AbortSignal): Promise<number> {
    return new Promise((resolve) => {
      const abort = () => this.ws.close();
      signal.addEventListener('abort', abort, { once: true });
      this.ws.onclose = (e: CloseEvent) => {
        signal.removeEventListener('abort', abort);
        for (const w of [...this.waiting.values(), ...this.greeting.values()]) w.reject(new Error('CLOSED'));
        this.waiting.clear();
        this.greeting.clear();
        resolve(e.code);
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
  if (body) await readLines(body, onView);
}

/** The ETag each view a long poll brought came with: a view from elsewhere is named by its seq alone. */
const tags = new WeakMap<HandView, string>();

/** One long poll: the view if it changed within the wait (or none was held), else nothing. */
async function longPoll(handId: string, held: HandView | null, signal: AbortSignal, onView: (v: HandView) => void): Promise<void> {
  const etag = held ? (tags.get(held) ?? `"${held.seq}"`) : null;
  const res = await api.GET('/hands/{id}', {
    params: { path: { id: handId }, header: etag ? { 'if-none-match': etag, prefer: 'wait=25' } : undefined },
    signal,
  });
  if (res.response.status === 304) return;
  const view = ok(res);
  const tag = res.response.headers.get('etag');
  if (tag) tags.set(view, tag);
  onView(view);
}
