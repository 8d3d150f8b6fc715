import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { formatNumber, formatProbability, t } from '../i18n/index.js';
import { Words } from '../phrasebook/terms.js';
import { Scatter, type Dot } from './scatter.js';

/** Fewer hands per pair than this, and the figures say little: the page says so. */
const FEW_HANDS = 20;

/** A column of one audit's own (between the pair and its test's z, p, q and verdict). */
export interface PairColumn<P> {
  head: string;
  cell: (pair: P) => ComponentChildren;
}

/** What differs between the audits' reports: their words, their own columns, their pair's hands. */
export interface PairReportOf<P> {
  dotOf: (pair: P) => Dot;
  summary: (counts: { count: number; strong: number; review: number }) => string;
  zeroPairs: string;
  /** The method in words, under "z · p · q". */
  explain: ComponentChildren;
  scatterX: string;
  pairHead: string;
  pairName: (from: string, to: string) => string;
  columns: PairColumn<P>[];
  /** The pair's hands, once it is chosen. */
  hands: (pair: P) => ComponentChildren;
}

/** An audit's ranked pairs: summary, method, dots, the table (first 50) and the chosen pair's hands. */
export function PairReport<P>({ pairs, of }: { pairs: P[]; of: PairReportOf<P> }) {
  const [selected, setSelected] = useState<number | null>(null);
  const dots = pairs.map(of.dotOf);
  return (
    <>
      <p class="note" data-testid="audit-summary">
        {of.summary({
          count: dots.length,
          strong: dots.filter((p) => p.tier === 'strong').length,
          review: dots.filter((p) => p.tier === 'review').length,
        })}
      </p>
      {dots.length === 0 && <p class="note">{of.zeroPairs}</p>}
      {dots.length > 0 && Math.max(...dots.map((p) => p.hands)) < FEW_HANDS && <p class="note">{t('audit.fewHands')}</p>}
      <details>
        <summary>
          {t('audit.z')} · {t('audit.p')} · {t('audit.q')}
        </summary>
        <p class="note">{of.explain}</p>
      </details>
      <Scatter pairs={dots} selected={selected} onSelect={setSelected} name={(d) => of.pairName(d.from, d.to)} xLabel={of.scatterX} />
      <div class="scroll">
        <table class="list pairs" data-testid="pairs">
          <thead>
            <tr>
              <th>{t('audit.rank')}</th>
              <th>{of.pairHead}</th>
              {of.columns.map((c) => (
                <th>{c.head}</th>
              ))}
              <th>{t('audit.z')}</th>
              <th>{t('audit.p')}</th>
              <th>{t('audit.q')}</th>
              <th>{t('audit.tier')}</th>
            </tr>
          </thead>
          <tbody>
            {pairs.slice(0, 50).map((pair, i) => {
              const d = dots[i]!;
              return (
                <tr class={selected === i ? 'selected' : ''} data-pair={`${d.from}>${d.to}`}>
                  <td>{formatNumber(i + 1)}</td>
                  <td>
                    <button type="button" class="link" onClick={() => setSelected(i)}>
                      {of.pairName(d.from, d.to)}
                    </button>
                  </td>
                  {of.columns.map((c) => (
                    <td>{c.cell(pair)}</td>
                  ))}
                  <td>{formatNumber(d.z, { hundredths: true })}</td>
                  <td>{formatProbability(d.p)}</td>
                  <td>{formatProbability(d.q)}</td>
                  <td>
                    {t(`audit.tiers.${d.tier === 'strong' || d.tier === 'review' ? d.tier : 'none'}`)}
                    {d.mutual ? ` · ${t('audit.mutual')}` : ''}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {selected !== null && pairs[selected] !== undefined && of.hands(pairs[selected])}
    </>
  );
}

/** The method's words with its terms explained (phrasebook/terms). */
export const Explained = ({ texts }: { texts: string[] }) => (
  <>
    {texts.map((text, i) => (
      <>
        {i > 0 && ' '}
        <Words text={text} />
      </>
    ))}
  </>
);
