import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, ok, type Table } from '../api.js';
import { t } from '../i18n/index.js';
import { usePlayerNames } from '../player-names.js';
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
