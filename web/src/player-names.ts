import { useEffect, useState } from 'preact/hooks';
import { api, ok } from './api.js';

/** The names asked for, each once per page. */
const asked = new Map<string, Promise<string | null>>();
/** A player's name (GET /players/{id}): also of a player who sat only in imported hand records, at no table here. */
function nameOf(playerId: string): Promise<string | null> {
  let got = asked.get(playerId);
  if (!got) {
    got = api.GET('/players/{id}', { params: { path: { id: playerId } } }).then(
      (r) => ok(r).name,
      () => null,
    );
    asked.set(playerId, got);
  }
  return got;
}

/** The names of `ids` as they arrive; an id not (yet) named shows as `unnamed` does (its first characters by default). */
export function usePlayerNames(ids: readonly string[], unnamed = (id: string) => id.slice(0, 8)): (id: string) => string {
  const [names, setNames] = useState<Record<string, string>>({});
  const key = [...new Set(ids)].sort().join();
  useEffect(() => {
    let stopped = false;
    (async () => {
      for (const id of key ? key.split(',') : []) {
        if (stopped) return;
        const name = await nameOf(id);
        if (name && !stopped) setNames((n) => ({ ...n, [id]: name }));
      }
    })();
    return () => {
      stopped = true;
    };
  }, [key]);
  return (id) => names[id] ?? unnamed(id);
}
