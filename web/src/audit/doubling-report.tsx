import { formatNumber, t } from '../i18n/index.js';
import { PairHands } from './pair-hands.js';
import { Explained, PairReport, type PairReportOf } from './pair-report.js';
import { dotOfPair, type Pair } from './scatter.js';

/** The doubling audit's ranked (declarer, defender) pairs (docs/audit.md), each pair's hands with their calls' evidence. */
export function DoublingReport({ pairs, game, nameOf }: { pairs: Pair[]; game: string; nameOf: (playerId: string) => string }) {
  const of: PairReportOf<Pair> = {
    dotOf: dotOfPair,
    summary: (counts) => t('audit.summary', counts),
    zeroPairs: t('audit.zeroPairs'),
    explain: <Explained texts={[t('audit.explain'), ...(game === 'doppelkopf' ? [t('audit.explainDoppelkopf')] : [])]} />,
    scatterX: t('audit.scatterX'),
    pairHead: t('audit.pair'),
    pairName: (from, to) => `${nameOf(from)} → ${nameOf(to)}`,
    columns: [
      { head: t('audit.handsAsPair'), cell: (p) => formatNumber(p.handsAsPair) },
      { head: t('audit.doublesCalls'), cell: (p) => `${formatNumber(p.doubles)} / ${formatNumber(p.calls)}` },
    ],
    hands: (p) => <PairHands pair={p} nameOf={nameOf} />,
  };
  return <PairReport pairs={pairs} of={of} />;
}
