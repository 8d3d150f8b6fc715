import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, ok, type HandView, type Table } from '../api.js';
import { Card, type GameId } from '../cards/index.js';
import { t } from '../i18n/index.js';
import { actionSentence, gameName } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { Words } from '../phrasebook/terms.js';
import { deckCommitmentOf, replaySteps, type HandRecord, type Step } from '../replay/steps.js';
import { DecisionNote, ReviewSeats, useReview } from '../replay/review.js';
import { auditorToken } from '../session.js';
import { RecordList } from '../table/record.js';
import { modelOf } from '../table/model.js';
import { seatNames } from '../table/names.js';
import { sortHand } from '../table/sort.js';

/** A finished hand stepped through action by action (forward, back, to a trick), from its record. */
export function Replay({ id }: { id: string }) {
  const [record, setRecord] = useState<HandRecord | null>(null);
  const [table, setTable] = useState<Table | null>(null);
  const [steps, setSteps] = useState<Step[]>([]);
  const [at, setAt] = useState(0);
  const [commitment, setCommitment] = useState<'checking' | 'verified' | 'mismatch' | 'not checkable'>('checking');
  const [error, setError] = useState<string | null>(null);
  // A seat's token once the hand is over, else the auditor's.
  const headers = auditorToken.value ? asAuditor : {};
  const review = useReview(id, headers);

  useEffect(() => {
    (async () => {
      try {
        const rec = ok(await api.GET('/hands/{id}/record', { params: { path: { id } }, headers }));
        const evs = ok(await api.GET('/hands/{id}/events', { params: { path: { id } }, headers }));
        setRecord(rec);
        setSteps(replaySteps(rec));
        if (rec.tableId) setTable(ok(await api.GET('/tables/{id}', { params: { path: { id: rec.tableId } } })));
        const committed = (evs[0]?.payload as { deckCommitment?: string } | undefined)?.deckCommitment;
        if (rec.seed && rec.deck && committed)
          setCommitment((await deckCommitmentOf(rec.seed, rec.deck)) === committed ? 'verified' : 'mismatch');
        else setCommitment('not checkable');
      } catch (err) {
        setError(refusalText(err));
      }
    })();
  }, [id]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if (e.key === 'ArrowRight') setAt((a) => Math.min(a + 1, steps.length - 1));
      if (e.key === 'ArrowLeft') setAt((a) => Math.max(a - 1, 0));
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [steps.length]);

  if (error)
    return (
      <section>
        <h1>{t('replay.title')}</h1>
        <p class="error" role="alert">
          {error}
        </p>
      </section>
    );
  if (!record || steps.length === 0) return <p>{t('app.loading')}</p>;
  const game = record.game as GameId;
  const step = steps[at]!;
  const view = step.view;
  const seats = ((view.hands as unknown[]) ?? []).length || table?.seatCount || 4;
  const nameOf = seatNames(table);
  const m = modelOf(game, { ...(view as object), seat: undefined } as unknown as HandView, seats, nameOf);
  const hands = (view.hands as (string[] | null)[]) ?? [];
  const trickStarts = steps.filter((s, i) => i > 0 && s.trick > steps[i - 1]!.trick).map((s) => s.index);
  return (
    <section class="replay">
      <h1>
        {t('replay.title')} <span class="note">{gameName(game)}</span>
      </h1>
      <p data-testid="commitment" class={commitment === 'mismatch' ? 'error' : 'note'}>
        {t('replay.commitment', {
          state:
            commitment === 'verified'
              ? t('replay.verified')
              : commitment === 'mismatch'
                ? t('replay.mismatch')
                : commitment === 'checking'
                  ? t('replay.checking')
                  : t('replay.notCheckable'),
        })}
      </p>
      <div class="row controls" role="group" aria-label={t('replay.controls')}>
        <button type="button" onClick={() => setAt(0)} disabled={at === 0}>
          {t('replay.deal')}
        </button>
        <button type="button" onClick={() => setAt(at - 1)} disabled={at === 0} aria-label={t('replay.back')}>
          {t('replay.back')}
        </button>
        <span data-testid="replay-position">{t('replay.position', { at, total: steps.length - 1 })}</span>
        <button type="button" onClick={() => setAt(at + 1)} disabled={at === steps.length - 1} aria-label={t('replay.forward')}>
          {t('replay.forward')}
        </button>
        <button type="button" onClick={() => setAt(steps.length - 1)} disabled={at === steps.length - 1}>
          {t('replay.end')}
        </button>
        <label>
          {t('replay.jump')}{' '}
          <select aria-label={t('replay.jump')} value="" onChange={(e) => setAt(Number(e.currentTarget.value))}>
            <option value="">…</option>
            {trickStarts.map((index, n) => (
              <option value={index}>{t('replay.trickN', { n: n + 1 })}</option>
            ))}
          </select>
        </label>
      </div>
      <p data-testid="replay-step">
        {step.action ? (
          <span data-testid="replay-action">
            <Words text={t('replay.action', { n: at, sentence: actionSentence(game, step.action, nameOf) })} />
          </span>
        ) : (
          t('replay.theDeal')
        )}
      </p>
      <DecisionNote game={game} state={review} seq={at} nameOf={nameOf} />
      <div class="replay-board">
        {hands.map((hand, seat) => (
          <div class="panel" data-replay-seat={seat}>
            <strong>{nameOf(seat)}</strong> {seat === record.dealer && <span class="note">({t('table.dealer')})</span>}
            <span class="note"> {t('table.tricks', { count: m.tricksWon(seat) })}</span>
            <div class="card-row">
              {sortHand(game, hand ?? [], view.contract).map((c) => (
                <span class="card small" data-card={c}>
                  <Card game={game} code={c} />
                </span>
              ))}
            </div>
          </div>
        ))}
        <div class="panel trick-line" aria-label={t('table.currentTrick')}>
          <strong>{m.trick.plays.length ? t('table.currentTrick') : m.lastTrick ? t('table.lastTrick') : t('table.noTrick')}</strong>
          <div class="card-row">
            {(m.trick.plays.length ? m.trick : m.lastTrick)?.plays.map((p) => (
              <span class="card small" data-played={p.card} title={nameOf(p.seat)}>
                <Card game={game} code={p.card} />
              </span>
            ))}
          </div>
        </div>
      </div>
      <ReviewSeats state={review} nameOf={nameOf} />
      <RecordList phase={String(view.phase)} record={m.record} />
    </section>
  );
}
