import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, ok, type HandView, type Ledger, type Table } from '../api.js';
import { t } from '../i18n/index.js';
import { gameName } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { me } from '../session.js';
import { Board } from '../table/board.js';
import { useTable } from '../table/follow.js';
import { Handover } from '../table/handover.js';
import { asDealt } from '../table/names.js';
import { usePlayerNames } from '../player-names.js';
import { HandResult, ScoreSheet } from '../table/result.js';
import { Seats } from '../table/seats.js';
import { GreetingBar } from '../table/greetings.js';
import { largeCards, TableSettings } from '../table/settings.js';
import { FinalStandings, HandsLeft, NextHand, waitsForMe } from '../table/session-end.js';

/** A hand that just ended stays on the board this long, its last trick in sight, before the next deal is shown. */
const ENDED_HAND_MS = 2500;
/** The hand whose result this browser closed: it is not shown again after a reload. */
const DISMISSED = 'kartentisch.dismissedResult';

/** A table: its seats before the first deal, then the current hand followed live, hand after hand. */
export function TablePage({ id }: { id: string }) {
  const [table, setTable] = useState<Table | null>(null);
  const [ledger, setLedger] = useState<Ledger | null>(null);
  const [handId, setHandId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stored, setStored] = useState<HandView | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(() => sessionStorage.getItem(DISMISSED));
  const hand = useTable(id, handId);

  const reload = useCallback(async () => {
    try {
      const tb = ok(await api.GET('/tables/{id}', { params: { path: { id } } }));
      setTable(tb);
      if (tb.currentHandId && !handId) setHandId(tb.currentHandId);
      if (tb.handCount > 0) setLedger(ok(await api.GET('/tables/{id}/ledger', { params: { path: { id } } })));
    } catch (err) {
      setError(refusalText(err));
    }
  }, [id, handId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  // Until the first deal, and while a seat is away (it may be offered or handed on), look at the
  // seats every two seconds (the table has no long poll).
  const anyAway = (hand.view?.away?.length ?? 0) > 0;
  const mySeat = table?.seats.find((s) => s.playerId === me.value?.id)?.seat ?? null;
  // An ended table's players learn of a rematch another of them opened.
  const awaitingRematch = table?.status === 'ended' && mySeat !== null && !table.rematchTableId;
  useEffect(() => {
    if (!table || (table.status !== 'waiting' && !anyAway && !awaitingRematch)) return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [table?.status, anyAway, awaitingRematch, reload]);
  // An offer made, withdrawn or taken shows in the pushed view: the seats (who takes over, from when) are read again.
  const offeredNow = hand.view?.offered?.join(',');
  useEffect(() => {
    if (offeredNow !== undefined) void reload();
  }, [offeredNow]);
  // The table has just ended: its standings come into sight.
  useEffect(() => {
    if (table?.status === 'ended')
      document.querySelector('[data-testid=standings]')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [table?.status]);
  // A hand that ended moved the table's ledger (and maybe its status): read them again.
  const { view, finished } = hand;
  useEffect(() => {
    if (view && view.status !== 'active') void reload();
  }, [view?.id, view?.status]);
  const previousName = usePlayerNames(table?.seats.flatMap((s) => (s.previousPlayerId ? [s.previousPlayerId] : [])) ?? []);
  const [lingering, setLingering] = useState<string | null>(null);
  useEffect(() => {
    if (!finished) return;
    setLingering(finished.id);
    const timer = setTimeout(() => {
      setLingering(null);
      // The result comes into sight by itself once the last trick has been seen: with "Next" above
      // it while the next hand waits, after the standings once the table has ended.
      document
        .querySelector('[data-testid=standings], [data-testid=next-hand], [data-testid=result]')
        ?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }, ENDED_HAND_MS);
    return () => clearTimeout(timer);
  }, [finished?.id]);
  // The next hand waits while the people read the result (docs/contract.md#next-hand): until then
  // the ended hand stays on the board and its result in front, with "Next".
  const [, setTick] = useState(0);
  const [readied, setReadied] = useState<string | null>(null);
  const holding = waitsForMe(view, finished, mySeat, Date.now()) && readied !== view?.id;
  useEffect(() => {
    if (!holding || !view?.heldUntil) return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, Date.parse(view.heldUntil) - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [holding, view?.heldUntil]);
  const boardView = finished && (holding || lingering === finished.id) ? finished : view;
  // After a reload the last result is read again from the finished hand, until it is closed.
  const lastEntry = ledger?.entries[ledger.entries.length - 1];
  useEffect(() => {
    if (finished || !lastEntry || stored?.id === lastEntry.handId) return;
    api.GET('/hands/{id}', { params: { path: { id: lastEntry.handId } } }).then(
      (r) => setStored(ok(r)),
      () => undefined,
    );
  }, [finished?.id, lastEntry?.handId]);

  if (error && !table)
    return (
      <section>
        <h1>{t('notFound.title')}</h1>
        <p class="error" role="alert">
          {error}
        </p>
        <p>
          <a href="/">{t('notFound.back')}</a>
        </p>
      </section>
    );
  if (!table) return <p>{t('app.loading')}</p>;
  // A seat handed on shows, in the hand under way, the player who was dealt it.
  const dealt = (number: number | null | undefined) => asDealt(table, number, previousName);
  const seated = table.seats.some((s) => s.playerId === me.value?.id);
  const result = finished ?? (stored?.id === lastEntry?.handId ? stored : null);
  const dismiss = (handId: string) => {
    sessionStorage.setItem(DISMISSED, handId);
    setDismissed(handId);
  };
  return (
    <section class={`table-page game-${table.game} ${largeCards.value ? 'large-cards' : ''}`}>
      <h1>
        {t('table.heading', { game: gameName(table.game) })} <span class="note">{t(`lobby.tableStatus.${table.status}`)}</span>
      </h1>
      <p class="row">
        <a href={`/tables/${table.id}/hands`}>{t('table.history')}</a>
        {/* A new tab: the hand goes on while its rules are read. */}
        <a href={`/rules/${table.game}`} target="_blank" rel="noopener" data-testid="rules-link">
          {t('rules.of', { game: gameName(table.game) })}
        </a>
        {!seated && <span class="note">{t('table.watching')}</span>}
        <span class="note" title={table.rated ? t('ratings.rated') : undefined}>
          {table.rated ? t('ratings.ratedShort') : t('ratings.unratedShort')}
        </span>
      </p>
      <HandsLeft table={table} />
      <FinalStandings table={table} mySeat={mySeat} />
      {table.status === 'waiting' && <Seats table={table} reload={reload} />}
      {holding && view && finished && (
        <>
          <NextHand tableId={table.id} view={view} dealt={dealt(view.number)} seated={seated} onReady={() => setReadied(view.id)} />
          {finished.id !== dismissed && (
            <HandResult view={finished} table={dealt(finished.number)} onDismiss={() => dismiss(finished.id)} />
          )}
        </>
      )}
      {boardView && <Board table={dealt(boardView.number)} view={boardView} act={hand.act} resync={hand.resync} />}
      {table.status === 'playing' && view && <Handover table={table} view={view} reload={reload} />}
      {table.status === 'playing' && view && (
        <GreetingBar greet={hand.greet} seated={seated} mySeat={table.seats.find((s) => s.playerId === me.value?.id)?.seat ?? null} />
      )}
      {hand.error && <p class="error">{hand.error}</p>}
      {boardView && <TableSettings game={table.game} />}
      <div class="grid2">
        {result && result.id !== dismissed && !holding && (
          <HandResult view={result} table={dealt(result.number)} onDismiss={() => dismiss(result.id)} />
        )}
        <ScoreSheet ledger={ledger} table={table} />
      </div>
      {result && (
        <p>
          <a href={`/hands/${result.id}/replay`}>{t('table.replayLast')}</a>
        </p>
      )}
      {seated && table.status === 'playing' && <SessionEnd table={table} reload={reload} />}
    </section>
  );
}

function SessionEnd({ table, reload }: { table: Table; reload: () => Promise<void> }) {
  const tableId = table.id;
  const [note, setNote] = useState<string | null>(null);
  return (
    <p class="row">
      <button
        type="button"
        onClick={async () => {
          if (!confirm(t('table.endConfirm'))) return;
          try {
            const r = ok(await api.POST('/tables/{id}/session-end', { params: { path: { id: tableId } } }));
            setNote(r.status === 'ended' ? t('table.ended') : t('table.windingDown'));
            // The table says how many hands are left now.
            await reload();
          } catch (err) {
            setNote(refusalText(err));
          }
        }}
      >
        {t('table.endSession')}
      </button>
      {/* Once the end is asked for, by anyone: how many hands are left. */}
      {table.handsLeft !== null ? (
        <span class="note">{t('session.handsLeft', { count: table.handsLeft })}</span>
      ) : (
        note && <span class="note">{note}</span>
      )}
    </p>
  );
}
