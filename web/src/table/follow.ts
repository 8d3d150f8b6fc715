import { useEffect, useRef, useState } from 'preact/hooks';
import { api, messageOf, ok, type HandView } from '../api.js';

/**
 * Follows a hand live with the API's long poll: `If-None-Match: "<seq>"` + `Prefer: wait=25`
 * answers 304 while nothing happened, else the new view at once. `set` lets the page put in
 * the view its own action returned.
 */
export function useHand(handId: string | null): { view: HandView | null; error: string | null; set: (v: HandView) => void } {
  const [view, setView] = useState<HandView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef<HandView | null>(null);

  useEffect(() => {
    if (!handId) return;
    let stopped = false;
    const controller = new AbortController();
    latest.current = null;
    setView(null);
    (async () => {
      while (!stopped) {
        const held = latest.current;
        try {
          const res = await api.GET('/hands/{id}', {
            params: { path: { id: handId }, header: held ? { 'if-none-match': `"${held.seq}"`, prefer: 'wait=25' } : undefined },
            signal: controller.signal,
          });
          if (stopped) return;
          if (res.response.status !== 304) {
            const v = ok(res);
            if (!latest.current || v.seq >= latest.current.seq) {
              latest.current = v;
              setView(v);
            }
            setError(null);
          }
          if (latest.current?.status !== 'active') return; // over or void: nothing more will happen
        } catch (err) {
          if (stopped) return;
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

  return {
    view,
    error,
    set: (v) => {
      if (!latest.current || v.seq >= latest.current.seq) {
        latest.current = v;
        setView(v);
      }
    },
  };
}
