import { useEffect, useState } from 'preact/hooks';
import { api, ok, type HandReview } from '../api.js';
import type { GameId } from '../cards/index.js';
import { formatNumber, t } from '../i18n/index.js';
import { actionSentence } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { Words } from '../phrasebook/terms.js';

type Review = HandReview;
type Decision = Review['seats'][number]['decisions'][number];
/** The review as the page has it: stored, still computed (with the share done), or why there is none. */
export type ReviewState = { review: Review } | { running: number } | { error: string } | null;

/** How often the page asks again while the review is computed. */
const POLL_MS = 2_000;

/** A hand's review (GET /hands/{id}/review, docs/review.md), asked for again while a worker computes it. */
export function useReview(id: string, headers: Record<string, string>): ReviewState {
  const [state, setState] = useState<ReviewState>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let gone = false;
    const ask = async (): Promise<void> => {
      try {
        const res = await api.GET('/hands/{id}/review', { params: { path: { id } }, headers });
        const body = ok(res);
        if (gone) return;
        if ('seats' in body) return setState({ review: body as Review });
        setState({ running: (body as { progress: number }).progress });
        timer = setTimeout(ask, POLL_MS);
      } catch (err) {
        if (!gone) setState({ error: refusalText(err) });
      }
    };
    void ask();
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [id]);
  return state;
}

/** The decision of the step's action, in words: its label, and the better choice with what it would have gained. */
export function DecisionNote({
  game,
  state,
  seq,
  nameOf,
}: {
  game: GameId;
  state: ReviewState;
  seq: number;
  nameOf: (seat: number) => string;
}) {
  if (!state || !('review' in state) || seq === 0) return null;
  const found = state.review.seats.map((s) => ({ seat: s.seat, d: s.decisions.find((d) => d.seq === seq) })).find((x) => x.d);
  if (!found) return null;
  const { seat, d } = found as { seat: number; d: Decision };
  const label = d.forced ? t('review.forced') : d.label ? t(`review.labels.${d.label}`) : t('review.good');
  const better = !d.forced && d.loss > 0 && actionSentence(game, { ...d.best, seat }, nameOf);
  return (
    <p class={`review-note ${d.label ?? 'fine'}`} data-testid="review-note" data-label={d.label ?? (d.forced ? 'forced' : 'none')}>
      <strong>{label}</strong>
      {better && (
        <>
          {' '}
          <Words text={t('review.better', { sentence: better, points: formatNumber(Math.round(d.loss * 100) / 100) })} />
        </>
      )}
      {d.bySubstitute && (
        <>
          {' '}
          <span data-testid="review-substitute">{t('review.bySubstitute', { name: nameOf(seat) })}</span>
        </>
      )}
    </p>
  );
}

/** The decisions a seat's player made: what its substitute played is not counted against the player. */
const own = (decisions: readonly Decision[]): Decision[] => decisions.filter((d) => !d.bySubstitute);

/** Each seat's accuracy, or where the review stands. */
export function ReviewSeats({ state, nameOf }: { state: ReviewState; nameOf: (seat: number) => string }) {
  if (!state) return null;
  if ('error' in state)
    return (
      <p class="note" id="review" data-testid="review-error">
        {state.error}
      </p>
    );
  if ('running' in state)
    return (
      <p class="note" id="review" data-testid="review-running">
        {t('review.running', { percent: Math.round(state.running * 100) })}
      </p>
    );
  return (
    <section class="panel" id="review" aria-label={t('review.title')} data-testid="review">
      <h2>{t('review.title')}</h2>
      <ul>
        {state.review.seats.map((s) => (
          <li data-review-seat={s.seat}>
            {nameOf(s.seat)}:{' '}
            <strong data-testid={`accuracy-${s.seat}`}>
              {s.accuracy === null ? t('review.noAccuracy') : t('review.accuracy', { percent: formatNumber(Math.round(s.accuracy)) })}
            </strong>{' '}
            <span class="note">
              {t('review.counts', {
                inaccuracies: own(s.decisions).filter((d) => d.label === 'inaccuracy').length,
                mistakes: own(s.decisions).filter((d) => d.label === 'mistake').length,
                blunders: own(s.decisions).filter((d) => d.label === 'blunder').length,
              })}
            </span>
          </li>
        ))}
      </ul>
      <p class="note">{t('review.method')}</p>
    </section>
  );
}
