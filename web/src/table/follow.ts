import { useEffect, useRef, useState } from 'preact/hooks';
import { api, messageOf, ok, type HandView } from '../api.js';

/**
 * Follows a hand live with its stream, `GET /hands/{id}/stream` (NDJSON: the view now, then
 * one line per new seq), resuming with `after=<seq>` when the server ends it early. If the
 * stream cannot be opened (refused, or a proxy that buffers it), the hand is followed with the
 * long poll: `If-None-Match: "<seq>"` + `Prefer: wait=25` answers 304 while nothing happened,
 * else the new view at once. `set` lets the page put in the view its own action returned.
 */
export function useHand(handId: string | null): { view: HandView | null; error: string | null; set: (v: HandView) => void } {
  const [view, setView] = useState<HandView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<HandView | null>(null);

  /** Keeps the newer view (a stream line and the page's own action may cross). */
  const accept = (v: HandView): void => {
    if (!latest.current || v.seq >= latest.current.seq) {
      latest.current = v;
      setView(v);
    }
  };

  useEffect(() => {
    if (!handId) return;
    let stopped = false;
    let streaming = true;
    const controller = new AbortController();
    latest.current = null;
    setView(null);
    (async () => {
      while (!stopped) {
        let lines = 0;
        try {
          if (streaming) {
            await followStream(handId, latest.current?.seq, controller.signal, (v) => {
              lines++;
              accept(v);
              setError(null);
            });
          } else await longPoll(handId, latest.current, controller.signal, accept);
          if (stopped) return;
          setError(null);
          if (latest.current && latest.current.status !== 'active') return; // over or void: nothing more will happen
          // Refused or cut before its first line: the long poll from now on; else resume the stream.
          if (streaming && lines === 0) streaming = false;
        } catch (err) {
          if (stopped) return;
          if (streaming) {
            if (lines === 0) streaming = false;
            else await new Promise((r) => setTimeout(r, 1000));
            continue;
          }
          setError(messageOf(err));
          await new Promise((r) => setTimeout(r, 2000));
        }
      }
    })();
    return () => {
      stopped = true;
      controller.abort();
    };
  }, [handId]);

  return { view, error, set: accept };
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
