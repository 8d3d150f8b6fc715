import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, ok } from '../api.js';
import { formatNumber, formatProbability, t, tOptional } from '../i18n/index.js';
import { Words } from '../phrasebook/terms.js';
import { useHandsTogether, useStoredEvidence } from './pair-hands.js';
import { dotOfSharingPair, Scatter, type SharingPair } from './scatter.js';

/** A moment of a hand's card-sharing evidence, as the workers store it (docs/audit-card-sharing.md). */
interface Moment {
  index: number;
  seat: number;
  other: number;
  kind: string;
  choseInformed: boolean;
  worth: number;
}

/** Fewer hands together than this, and the figures say little: the page says so. */
const FEW_HANDS = 20;

const percent = (share: number): string => t('audit.sharing.percent', { percent: formatNumber(Math.round(share * 100)) });

/** The card-sharing audit's ranked ordered pairs (who → whose cards): summary, dots, table, and each pair's hands. */
export function SharingReport({ pairs, nameOf }: { pairs: SharingPair[]; nameOf: (playerId: string) => string }) {
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <>
      <p class="note" data-testid="audit-summary">
        {t('audit.sharing.summary', {
          count: pairs.length,
          strong: pairs.filter((p) => p.tier === 'strong').length,
          review: pairs.filter((p) => p.tier === 'review').length,
        })}
      </p>
      {pairs.length === 0 && <p class="note">{t('audit.sharing.zeroPairs')}</p>}
      {pairs.length > 0 && Math.max(...pairs.map((p) => p.hands)) < FEW_HANDS && <p class="note">{t('audit.fewHands')}</p>}
      <details>
        <summary>
          {t('audit.z')} · {t('audit.p')} · {t('audit.q')}
        </summary>
        <p class="note">
          <Words text={t('audit.sharing.explain')} />
        </p>
      </details>
      <Scatter
        pairs={pairs.map(dotOfSharingPair)}
        selected={selected}
        onSelect={setSelected}
        nameOf={nameOf}
        xLabel={t('audit.sharing.scatterX')}
      />
      <div class="scroll">
        <table class="list pairs" data-testid="pairs">
          <thead>
            <tr>
              <th>{t('audit.rank')}</th>
              <th>{t('audit.sharing.pair')}</th>
              <th>{t('audit.sharing.hands')}</th>
              <th>{t('audit.sharing.informed')}</th>
              <th>{t('audit.z')}</th>
              <th>{t('audit.p')}</th>
              <th>{t('audit.q')}</th>
              <th>{t('audit.tier')}</th>
            </tr>
          </thead>
          <tbody>
            {pairs.slice(0, 50).map((p, i) => (
              <tr class={selected === i ? 'selected' : ''} data-pair={`${p.seer}>${p.seen}`}>
                <td>{i + 1}</td>
                <td>
                  <button type="button" class="link" onClick={() => setSelected(i)}>
                    {t('audit.sharing.pairName', { seer: nameOf(p.seer), seen: nameOf(p.seen) })}
                  </button>
                </td>
                <td>{formatNumber(p.hands)}</td>
                <td>{t('audit.sharing.rates', { with: percent(p.rate), others: percent(p.rateOthers) })}</td>
                <td>{formatNumber(p.z, { hundredths: true })}</td>
                <td>{formatProbability(p.p)}</td>
                <td>{formatProbability(p.q)}</td>
                <td>
                  {t(`audit.tiers.${p.tier === 'strong' || p.tier === 'review' ? p.tier : 'none'}`)}
                  {p.mutual ? ` · ${t('audit.mutual')}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {selected !== null && pairs[selected] && <SharingHands pair={pairs[selected]} nameOf={nameOf} />}
    </>
  );
}

/** The hands a pair sat at together, each with the seer's decisions where the seen player's cards changed the best move. */
function SharingHands({ pair, nameOf }: { pair: SharingPair; nameOf: (playerId: string) => string }) {
  const { hands, error } = useHandsTogether(pair.seer, pair.seen);
  const [open, setOpen] = useState<string | null>(null);
  if (error) return <p class="error">{error}</p>;
  if (!hands) return <p>{t('audit.loadingPair')}</p>;
  return (
    <section class="panel" aria-label={t('audit.sharing.pairHands', { count: hands.length })} data-testid="pair-hands">
      <h3>
        {t('audit.sharing.pairName', { seer: nameOf(pair.seer), seen: nameOf(pair.seen) })}:{' '}
        {t('audit.sharing.pairHands', { count: hands.length })}
      </h3>
      <table class="list">
        <tbody>
          {hands.slice(0, 60).map((h) => (
            <>
              <tr data-hand={h.id}>
                <td>{h.number ?? '—'}</td>
                <td>
                  <div class="row">
                    <button type="button" onClick={() => setOpen(open === h.id ? null : h.id)}>
                      {open === h.id ? t('audit.hide') : t('audit.sharing.decisions')}
                    </button>
                    <a href={`/hands/${h.id}/replay`}>{t('history.replay')}</a>
                  </div>
                </td>
              </tr>
              {open === h.id && (
                <tr>
                  <td colSpan={2}>
                    <HandMoments handId={h.id} pair={pair} />
                  </td>
                </tr>
              )}
            </>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One hand's moments of the seer with the seen player: the decision, whether he took the informed best, what it was worth. */
function HandMoments({ handId, pair }: { handId: string; pair: SharingPair }) {
  const { evidence, pending, error } = useStoredEvidence<{ moments: Moment[] }>(handId, 'card-sharing');
  const seats = useSeatsOf(handId, pair);
  const moments = evidence && seats ? evidence.moments.filter((m) => m.seat === seats.seer && m.other === seats.seen) : null;
  return (
    <div data-testid="moments">
      {error && <p class="error">{error}</p>}
      {pending && <p class="note">{t('audit.evidencePending')}</p>}
      {moments && moments.length === 0 && <p class="note">{t('audit.sharing.noMoment')}</p>}
      {moments && moments.length > 0 && (
        <table class="list">
          <thead>
            <tr>
              <th>{t('audit.step')}</th>
              <th>{t('audit.sharing.decision')}</th>
              <th>{t('audit.sharing.tookInformed')}</th>
              <th>{t('audit.sharing.worth')}</th>
            </tr>
          </thead>
          <tbody>
            {moments.map((m) => (
              <tr>
                <td>{formatNumber(m.index + 1)}</td>
                <td>{tOptional(`audit.sharing.kinds.${m.kind}`) ?? t('audit.sharing.kinds.other')}</td>
                <td>{m.choseInformed ? t('audit.sharing.yes') : t('audit.sharing.no')}</td>
                <td>{formatNumber(m.worth, { hundredths: true })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * The seats of the pair's two players in a hand, from its record's seating (GET /hands/{id}/record
 * as the auditor): the evidence names seats, the pair names players. Null until it is read.
 */
function useSeatsOf(handId: string, pair: SharingPair): { seer: number; seen: number } | null {
  const [seats, setSeats] = useState<{ seer: number; seen: number } | null>(null);
  useEffect(() => {
    api.GET('/hands/{id}/record', { params: { path: { id: handId } }, headers: asAuditor }).then(
      (r) => {
        const seating = (ok(r) as { seating?: (string | null)[] }).seating ?? [];
        setSeats({ seer: seating.indexOf(pair.seer), seen: seating.indexOf(pair.seen) });
      },
      () => undefined,
    );
  }, [handId, pair.seer, pair.seen]);
  return seats;
}
