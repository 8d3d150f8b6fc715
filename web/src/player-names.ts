import { useEffect, useState } from 'preact/hooks';
import { api, ok } from './api.js';
import { t, tOptional } from './i18n/index.js';

/**
 * A player as the page names it. The service writes a bot's strength into its name as a code
 * ("Bot 2 (strong)") and gives the strength apart: the page puts it in the reader's words
 * ("Bot 2 (stark)").
 */
export function playerLabel(p: { name: string; bot?: string | null }): string {
  const strength = p.bot ? tOptional(`seats.strengths.${p.bot}`) : null;
  if (!p.bot || !strength) return p.name;
  const coded = ` (${p.bot})`;
  const name = p.name.endsWith(coded) ? p.name.slice(0, -coded.length) : p.name;
  return t('seats.botNamed', { name, strength });
}

/** The names asked for, each once per page. */
const asked = new Map<string, Promise<{ name: string; bot: string | null } | null>>();
/** A player's name (GET /players/{id}): also of a player who sat only in imported hand records, at no table here. */
function nameOf(playerId: string): Promise<{ name: string; bot: string | null } | null> {
  let got = asked.get(playerId);
  if (!got) {
    got = api.GET('/players/{id}', { params: { path: { id: playerId } } }).then(
      (r) => ok(r),
      () => null,
    );
    asked.set(playerId, got);
  }
  return got;
}

/** The names of `ids` as they arrive; an id not (yet) named shows as `unnamed` does (its first characters by default). */
export function usePlayerNames(ids: readonly string[], unnamed = (id: string) => id.slice(0, 8)): (id: string) => string {
  const [names, setNames] = useState<Record<string, { name: string; bot: string | null }>>({});
  const key = [...new Set(ids)].sort().join();
  useEffect(() => {
    let stopped = false;
    (async () => {
      for (const id of key ? key.split(',') : []) {
        if (stopped) return;
        const player = await nameOf(id);
        if (player && !stopped) setNames((n) => ({ ...n, [id]: player }));
      }
    })();
    return () => {
      stopped = true;
    };
  }, [key]);
  // Named at render time, so a switch of language renames the bots' strengths too.
  return (id) => (names[id] ? playerLabel(names[id]) : unnamed(id));
}
