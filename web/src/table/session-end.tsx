import { useEffect, useState } from 'preact/hooks';
import { api, ok, type HandView, type Table } from '../api.js';
import { formatList, formatNumber, t } from '../i18n/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { seatNames, seatNumber } from './names.js';

/**
 * Whether the page keeps the last result in front of `mySeat`: the table's next hand waits for
 * the people to read it (`heldUntil`, docs/contract.md#next-hand) and this seat has not said
 * "next" yet. A spectator waits with them.
 */
export function waitsForMe(view: HandView | null, finished: HandView | null, mySeat: number | null, now: number): boolean {
  if (!view || !finished || view.id === finished.id || view.seq !== 0 || !view.heldUntil) return false;
  if (mySeat !== null && view.ready.includes(mySeat)) return false;
  return Date.parse(view.heldUntil) > now;
}

/**
 * Who the waiting hand still waits for, by name: the people dealt into it who are not away and
 * have not said "next" (bots never hold it up). `dealt` is the table as this hand was dealt.
 */
function waitingFor(view: HandView, dealt: Table): string[] {
  const nameOf = seatNames(dealt);
  return dealt.seats
    .filter((s) => s.playerId && !s.bot && !view.ready.includes(s.seat) && !(view.away ?? []).includes(s.seat))
    .map((s) => nameOf(s.seat));
}

/** The wait after a result: how long until the next hand starts by itself, who it still waits for, and "Next" for a seated player. */
export function NextHand({
  tableId,
  view,
  dealt,
  seated,
  onReady,
}: {
  tableId: string;
  view: HandView;
  dealt: Table;
  seated: boolean;
  onReady: () => void;
}) {
  const [now, setNow] = useState(Date.now());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const waiting = waitingFor(view, dealt);
  const seconds = Math.max(0, Math.ceil((Date.parse(view.heldUntil ?? '') - now) / 1000));
  const ready = async () => {
    setError(null);
    try {
      ok(await api.POST('/tables/{id}/ready', { params: { path: { id: tableId } } }));
      onReady();
    } catch (err) {
      setError(refusalText(err));
    }
  };
  return (
    <section class="panel next-hand row" data-testid="next-hand" aria-live="polite">
      <span>{t('session.nextIn', { count: seconds })}</span>
      {waiting.length > 0 && <span data-testid="waiting-for">{t('session.waitingFor', { names: formatList(waiting) })}</span>}
      {seated && (
        <button type="button" class="primary" data-testid="ready" onClick={ready}>
          {t('session.ready')}
        </button>
      )}
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </section>
  );
}

/** Once the end is asked for: the hands still to play, in words. */
export function HandsLeft({ table }: { table: Table }) {
  if (table.status !== 'playing' || table.handsLeft === null) return null;
  return (
    <p class="notice" role="status" data-testid="hands-left">
      {t('session.handsLeft', { count: table.handsLeft })}
    </p>
  );
}

/** An ended table: every player's total, highest first, and the rematch for those who sat at it. */
export function FinalStandings({ table, mySeat }: { table: Table; mySeat: number | null }) {
  if (table.status !== 'ended' || !table.standings) return null;
  // A bot is called by its seat, as everywhere on the page.
  const nameOf = (s: { seat: number; playerId: string; name: string }) =>
    table.seats[s.seat]?.bot && table.seats[s.seat]?.playerId === s.playerId ? t('seats.botName', { n: seatNumber(s.seat) }) : s.name;
  return (
    <section class="panel standings" aria-label={t('session.standings')} data-testid="standings">
      <h2>{t('session.standings')}</h2>
      <table class="list">
        <tbody>
          {table.standings.map((s) => (
            <tr data-testid="standing" data-player={s.playerId}>
              <td class="num">{t('session.rank', { rank: s.rank })}</td>
              <td>{nameOf(s)}</td>
              <td class="num" data-figure={s.total}>
                {formatNumber(s.total, { sign: true })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {mySeat !== null && <Rematch table={table} />}
    </section>
  );
}

/** "Rematch": opens the new table, or — once another player opened it — takes a seat there. */
function Rematch({ table }: { table: Table }) {
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setError(null);
    try {
      const r = ok(await api.POST('/tables/{id}/rematch', { params: { path: { id: table.id } } }));
      location.assign(`/tables/${r.table.id}`);
    } catch (err) {
      setError(refusalText(err));
    }
  };
  return (
    <p class="row">
      {table.rematchTableId && <span>{t('session.rematchOffered')}</span>}
      <button type="button" class="primary" data-testid="rematch" onClick={go}>
        {table.rematchTableId ? t('session.acceptRematch') : t('session.rematch')}
      </button>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </p>
  );
}
