import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, ok, type Schemas } from '../api.js';
import { auditorToken, me } from '../session.js';
import { formatNumber, t } from '../i18n/index.js';
import { contractName, gameName } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { Words } from '../phrasebook/terms.js';

type HandSummary = Schemas['HandSummaryDto'];

/** A table's or a player's hands, newest first a page at a time, each with its replay. */
function History({
  id,
  title,
  load,
  accuracyOf,
}: {
  id: string;
  title: string;
  load: (cursor?: string) => Promise<Schemas['HandPageDto']>;
  /** A player's own history (or the auditor's look at it): each finished hand's accuracy from its review. */
  accuracyOf?: string;
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
  return (
    <section>
      <h1>{title}</h1>
      {error && <p class="error">{error}</p>}
      <div class="scroll">
        <table class="list">
          <thead>
            <tr>
              <th>{t('history.hand')}</th>
              <th>{t('history.game')}</th>
              <th>{t('history.status')}</th>
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
                  <td>{gameName(h.game)}</td>
                  <td>{t(`history.statuses.${h.status}`)}</td>
                  <td>
                    {r && (
                      <>
                        <Words text={r.contract ? contractName(r.contract) : t('result.thrownIn')} />{' '}
                        <span class="note">{r.scores?.map((s) => formatNumber(s, { sign: true })).join(' / ')}</span>
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
      {hands.length === 0 && <p class="note">{t('history.none')}</p>}
      {cursor && (
        <button type="button" onClick={() => more(cursor)}>
          {t('history.older')}
        </button>
      )}
    </section>
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
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    api.GET('/players/{id}', { params: { path: { id } } }).then(
      (r) => setName(ok(r).name),
      () => setName(null),
    );
  }, [id]);
  return (
    <History
      id={id}
      title={name === null ? t('history.ofPlayer') : t('history.ofPlayerNamed', { name })}
      load={async (cursor) => ok(await api.GET('/players/{id}/hands', { params: { path: { id }, query: { cursor } } }))}
      accuracyOf={me.value?.id === id || auditorToken.value ? id : undefined}
    />
  );
}
