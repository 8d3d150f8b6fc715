import { useState } from 'preact/hooks';
import { api, messageOf, ok, type Table } from '../api.js';
import { me } from '../session.js';

/** Before the first deal: take a seat, leave it, or (the host) seat bots in the empty ones. */
export function Seats({ table, reload }: { table: Table; reload: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [strength, setStrength] = useState<'heuristic' | 'random'>('heuristic');
  const myId = me.value?.id;
  const mine = table.seats.find((s) => s.playerId === myId);
  const isHost = myId === table.hostPlayerId;
  const run = async (call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
    } catch (err) {
      setError(messageOf(err));
    }
    reload();
  };
  const path = { params: { path: { id: table.id } } };
  return (
    <section class="panel" aria-label="seats">
      <h2>Seats</h2>
      <ul class="seats">
        {table.seats.map((s) => (
          <li data-seat={s.seat}>
            Seat {s.seat}: {s.name ? <strong>{s.name}</strong> : <em>empty</em>}
            {s.bot && <span class="note"> (bot, {s.bot})</span>}
            {!s.playerId && myId && !mine && table.status === 'waiting' && (
              <button
                type="button"
                onClick={() => run(async () => ok(await api.POST('/tables/{id}/seats', { ...path, body: { seat: s.seat } })))}
              >
                Sit here
              </button>
            )}
            {!s.playerId && isHost && table.status === 'waiting' && (
              <button
                type="button"
                onClick={() => run(async () => ok(await api.POST('/tables/{id}/bots', { ...path, body: { seat: s.seat, strength } })))}
              >
                Seat a bot
              </button>
            )}
          </li>
        ))}
      </ul>
      {isHost && table.status === 'waiting' && table.freeSeats > 0 && (
        <div class="row">
          <label>
            Bot strength{' '}
            <select value={strength} onChange={(e) => setStrength(e.currentTarget.value as typeof strength)}>
              <option value="heuristic">heuristic</option>
              <option value="random">random</option>
            </select>
          </label>
          <button
            type="button"
            onClick={() =>
              run(async () => {
                for (let i = 0; i < table.freeSeats - (mine ? 0 : 1); i++)
                  ok(await api.POST('/tables/{id}/bots', { ...path, body: { strength } }));
              })
            }
          >
            Fill the other empty seats with bots
          </button>
        </div>
      )}
      {mine && table.status === 'waiting' && (
        <button type="button" onClick={() => run(async () => ok(await api.DELETE('/tables/{id}/seats/me', path)))}>
          Leave my seat
        </button>
      )}
      {!myId && <p class="note">Choose a name in the lobby to take a seat.</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
