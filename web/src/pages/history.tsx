import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, ok, type Schemas } from '../api.js';
import { auditorToken, me } from '../session.js';
import { formatDate, formatNumber, t } from '../i18n/index.js';
import { playerLabel } from '../player-names.js';
import { contractName, gameName } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { Words } from '../phrasebook/terms.js';
import { seatNumber } from '../table/names.js';

type HandSummary = Schemas['HandSummaryDto'];

/** Hands of one table (or the imported records, `tableId` null), in the order the history lists them. */
interface TableGroup {
  tableId: string | null;
  hands: HandSummary[];
}

/** A player's hands by table, each table where its newest hand stands: hand numbers repeat from table to table. */
function byTable(hands: readonly HandSummary[]): TableGroup[] {
  const groups = new Map<string | null, TableGroup>();
  for (const h of hands) {
    const key = h.imported ? null : h.tableId;
    const group = groups.get(key) ?? { tableId: key, hands: [] };
    group.hands.push(h);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** A table's heading: its game and when it was opened (tables have no names). */
function groupTitle(group: TableGroup): string {
  const first = group.hands[0]!;
  if (group.tableId === null) return t('history.imported');
  const date = formatDate(first.tableOpenedAt ?? first.createdAt);
  return t('history.tableOpened', { game: gameName(first.game), date });
}

/** A table's or a player's hands, newest first a page at a time, each with its replay; a player's grouped by table. */
function History({
  id,
  title,
  load,
  accuracyOf,
  grouped,
}: {
  id: string;
  title: string;
  load: (cursor?: string) => Promise<Schemas['HandPageDto']>;
  /** A player's own history (or the auditor's look at it): each finished hand's accuracy from its review. */
  accuracyOf?: string;
  /** a player's history: the hands of each table under its own heading */
  grouped?: boolean;
}) {
  const [hands, setHands] = useState<HandSummary[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const more = async (from?: string) => {
    try {
      const page = await load(from);
      setHands((h) => (from ? [...h, ...page.items] : page.items));
      setCursor(page.nextCursor);
    } catch (err) {
      setError(refusalText(err));
    }
  };
  useEffect(() => {
    void more();
  }, [id]);
  const groups = grouped ? byTable(hands) : [{ tableId: hands[0]?.tableId ?? null, hands }];
  return (
    <section>
      <h1>{title}</h1>
      {!grouped && hands[0] && <p class="note">{groupTitle(groups[0]!)}</p>}
      {error && <p class="error">{error}</p>}
      {groups.map((group) => (
        <section class="hand-group" data-table={group.tableId ?? 'imported'} aria-label={grouped ? groupTitle(group) : title}>
          {grouped && (
            <>
              <h2 data-testid="group-title">{groupTitle(group)}</h2>
              {group.tableId && (
                <p class="note row">
                  <span>
                    {t('history.with', {
                      names: group.hands[0]!.players.map((p) => (p ? playerLabel(p) : ''))
                        .filter(Boolean)
                        .join(', '),
                    })}
                  </span>
                  <a href={`/tables/${group.tableId}`}>{t('history.toTable')}</a>
                </p>
              )}
            </>
          )}
          <HandRows hands={group.hands} accuracyOf={accuracyOf} showGame={!grouped} />
        </section>
      ))}
      {hands.length === 0 && <p class="note">{t('history.none')}</p>}
      {cursor && (
        <button type="button" onClick={() => more(cursor)}>
          {t('history.older')}
        </button>
      )}
    </section>
  );
}

/** The hands' rows: number, game (unless a heading says it), status, the result with every player's score by name, the replay. */
function HandRows({ hands, accuracyOf, showGame }: { hands: HandSummary[]; accuracyOf?: string; showGame: boolean }) {
  return (
    <div class="scroll">
      <table class="list hand-rows">
        <thead>
          <tr>
            <th>{t('history.hand')}</th>
            {showGame && <th>{t('history.game')}</th>}
            <th class="status">{t('history.status')}</th>
            <th>{t('history.result')}</th>
            {accuracyOf && <th>{t('review.column')}</th>}
            <th />
          </tr>
        </thead>
        <tbody>
          {hands.map((h) => {
            const r = h.result as { contract?: string | null; scores?: number[] } | null;
            return (
              <tr data-hand={h.id}>
                <td>{h.number ?? '—'}</td>
                {showGame && <td>{gameName(h.game)}</td>}
                <td class="status">{t(`history.statuses.${h.status}`)}</td>
                <td>
                  {r && (
                    <>
                      <Words text={r.contract ? contractName(r.contract) : t('result.thrownIn')} />
                      {r.scores && <Scores scores={r.scores} players={h.players} />}
                    </>
                  )}
                </td>
                {accuracyOf && (
                  <td class="num" data-testid="hand-accuracy">
                    {(h.status === 'finished' || h.status === 'thrownIn') && <Accuracy handId={h.id} playerId={accuracyOf} />}
                  </td>
                )}
                <td>
                  {h.status === 'finished' || h.status === 'thrownIn' ? (
                    <a href={`/hands/${h.id}/replay`}>{t('history.replay')}</a>
                  ) : (
                    h.tableId && <a href={`/tables/${h.tableId}`}>{t('history.table')}</a>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Each seat's score beside its player's name (a seat an imported record names no one for: "Seat 3"). */
function Scores({ scores, players }: { scores: number[]; players: HandSummary['players'] }) {
  return (
    <ul class="hand-scores" aria-label={t('history.scores')}>
      {scores.map((score, seat) => {
        const p = players[seat];
        return (
          <li data-seat={seat}>
            {p ? playerLabel(p) : t('seats.seat', { n: seatNumber(seat) })} <strong>{formatNumber(score, { sign: true })}</strong>
          </li>
        );
      })}
    </ul>
  );
}

export function TableHands({ id }: { id: string }) {
  return (
    <History
      id={id}
      title={t('history.ofTable')}
      load={async (cursor) => ok(await api.GET('/tables/{id}/hands', { params: { path: { id }, query: { cursor } } }))}
    />
  );
}

/** The player's accuracy in a hand, from its review once stored (docs/review.md); a dash until then. */
function Accuracy({ handId, playerId }: { handId: string; playerId: string }) {
  const [accuracy, setAccuracy] = useState<number | null>(null);
  useEffect(() => {
    const headers = auditorToken.value ? asAuditor : {};
    api.GET('/hands/{id}/review', { params: { path: { id: handId } }, headers }).then(
      (r) => {
        const body = ok(r);
        const seat = 'seats' in body ? body.seats.find((s) => s.player?.id === playerId) : undefined;
        setAccuracy(seat?.accuracy ?? null);
      },
      () => setAccuracy(null),
    );
  }, [handId]);
  return (
    <a href={`/hands/${handId}/replay#review`}>
      {accuracy === null ? '—' : t('review.accuracy', { percent: formatNumber(Math.round(accuracy)) })}
    </a>
  );
}

export function PlayerHands({ id }: { id: string }) {
  const [player, setPlayer] = useState<{ name: string; bot: string | null } | null>(null);
  useEffect(() => {
    api.GET('/players/{id}', { params: { path: { id } } }).then(
      (r) => setPlayer(ok(r)),
      () => setPlayer(null),
    );
  }, [id]);
  return (
    <History
      id={id}
      title={player === null ? t('history.ofPlayer') : t('history.ofPlayerNamed', { name: playerLabel(player) })}
      load={async (cursor) => ok(await api.GET('/players/{id}/hands', { params: { path: { id }, query: { cursor } } }))}
      accuracyOf={me.value?.id === id || auditorToken.value ? id : undefined}
      grouped
    />
  );
}
