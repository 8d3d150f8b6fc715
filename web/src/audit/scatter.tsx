import type { Schemas } from '../api.js';
import { formatNumber, formatProbability, t } from '../i18n/index.js';

/** A ranked pair of the collusion report, as the API answers it (openapi/, docs/audit.md names every column). */
export type Pair = Schemas['CollusionPairDto'];
/** A ranked ordered pair of the card-sharing audit (docs/audit-card-sharing.md). */
export type SharingPair = Schemas['SharingPairDto'];

/** A pair as a dot: its two players (in the pair's order), the hands that are its units, and its test. */
export interface Dot extends Pick<Pair, 'z' | 'p' | 'q' | 'tier' | 'mutual'> {
  from: string;
  to: string;
  hands: number;
}
const testOf = ({ z, p, q, tier, mutual }: Pair | SharingPair) => ({ z, p, q, tier, mutual });
export const dotOfPair = (p: Pair): Dot => ({ from: p.declarer, to: p.defender, hands: p.handsAsPair, ...testOf(p) });
export const dotOfSharingPair = (p: SharingPair): Dot => ({ from: p.seer, to: p.seen, hands: p.hands, ...testOf(p) });

const W = 640;
const H = 320;
const PAD = { left: 56, right: 16, top: 16, bottom: 44 };
/** −log10 p, the height at which a pair is drawn (p may underflow to 0). */
const significance = (p: number) => -Math.log10(Math.max(p, 1e-300));

/**
 * Each pair as a dot: its hands (as declarer and defender; card sharing: together) across, −log10 p up; the two
 * flag thresholds as lines: strong (p < 1e-4 / pairs tested, docs/audit.md) and review
 * (q ≤ 0.05: drawn at the largest p that reached it).
 */
export function Scatter({
  pairs,
  selected,
  onSelect,
  name,
  xLabel,
}: {
  pairs: Dot[];
  selected: number | null;
  onSelect: (i: number) => void;
  /** The pair's name, from its players' names. */
  name: (dot: Dot) => string;
  /** What the dots' hands are (as pair, or together). */
  xLabel: string;
}) {
  const strong = significance(1e-4 / Math.max(pairs.length, 1));
  const reviewPs = pairs.filter((p) => p.q <= 0.05).map((p) => p.p);
  const review = reviewPs.length ? significance(Math.max(...reviewPs)) : null;
  const maxX = Math.max(10, ...pairs.map((p) => p.hands));
  const maxY = Math.max(strong * 1.1, ...pairs.map((p) => significance(p.p))) * 1.05;
  const x = (v: number) => PAD.left + (v / maxX) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (v / maxY) * (H - PAD.top - PAD.bottom);
  // Ticks at round steps (1, 2 or 5 × 10^k), about four of them, never past the axis.
  const ticks = (max: number) => {
    const raw = max / 4;
    const mag = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
    const step = [1, 2, 5, 10].map((k) => k * mag).find((k) => k >= raw) ?? raw;
    return Array.from({ length: Math.floor(max / step) + 1 }, (_, i) => Math.round(i * step * 1000) / 1000);
  };
  return (
    <svg viewBox={`0 0 ${W} ${H}`} class="scatter" role="img" aria-label={t('audit.scatterLabel')} data-testid="scatter">
      <rect x={PAD.left} y={PAD.top} width={W - PAD.left - PAD.right} height={H - PAD.top - PAD.bottom} fill="#fffdf6" stroke="#c9bf9f" />
      {ticks(maxX).map((v) => (
        <text x={x(v)} y={H - PAD.bottom + 16} font-size="11" text-anchor="middle" fill="#444">
          {formatNumber(v)}
        </text>
      ))}
      {ticks(maxY).map((v) => (
        <text x={PAD.left - 6} y={y(v) + 4} font-size="11" text-anchor="end" fill="#444">
          {formatNumber(v)}
        </text>
      ))}
      <text x={(W + PAD.left) / 2} y={H - 6} font-size="12" text-anchor="middle" fill="#222">
        {xLabel}
      </text>
      <text transform={`translate(14 ${(H - PAD.bottom) / 2}) rotate(-90)`} font-size="12" text-anchor="middle" fill="#222">
        {t('audit.scatterY')}
      </text>
      <line
        x1={PAD.left}
        x2={W - PAD.right}
        y1={y(strong)}
        y2={y(strong)}
        stroke="#b71c1c"
        stroke-dasharray="6 4"
        data-threshold="strong"
      />
      <text x={W - PAD.right - 4} y={y(strong) - 4} font-size="11" text-anchor="end" fill="#b71c1c">
        {t('audit.strongLine')}
      </text>
      {review !== null && (
        <>
          <line
            x1={PAD.left}
            x2={W - PAD.right}
            y1={y(review)}
            y2={y(review)}
            stroke="#e65100"
            stroke-dasharray="3 3"
            data-threshold="review"
          />
          <text x={W - PAD.right - 4} y={y(review) + 13} font-size="11" text-anchor="end" fill="#e65100">
            {t('audit.reviewLine')}
          </text>
        </>
      )}
      {pairs.map((p, i) => (
        <circle
          cx={x(p.hands)}
          cy={y(significance(p.p))}
          r={selected === i ? 7 : 4.5}
          fill={p.tier === 'strong' ? '#b71c1c' : p.tier === 'review' ? '#e65100' : '#5b7f6d'}
          fill-opacity="0.8"
          stroke={selected === i ? '#000' : 'none'}
          data-rank={i + 1}
          onClick={() => onSelect(i)}
        >
          <title>{`${i + 1}. ${name(p)}: ${formatNumber(p.hands)} · p ${formatProbability(p.p)}`}</title>
        </circle>
      ))}
    </svg>
  );
}
