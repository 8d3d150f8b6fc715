import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, messageOf, ok, type Ledger, type Table } from '../api.js';
import { me } from '../session.js';
import { Board } from '../table/board.js';
import { useTable } from '../table/follow.js';
import { HandResult, LedgerPanel } from '../table/result.js';
import { Seats } from '../table/seats.js';

/** A table: its seats before the first deal, then the current hand followed live, hand after hand. */
export function TablePage({ id }: { id: string }) {
  const [table, setTable] = useState<Table | null>(null);
  const [ledger, setLedger] = useState<Ledger | null>(null);
  const [handId, setHandId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const hand = useTable(id, handId);

  const reload = useCallback(async () => {
    try {
      const t = ok(await api.GET('/tables/{id}', { params: { path: { id } } }));
      setTable(t);
      if (t.currentHandId && !handId) setHandId(t.currentHandId);
      if (t.handCount > 0) setLedger(ok(await api.GET('/tables/{id}/ledger', { params: { path: { id } } })));
    } catch (err) {
      setError(messageOf(err));
    }
  }, [id, handId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  // Until the first deal, look at the seats every two seconds (the table has no long poll).
  useEffect(() => {
    if (!table || table.status !== 'waiting') return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [table?.status, reload]);
  // A hand that ended moved the table's ledger (and maybe its status): read them again.
  const { view, finished } = hand;
  useEffect(() => {
    if (view && view.status !== 'active') void reload();
  }, [view?.id, view?.status]);

  if (error && !table) return <p class="error">{error}</p>;
  if (!table) return <p>Loading…</p>;
  const seated = table.seats.some((s) => s.playerId === me.value?.id);
  return (
    <section class={`table-page game-${table.game}`}>
      <h1>
        {table.game}{' '}
        <span class="note">
          table {table.id.slice(0, 8)} · {table.status}
        </span>
      </h1>
      <p class="row">
        <a href={`/tables/${table.id}/hands`}>Hand history</a>
        {!seated && <span class="note">You are watching: only public information is shown.</span>}
      </p>
      {table.status === 'waiting' && <Seats table={table} reload={reload} />}
      {view && <Board table={table} view={view} act={hand.act} />}
      {hand.error && <p class="error">{hand.error}</p>}
      <div class="grid2">
        {finished && <HandResult view={finished} table={table} />}
        <LedgerPanel ledger={ledger} />
      </div>
      {finished && (
        <p>
          <a href={`/hands/${finished.id}/replay`}>Replay the last hand</a>
        </p>
      )}
      {seated && table.status === 'playing' && <SessionEnd tableId={table.id} />}
    </section>
  );
}

function SessionEnd({ tableId }: { tableId: string }) {
  const [note, setNote] = useState<string | null>(null);
  return (
    <p class="row">
      <button
        type="button"
        onClick={async () => {
          try {
            const r = ok(await api.POST('/tables/{id}/session-end', { params: { path: { id: tableId } } }));
            setNote(r.status === 'ended' ? 'The session has ended.' : 'The session is winding down.');
          } catch (err) {
            setNote(messageOf(err));
          }
        }}
      >
        End the session
      </button>
      {note && <span class="note">{note}</span>}
    </p>
  );
}
