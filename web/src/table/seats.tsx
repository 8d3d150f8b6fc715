import { useState } from 'preact/hooks';
import { api, ok, type Table } from '../api.js';
import { CopyButton } from '../copy-button.js';
import { t } from '../i18n/index.js';
import { me } from '../session.js';
import { JoinWithName } from './join.js';
import { useSeatAction } from './seat-action.js';
import { seatNames, seatNumber } from './names.js';

/** Before the first deal: take a seat, leave it, or (the host) seat bots in the empty ones; invite others. */
export function Seats({ table, reload }: { table: Table; reload: () => void }) {
  const { run, error } = useSeatAction(reload);
  const [strength, setStrength] = useState<'strong' | 'heuristic' | 'random'>('strong');
  const myId = me.value?.id;
  const nameOf = seatNames(table);
  const mine = table.seats.find((s) => s.playerId === myId);
  const isHost = myId === table.hostPlayerId;
  const path = { params: { path: { id: table.id } } };
  const invite = `${location.origin}/tables/${table.id}`;
  return (
    <section class="panel" aria-label={t('seats.title')}>
      <h2>{t('seats.title')}</h2>
      <ul class="seats">
        {table.seats.map((s) => (
          <li data-seat={s.seat}>
            {t('seats.seat', { n: seatNumber(s.seat) })}:{' '}
            {s.name ? (
              <a href={`/players/${s.playerId}`}>
                <strong>{nameOf(s.seat)}</strong>
              </a>
            ) : (
              <em>{t('seats.empty')}</em>
            )}
            {s.bot && <span class="note"> ({t('seats.bot', { strength: t(`seats.strengths.${s.bot}`) })})</span>}
            {!s.playerId && myId && !mine && table.status === 'waiting' && (
              <button
                type="button"
                onClick={() => run(async () => ok(await api.POST('/tables/{id}/seats', { ...path, body: { seat: s.seat } })))}
              >
                {t('seats.sitHere')}
              </button>
            )}
            {!s.playerId && isHost && table.status === 'waiting' && (
              <button
                type="button"
                onClick={() => run(async () => ok(await api.POST('/tables/{id}/bots', { ...path, body: { seat: s.seat, strength } })))}
              >
                {t('seats.seatBot')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {isHost && table.status === 'waiting' && table.freeSeats > 0 && (
        <div class="row">
          <label>
            {t('seats.strength')}{' '}
            <select name="strength" value={strength} onChange={(e) => setStrength(e.currentTarget.value as typeof strength)}>
              <option value="strong">{t('seats.strengths.strong')}</option>
              <option value="heuristic">{t('seats.strengths.heuristic')}</option>
              <option value="random">{t('seats.strengths.random')}</option>
            </select>
          </label>
          <button
            type="button"
            data-testid="fill-bots"
            onClick={() =>
              run(async () => {
                // Each empty seat by its number, so that a bot's name ("Bot 3") matches its seat.
                const empty = table.seats.filter((s) => !s.playerId).map((s) => s.seat);
                for (const seat of mine ? empty : empty.slice(1))
                  ok(await api.POST('/tables/{id}/bots', { ...path, body: { seat, strength } }));
              })
            }
          >
            {t('seats.fill')}
          </button>
        </div>
      )}
      {table.status === 'waiting' && table.freeSeats > 0 && (
        <div class="invite">
          <label>
            {t('seats.invite')} <input readOnly value={invite} data-testid="invite" onFocus={(e) => e.currentTarget.select()} />
          </label>
          <CopyButton text={invite} label={t('seats.copyInvite')} />
          <p class="note">{t('seats.inviteNote')}</p>
        </div>
      )}
      {mine && table.status === 'waiting' && (
        <button
          type="button"
          onClick={() => confirm(t('seats.leaveConfirm')) && run(async () => ok(await api.DELETE('/tables/{id}/seats/me', path)))}
        >
          {t('seats.leave')}
        </button>
      )}
      {!myId && <JoinWithName table={table} reload={reload} />}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
