import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, ok, type Table } from '../api.js';

/**
 * Player names for the audit, which lists players by id: the service has no player lookup, so a
 * player's name is read from the seats of a table they played at (one hand's table each).
 */
const tables = new Map<string, Promise<Table | null>>();
const tableOf = (id: string): Promise<Table | null> => {
  let got = tables.get(id);
  if (!got) {
    got = api.GET('/tables/{id}', { params: { path: { id } } }).then(
      (r) => ok(r),
      () => null,
    );
    tables.set(id, got);
  }
  return got;
};

async function nameOf(playerId: string): Promise<string | null> {
  const page = ok(await api.GET('/players/{id}/hands', { params: { path: { id: playerId }, query: { limit: 1 } }, headers: asAuditor }));
  const tableId = page.items[0]?.tableId;
  if (!tableId) return null;
  return (await tableOf(tableId))?.seats.find((s) => s.playerId === playerId)?.name ?? null;
}

/** The names of `ids` as they arrive; an id not (yet) named shows as its first characters. */
export function usePlayerNames(ids: readonly string[]): (id: string) => string {
  const [names, setNames] = useState<Record<string, string>>({});
  const key = [...new Set(ids)].sort().join();
  useEffect(() => {
    let stopped = false;
    (async () => {
      for (const id of key ? key.split(',') : []) {
        if (stopped) return;
        const name = await nameOf(id).catch(() => null);
        if (name && !stopped) setNames((n) => ({ ...n, [id]: name }));
      }
    })();
    return () => {
      stopped = true;
    };
  }, [key]);
  return (id) => names[id] ?? id.slice(0, 8);
}

/** A table's seats by name, for a hand's evidence. */
export function useTableSeats(tableId: string | null): Table | null {
  const [table, setTable] = useState<Table | null>(null);
  useEffect(() => {
    if (tableId) void tableOf(tableId).then(setTable);
  }, [tableId]);
  return table;
}
