import type { ComponentChildren, JSX } from 'preact';
import { t } from '../i18n/index.js';
import { CourtFigure, type Figure } from './figures.js';
import { SuitSymbol, suitColour, type Symbol } from './suits.js';

/** Every card is drawn in a 60 × 90 box; CSS decides how large it appears. */
const W = 60;
const H = 90;

/** Pip positions (centres) for 1–10 pips, in the card's box. */
const PIPS: Record<number, [number, number][]> = {
  1: [[30, 45]],
  2: [
    [30, 24],
    [30, 66],
  ],
  3: [
    [30, 22],
    [30, 45],
    [30, 68],
  ],
  4: [
    [20, 24],
    [40, 24],
    [20, 66],
    [40, 66],
  ],
  5: [
    [20, 24],
    [40, 24],
    [30, 45],
    [20, 66],
    [40, 66],
  ],
  6: [
    [20, 22],
    [40, 22],
    [20, 45],
    [40, 45],
    [20, 68],
    [40, 68],
  ],
  7: [
    [20, 22],
    [40, 22],
    [30, 33],
    [20, 45],
    [40, 45],
    [20, 68],
    [40, 68],
  ],
  8: [
    [20, 22],
    [40, 22],
    [30, 33],
    [20, 45],
    [40, 45],
    [30, 57],
    [20, 68],
    [40, 68],
  ],
  9: [
    [20, 20],
    [40, 20],
    [20, 37],
    [40, 37],
    [30, 45],
    [20, 53],
    [40, 53],
    [20, 70],
    [40, 70],
  ],
  10: [
    [20, 20],
    [40, 20],
    [30, 29],
    [20, 37],
    [40, 37],
    [20, 53],
    [40, 53],
    [30, 61],
    [20, 70],
    [40, 70],
  ],
};

/** The white card with its label in two corners (the lower one upside down) and `children` inside. */
export function CardFrame({
  label,
  symbol,
  title,
  children,
}: {
  label: string;
  symbol: Symbol | null;
  title: string;
  children: ComponentChildren;
}): JSX.Element {
  const colour = symbol ? suitColour(symbol) : '#1b1b1b';
  const size = label.length > 3 ? 7 : label.length > 2 ? 8.5 : 11;
  const corner = (
    <g>
      <text x="7" y="12" font-size={size} font-weight="700" text-anchor="middle" fill={colour} font-family="Georgia, serif">
        {label}
      </text>
      {symbol && <SuitSymbol symbol={symbol} x={3} y={15} size={8} />}
    </g>
  );
  return (
    <svg viewBox={`0 0 ${W} ${H}`} class="card-svg" role="img" aria-label={title}>
      <title>{title}</title>
      <rect x="0.75" y="0.75" width={W - 1.5} height={H - 1.5} rx="5" fill="#fffdf6" stroke="#6b6b6b" stroke-width="1" />
      {corner}
      <g transform={`rotate(180 ${W / 2} ${H / 2})`}>{corner}</g>
      {children}
    </svg>
  );
}

/** `n` pips of `symbol` in the usual layout. */
export function Pips({ n, symbol }: { n: number; symbol: Symbol }): JSX.Element {
  const size = n === 1 ? 26 : n > 8 ? 10 : 12;
  return (
    <g>
      {(PIPS[n] ?? PIPS[1]).map(([cx, cy]) => (
        <SuitSymbol symbol={symbol} x={cx - size / 2} y={cy - size / 2} size={size} />
      ))}
    </g>
  );
}

/** A court card: a framed panel with its figure (figures.tsx) and, but for the Ober and Unter who hold theirs, the suit sign above. */
export function Court({ figure, symbol, band }: { figure: Figure; symbol: Symbol; band: string }): JSX.Element {
  return (
    <g>
      <rect x="14" y="15" width="32" height="60" rx="3" fill={band} stroke="#6b6b6b" stroke-width="0.6" />
      {figure !== 'ober' && figure !== 'unter' && <SuitSymbol symbol={symbol} x={16} y={17} size={8} />}
      <CourtFigure figure={figure} symbol={symbol} />
    </g>
  );
}

/** The back of any card, the same for every pack. */
export function CardBack(): JSX.Element {
  return (
    <svg viewBox={`0 0 ${W} ${H}`} class="card-svg" role="img" aria-label={t('cards.back')}>
      <rect x="0.75" y="0.75" width={W - 1.5} height={H - 1.5} rx="5" fill="#1f5f46" stroke="#0f3325" stroke-width="1" />
      <rect x="5" y="5" width={W - 10} height={H - 10} rx="3" fill="none" stroke="#d9c27a" stroke-width="1" />
      <path d="M30 14 50 45 30 76 10 45Z" fill="none" stroke="#d9c27a" stroke-width="1.2" />
      <path d="M30 26 42 45 30 64 18 45Z" fill="#d9c27a" opacity="0.6" />
    </svg>
  );
}
