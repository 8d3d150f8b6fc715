import { useEffect, useState } from 'preact/hooks';
import { api, ok, type HandView } from '../api.js';
import { t } from '../i18n/index.js';
import { refusalText } from '../phrasebook/refusals.js';

/** The countdown of the seat to act, shown beside that seat (its own panel for this seat); none while a substitute decides. */
export function Countdown({ view, seat }: { view: HandView; seat: number }) {
  const away = view.away ?? [];
  const running = view.status === 'active' && view.turnSeconds !== null && view.toAct.includes(seat) && !away.includes(seat);
  const left = useSecondsLeft(running ? view.deadline : null);
  if (left === null) return null;
  return (
    <span class={`clock ${left <= 10 ? 'urgent' : ''}`} role="timer" aria-live="off" data-clock-seat={seat} title={t('clock.explain')}>
      {t('clock.left', { count: left })}
    </span>
  );
}

/** Seconds left until `deadline`, counted down once a second (the server's absolute time, so every client shows the same). */
function useSecondsLeft(deadline: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  if (!deadline) return null;
  return Math.max(0, Math.ceil((Date.parse(deadline) - now) / 1000));
}

/**
 * This seat's turn clock and the seats away: how long it has before its substitute decides,
 * and — "I'm back" while its substitute plays, or "Step away" to hand it over.
 */
export function TurnClock({
  view,
  mySeat,
  nameOf,
  resync,
}: {
  view: HandView;
  mySeat: number | null;
  nameOf: (seat: number) => string;
  resync: () => Promise<void>;
}) {
  const away = view.away ?? [];
  const [error, setError] = useState<string | null>(null);
  const meAway = mySeat !== null && away.includes(mySeat);
  const send = async (path: '/hands/{id}/away' | '/hands/{id}/back') => {
    setError(null);
    try {
      ok(await api.POST(path, { params: { path: { id: view.id } } }));
      await resync();
    } catch (err) {
      setError(refusalText(err));
    }
  };
  if (view.status !== 'active') return null;
  const others = away.filter((s) => s !== mySeat);
  return (
    <div class="turn-clock" data-testid="turn-clock">
      {mySeat !== null && <Countdown view={view} seat={mySeat} />}
      {others.length > 0 && (
        <span class="note">{t('clock.othersAway', { names: others.map(nameOf).join(', '), count: others.length })}</span>
      )}
      {meAway ? (
        <span class="away-banner" role="status">
          {t('clock.youAway')}{' '}
          <button type="button" class="primary" onClick={() => void send('/hands/{id}/back')}>
            {t('clock.back')}
          </button>
        </span>
      ) : (
        mySeat !== null && (
          <button type="button" onClick={() => void send('/hands/{id}/away')} title={t('clock.stepAwayExplain')}>
            {t('clock.stepAway')}
          </button>
        )
      )}
      {error && <span class="error">{error}</span>}
    </div>
  );
}
