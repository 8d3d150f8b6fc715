import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ok, type Game, type Schemas, type Table } from '../api.js';
import { t } from '../i18n/index.js';
import { gameName } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { usePlayerNames } from '../player-names.js';
import { me } from '../session.js';
import { seatNames } from '../table/names.js';
import { useRatings } from '../ratings.js';
import { changedRules } from './rules.js';
import { readLines } from '../ndjson.js';

const GAMES = ['', 'dobbm', 'droggn', 'doppelkopf'] as const;
/** After the feed failed, wait this long before opening it again, doubling up to the most. */
const RECONNECT_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
/** The rows say how long ago each table was opened: say it afresh this often. */
const AGES_MS = 30_000;

/**
 * Follows the lobby feed (GET /lobby/feed: a line each time the tables change, on any instance)
 * and calls `changed` for each line, the first one too. When the feed ends or fails it calls
 * `changed` (something may have been missed) and opens it again, waiting longer after each failure.
 */
async function followLobby(signal: AbortSignal, changed: () => void): Promise<void> {
  let wait = RECONNECT_MS;
  while (!signal.aborted) {
    try {
      const body = ok(await api.GET('/lobby/feed', { parseAs: 'stream', signal })) as unknown as ReadableStream<Uint8Array> | null;
      if (body)
        await readLines(body, () => {
          wait = RECONNECT_MS;
          changed();
        });
    } catch {
      /* refused or cut off: look again below */
    }
    if (signal.aborted) return;
    changed();
    // Back online, it need not wait out its pause.
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, wait);
      window.addEventListener('online', done);
      signal.addEventListener('abort', done);
    });
    wait = Math.min(wait * 2, RECONNECT_MAX_MS);
  }
}

/** How long ago, in words. */
function ago(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!(minutes >= 1)) return t('lobby.age.now');
  if (minutes < 60) return t('lobby.age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('lobby.age.hours', { count: hours });
  return t('lobby.age.days', { count: Math.floor(hours / 24) });
}

/** The open and running tables (GET /tables), filtered by game, kept up to date while the lobby is open. */
export function TableList() {
  const [game, setGame] = useState<(typeof GAMES)[number]>('');
  const [tables, setTables] = useState<Table[]>([]);
  const [games, setGames] = useState<Game[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [pages, setPages] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());

  const latest = useRef(0);
  async function load(count: number) {
    const request = ++latest.current;
    try {
      let items: Table[] = [];
      let next: string | null = null;
      for (let i = 0; i < count; i++) {
        const page: Schemas['TablePageDto'] = ok(
          await api.GET('/tables', { params: { query: { game: game || undefined, limit: 20, cursor: next ?? undefined } } }),
        );
        items = [...items, ...page.items];
        next = page.nextCursor;
        if (!next) break;
      }
      if (request !== latest.current) return; // a newer filter was chosen meanwhile
      setTables(items);
      setCursor(next);
      setError(null);
    } catch (err) {
      if (request === latest.current) setError(refusalText(err));
    }
  }
  useEffect(() => {
    void load(pages);
  }, [game, pages]);
  // The feed calls the latest `load`, with the filter and pages chosen now.
  const reload = useRef<() => void>(() => undefined);
  reload.current = () => void load(pages);
  useEffect(() => {
    const controller = new AbortController();
    void followLobby(controller.signal, () => reload.current());
    const ages = setInterval(() => setNow(Date.now()), AGES_MS);
    return () => {
      controller.abort();
      clearInterval(ages);
    };
  }, []);
  useEffect(() => {
    api.GET('/games').then(
      (r) => setGames(ok(r)),
      () => undefined,
    );
  }, []);

  async function sit(table: Table) {
    setError(null);
    try {
      ok(await api.POST('/tables/{id}/seats', { params: { path: { id: table.id } }, body: {} }));
      location.assign(`/tables/${table.id}`);
    } catch (err) {
      setError(refusalText(err));
    }
  }

  const myId = me.value?.id;
  // The host by name, seated or not (a host who has not sat down yet is named all the same).
  const hostName = usePlayerNames(
    tables.flatMap((tb) => tb.hostPlayerId ?? []),
    () => '—',
  );
  return (
    <section class="panel" aria-label={t('lobby.tables')}>
      <div class="row">
        <h2>{t('lobby.tables')}</h2>
        <label>
          {t('lobby.show')}{' '}
          <select aria-label={t('lobby.filter')} value={game} onChange={(e) => setGame(e.currentTarget.value as typeof game)}>
            {GAMES.map((id) => (
              <option value={id}>{id ? gameName(id) : t('games.all')}</option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => load(pages)}>
          {t('lobby.refresh')}
        </button>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {tables.length === 0 ? (
        <p class="note" data-testid="no-tables">
          {/* The form to open a table is below only once this browser has a name. */}
          {me.value ? (game ? t('lobby.noneForGame') : t('lobby.none')) : game ? t('lobby.noneForGameNoName') : t('lobby.noneNoName')}
        </p>
      ) : (
        <div class="scroll">
          <table class="list tables">
            <thead>
              <tr>
                <th>{t('lobby.game')}</th>
                <th>{t('lobby.host')}</th>
                <th>{t('lobby.players')}</th>
                <th>{t('lobby.status')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {tables.map((tb) => {
                const seated = tb.seats.some((s) => s.playerId === myId);
                const host = tb.hostPlayerId ? hostName(tb.hostPlayerId) : null;
                const changed = changedRules(
                  games.find((g) => g.id === tb.game),
                  tb.rules,
                );
                return (
                  <tr data-table={tb.id}>
                    <td>
                      <strong>{gameName(tb.game)}</strong>{' '}
                      <a class="note" href={`/rules/${tb.game}`}>
                        {t('lobby.rules')}
                      </a>
                      <div class="note" data-testid="rules">
                        {changed.length ? changed.join(' · ') : t('lobby.defaultRules')}
                      </div>
                    </td>
                    <td>
                      {host ?? '—'}
                      <div class="note">{ago(tb.createdAt, now)}</div>
                    </td>
                    <td>
                      <SeatNames table={tb} />
                      <div class="note">{t('lobby.free', { count: tb.freeSeats })}</div>
                      {/* A seat whose player is away and that the host offers: a newcomer takes it at the table. */}
                      {tb.status === 'playing' && tb.seats.some((s) => s.offered) && (
                        <div class="note" data-testid="offered">
                          {t('lobby.offered', { count: tb.seats.filter((s) => s.offered).length })}
                        </div>
                      )}
                    </td>
                    <td>{t(`lobby.tableStatus.${tb.status}`)}</td>
                    <td>
                      <div class="row">
                        <a href={`/tables/${tb.id}`}>{seated ? t('lobby.goTo') : t('lobby.watch')}</a>
                        {myId && !seated && tb.freeSeats > 0 && (
                          <button type="button" onClick={() => sit(tb)}>
                            {t('lobby.takeSeat')}
                          </button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {cursor && (
        <button type="button" onClick={() => setPages(pages + 1)}>
          {t('lobby.more')}
        </button>
      )}
    </section>
  );
}

/** The seats' names, each with the player's rating in the table's game ("1500?" while provisional). */
function SeatNames({ table }: { table: Table }) {
  const ratingOf = useRatings(
    table.seats.map((s) => s.playerId),
    table.game,
  );
  const nameOf = seatNames(table);
  return (
    <>
      {table.seats
        .map((s) => {
          if (!s.name) return t('lobby.emptySeat');
          const rating = ratingOf(s.playerId);
          return rating ? `${nameOf(s.seat)} (${rating})` : nameOf(s.seat);
        })
        .join(', ')}
    </>
  );
}
