import { useEffect, useState } from 'preact/hooks';
import { api, messageOf, ok, type Schemas } from '../api.js';

type HandSummary = Schemas['HandSummaryDto'];

/** A table's or a player's hands, newest first a page at a time, each with its replay. */
function History({ title, load }: { title: string; load: (cursor?: string) => Promise<Schemas['HandPageDto']> }) {
  const [hands, setHands] = useState<HandSummary[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const more = async (from?: string) => {
    try {
      const page = await load(from);
      setHands((h) => (from ? [...h, ...page.items] : page.items));
      setCursor(page.nextCursor);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  useEffect(() => {
    void more();
  }, [title]);
  return (
    <section>
      <h1>{title}</h1>
      {error && <p class="error">{error}</p>}
      <table class="list">
        <thead>
          <tr>
            <th>Hand</th>
            <th>Game</th>
            <th>Status</th>
            <th>Result</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {hands.map((h) => {
            const r = h.result as { contract?: string; scores?: number[] } | null;
            return (
              <tr data-hand={h.id}>
                <td>{h.number ?? h.id.slice(0, 8)}</td>
                <td>{h.game}</td>
                <td>{h.status}</td>
                <td>{r ? `${r.contract ?? ''} ${r.scores?.join(' / ') ?? ''}` : ''}</td>
                <td>
                  {h.status === 'finished' || h.status === 'thrownIn' ? (
                    <a href={`/hands/${h.id}/replay`}>Replay</a>
                  ) : (
                    h.tableId && <a href={`/tables/${h.tableId}`}>Table</a>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {hands.length === 0 && <p class="note">No hands yet.</p>}
      {cursor && (
        <button type="button" onClick={() => more(cursor)}>
          Older hands
        </button>
      )}
    </section>
  );
}

export function TableHands({ id }: { id: string }) {
  return (
    <History
      title={`Hands of table ${id.slice(0, 8)}`}
      load={async (cursor) => ok(await api.GET('/tables/{id}/hands', { params: { path: { id }, query: { cursor } } }))}
    />
  );
}

export function PlayerHands({ id }: { id: string }) {
  return (
    <History
      title="A player's hands"
      load={async (cursor) => ok(await api.GET('/players/{id}/hands', { params: { path: { id }, query: { cursor } } }))}
    />
  );
}
