import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, ok, type Table } from '../api.js';
import { t } from '../i18n/index.js';
import { seatNames, seatNumber } from '../table/names.js';

/** The tables the audit has read, each once. */
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

/** A player's name (GET /players/{id}): also of a player who sat only in imported hand records, at no table here. */
async function nameOf(playerId: string): Promise<string | null> {
  return ok(await api.GET('/players/{id}', { params: { path: { id: playerId } } })).name;
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
function useTableSeats(tableId: string | null): Table | null {
  const [table, setTable] = useState<Table | null>(null);
  useEffect(() => {
    if (tableId) void tableOf(tableId).then(setTable);
  }, [tableId]);
  return table;
}

/**
 * A hand's seats by name: its table's seats, or — an imported record, played at no table here —
 * the players its record seats (GET /hands/{id}/record, as the auditor), named like the audit's pairs.
 */
export function useHandSeatNames(handId: string, tableId: string | null): (seat: number) => string {
  const table = useTableSeats(tableId);
  const [seating, setSeating] = useState<(string | null)[]>([]);
  useEffect(() => {
    if (tableId) return;
    api.GET('/hands/{id}/record', { params: { path: { id: handId } }, headers: asAuditor }).then(
      (r) => setSeating((ok(r) as { seating?: (string | null)[] }).seating ?? []),
      () => undefined,
    );
  }, [handId, tableId]);
  const names = usePlayerNames(seating.filter((p): p is string => !!p));
  if (tableId) return seatNames(table);
  return (seat) => {
    const id = seating[seat];
    return id ? names(id) : t('seats.seat', { n: seatNumber(seat) });
  };
}
