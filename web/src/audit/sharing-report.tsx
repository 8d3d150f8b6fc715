import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, ok } from '../api.js';
import { formatNumber, t, tOptional } from '../i18n/index.js';
import { Explained, PairReport, type PairReportOf } from './pair-report.js';
import { handWhen, HandsTogether, useStoredEvidence } from './pair-hands.js';
import { dotOfSharingPair, type SharingPair } from './scatter.js';

/** A moment of a hand's card-sharing evidence, as the workers store it (docs/audit-card-sharing.md). */
interface Moment {
  index: number;
  seat: number;
  other: number;
  kind: string;
  choseInformed: boolean;
  worth: number;
}

const percent = (share: number): string => t('audit.sharing.percent', { percent: formatNumber(Math.round(share * 100)) });

/** The card-sharing audit's ranked ordered pairs (who → whose cards) and each pair's hands. */
export function SharingReport({ pairs, nameOf }: { pairs: SharingPair[]; nameOf: (playerId: string) => string }) {
  const of: PairReportOf<SharingPair> = {
    dotOf: dotOfSharingPair,
    summary: (counts) => t('audit.sharing.summary', counts),
    zeroPairs: t('audit.sharing.zeroPairs'),
    explain: <Explained texts={[t('audit.sharing.explain')]} />,
    scatterX: t('audit.sharing.scatterX'),
    pairHead: t('audit.sharing.pair'),
    pairName: (seer, seen) => t('audit.sharing.pairName', { seer: nameOf(seer), seen: nameOf(seen) }),
    columns: [
      { head: t('audit.sharing.hands'), cell: (p) => formatNumber(p.hands) },
      {
        head: t('audit.sharing.informed'),
        cell: (p) => t('audit.sharing.rates', { with: percent(p.rate), others: percent(p.rateOthers) }),
      },
    ],
    hands: (p) => <SharingHands pair={p} nameOf={nameOf} />,
  };
  return <PairReport pairs={pairs} of={of} />;
}

/** The hands a pair sat at together, each with the seer's decisions where the seen player's cards changed the best move. */
function SharingHands({ pair, nameOf }: { pair: SharingPair; nameOf: (playerId: string) => string }) {
  const name = t('audit.sharing.pairName', { seer: nameOf(pair.seer), seen: nameOf(pair.seen) });
  return (
    <HandsTogether
      a={pair.seer}
      b={pair.seen}
      title={(count) => `${name}: ${t('audit.sharing.pairHands', { count })}`}
      label={(count) => t('audit.sharing.pairHands', { count })}
      cells={(h) => [handWhen(h)]}
      openLabel={t('audit.sharing.decisions')}
      detail={(h) => <HandMoments handId={h.id} pair={pair} />}
    />
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
        <div class="scroll">
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
        </div>
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
