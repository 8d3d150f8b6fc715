import type { JSX } from 'preact';
import { cardName } from '../phrasebook/cards.js';
import { CardFrame, Court, Pips } from './frame.js';
import { SuitSymbol, type Symbol } from './suits.js';

/** Dobbm's German-suited Tell pack (docs/rules/dobbm.md#cards): `HS`, `A10`, `BO`, `L6`; `B6` is the Weli. */
const SUITS: Record<string, { symbol: Symbol }> = {
  H: { symbol: 'heart' },
  L: { symbol: 'leaf' },
  A: { symbol: 'acorn' },
  B: { symbol: 'bell' },
};

export function GermanCard({ code }: { code: string }): JSX.Element {
  const suit = SUITS[code[0]!] ?? SUITS.H!;
  const rank = code.slice(1);
  const title = cardName('dobbm', code);
  if (code === 'B6') {
    return (
      <CardFrame label="W" symbol="bell" title={title}>
        <Pips n={6} symbol="bell" />
        <rect x="12" y="38" width="36" height="14" rx="2" fill="#fff3c4" stroke="#b71c1c" stroke-width="0.8" />
        <text x="30" y="48.5" font-size="10" font-weight="700" text-anchor="middle" fill="#b71c1c" font-family="Georgia, serif">
          Weli
        </text>
      </CardFrame>
    );
  }
  let inner: JSX.Element;
  if (rank === 'S') {
    inner = (
      <g>
        <SuitSymbol symbol={suit.symbol} x={16} y={22} size={28} />
        <text x="30" y="68" font-size="10" text-anchor="middle" fill="#333" font-family="Georgia, serif">
          Sau
        </text>
      </g>
    );
  } else if (rank === 'K' || rank === 'O' || rank === 'U') {
    const figure = rank === 'K' ? 'king' : rank === 'O' ? 'ober' : 'unter';
    inner = <Court figure={figure} symbol={suit.symbol} band={rank === 'K' ? '#f7e3a1' : rank === 'O' ? '#e3eefa' : '#f2e0e0'} />;
  } else {
    inner = <Pips n={Number(rank)} symbol={suit.symbol} />;
  }
  return (
    <CardFrame label={rank} symbol={suit.symbol} title={title}>
      {inner}
    </CardFrame>
  );
}
