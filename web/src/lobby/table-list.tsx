import { useEffect, useRef, useState } from 'preact/hooks';
import { api, messageOf, ok, type Table } from '../api.js';
import { me } from '../session.js';

const GAMES = [
  ['', 'all games'],
  ['dobbm', 'Dobbm'],
  ['droggn', 'Droggn'],
  ['doppelkopf', 'Doppelkopf'],
] as const;

/** The open and running tables (GET /tables), filtered by game, a page at a time. */
export function TableList() {
  const [game, setGame] = useState<'' | 'dobbm' | 'droggn' | 'doppelkopf'>('');
  const [tables, setTables] = useState<Table[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const latest = useRef(0);
  async function load(more: boolean) {
    setError(null);
    const request = ++latest.current;
    try {
      const page = ok(
        await api.GET('/tables', {
          params: { query: { game: game || undefined, limit: 20, cursor: more ? (cursor ?? undefined) : undefined } },
        }),
      );
      if (request !== latest.current) return; // a newer filter was chosen meanwhile
      setTables(more ? [...tables, ...page.items] : page.items);
      setCursor(page.nextCursor);
    } catch (err) {
      setError(messageOf(err));
    }
  }
  useEffect(() => {
    void load(false);
  }, [game]);

  async function sit(table: Table) {
    setError(null);
    try {
      ok(await api.POST('/tables/{id}/seats', { params: { path: { id: table.id } }, body: {} }));
      location.assign(`/tables/${table.id}`);
    } catch (err) {
      setError(messageOf(err));
    }
  }

  const myId = me.value?.id;
  return (
    <section class="panel" aria-label="tables">
      <div class="row">
        <h2>Tables</h2>
        <label>
          Show{' '}
          <select aria-label="filter by game" value={game} onChange={(e) => setGame(e.currentTarget.value as typeof game)}>
            {GAMES.map(([id, label]) => (
              <option value={id}>{label}</option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => load(false)}>
          Refresh
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {tables.length === 0 ? (
        <p class="note">No open tables{game ? ' for this game' : ''} — open one below.</p>
      ) : (
        <table class="list">
          <thead>
            <tr>
              <th>Game</th>
              <th>Rules</th>
              <th>Players</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tables.map((t) => {
              const seated = t.seats.some((s) => s.playerId === myId);
              return (
                <tr data-table={t.id}>
                  <td>{t.game}</td>
                  <td class="note">{rulesSummary(t.rules)}</td>
                  <td>
                    {t.seats.map((s) => s.name ?? '—').join(', ')} <span class="note">({t.freeSeats} free)</span>
                  </td>
                  <td>{t.status}</td>
                  <td class="row">
                    <a href={`/tables/${t.id}`}>{seated ? 'Go to table' : 'Watch'}</a>
                    {myId && !seated && t.freeSeats > 0 && (
                      <button type="button" onClick={() => sit(t)}>
                        Take a seat
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {cursor && (
        <button type="button" onClick={() => load(true)}>
          More tables
        </button>
      )}
    </section>
  );
}

/** The few options that tell tables apart at a glance. */
function rulesSummary(rules: Record<string, unknown>): string {
  return ['players', 'stake', 'mode', 'deck']
    .filter((k) => rules[k] !== undefined)
    .map((k) => `${k} ${String(rules[k])}`)
    .join(' · ');
}
