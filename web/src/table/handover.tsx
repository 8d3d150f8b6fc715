import { api, ok, type HandView, type Table } from '../api.js';
import { t } from '../i18n/index.js';
import { me } from '../session.js';
import { useSeatAction } from './seat-action.js';
import { seatNames } from './names.js';

/**
 * The seats of people who are away, and what can be done about them between hands: the host
 * offers one to someone else or lets a bot play it; a visitor takes an offered seat. Either way
 * the new player plays from the next hand (the substitute finishes this one).
 */
export function Handover({ table, view, reload }: { table: Table; view: HandView; reload: () => Promise<void> }) {
  const { run, error } = useSeatAction(reload);
  const myId = me.value?.id;
  const isHost = myId === table.hostPlayerId;
  const seated = table.seats.some((s) => s.playerId === myId);
  const nameOf = seatNames(table);
  // A seat handed on is its new holder's from the next hand; until then its away player's substitute plays.
  const passing = (seat: number) => (table.seats[seat]?.fromHand ?? 0) > (view.number ?? 0);
  const away = (view.away ?? []).filter((seat) => seat !== view.seat && table.seats[seat]?.playerId);
  const open = away.filter((seat) => !passing(seat) && !table.seats[seat]!.bot);
  // The view says at once when an offer comes or goes (it is pushed); the table resource only when read again.
  const isOffered = (seat: number) => (view.offered ? view.offered.includes(seat) : table.seats[seat]!.offered);
  const actionable = isHost ? open.length > 0 : !seated && open.some(isOffered);
  if (view.status !== 'active' || !(actionable || away.some(passing))) return null;
  const path = (seat: number) => ({ params: { path: { id: table.id, seat } } });
  return (
    <section class="panel handover" aria-label={t('handover.title')} data-testid="handover">
      <p class="note">{t('handover.explain')}</p>
      <ul>
        {away.map((seat) => {
          const offered = isOffered(seat);
          if (passing(seat)) return <li data-seat={seat}>{t('handover.passes', { name: nameOf(seat) })}</li>;
          if (!open.includes(seat)) return null;
          return (
            <li data-seat={seat}>
              {t(offered ? 'handover.offered' : 'handover.away', { name: nameOf(seat) })}{' '}
              {isHost && !offered && (
                <button type="button" onClick={() => run(async () => ok(await api.POST('/tables/{id}/seats/{seat}/offer', path(seat))))}>
                  {t('handover.offer')}
                </button>
              )}
              {isHost && offered && (
                <button type="button" onClick={() => run(async () => ok(await api.DELETE('/tables/{id}/seats/{seat}/offer', path(seat))))}>
                  {t('handover.withdraw')}
                </button>
              )}
              {isHost && (
                <button
                  type="button"
                  onClick={() =>
                    run(async () =>
                      ok(await api.POST('/tables/{id}/bots', { params: { path: { id: table.id } }, body: { seat, strength: 'strong' } })),
                    )
                  }
                >
                  {t('handover.bot')}
                </button>
              )}
              {!isHost && !seated && offered && (
                <button
                  type="button"
                  class="primary"
                  onClick={() =>
                    run(async () => ok(await api.POST('/tables/{id}/seats', { params: { path: { id: table.id } }, body: { seat } })))
                  }
                >
                  {t('handover.take')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {error && <p class="error">{error}</p>}
    </section>
  );
}
