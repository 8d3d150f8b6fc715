import type { JSX } from 'preact';
import { CardFrame } from './frame.js';
import { cardName } from '../phrasebook/cards.js';
import { FrenchSuitCard } from './french.js';
import { roman } from './roman.js';

/** Droggn's Tarock pack (docs/rules/droggn.md#cards): trumps `T1` (Pagat) … `T21` (Mond), the Gstieß `GS`, four suits with Reiter. */

export function TarockCard({ code }: { code: string }): JSX.Element {
  const title = cardName('droggn', code);
  if (code === 'GS') {
    return (
      <CardFrame label="G" symbol={null} title={title}>
        <path d="M30 22 34.5 37 50 37 37.5 46 42 61 30 52 18 61 22.5 46 10 37 25.5 37Z" fill="#7b1fa2" />
        <text x="30" y="76" font-size="9" text-anchor="middle" fill="#333" font-family="Georgia, serif">
          Gstieß
        </text>
      </CardFrame>
    );
  }
  if (code[0] === 'T') {
    const n = Number(code.slice(1));
    const numeral = roman(n);
    return (
      <CardFrame label={String(n)} symbol={null} title={title}>
        <rect x="11" y="20" width="38" height="50" rx="3" fill="#eef3fb" stroke="#4a5d8a" stroke-width="0.8" />
        {n === 21 && <path d="M34 27A11 11 0 1 0 34 47 8.5 8.5 0 1 1 34 27Z" fill="#e0a800" />}
        {n === 1 && <circle cx="30" cy="35" r="6" fill="none" stroke="#4a5d8a" stroke-width="1.5" />}
        <text
          x="30"
          y={n === 1 || n === 21 ? 60 : 51}
          font-size={numeral.length > 3 ? 11 : 15}
          font-weight="700"
          text-anchor="middle"
          fill="#1d2d5a"
          font-family="Georgia, serif"
        >
          {numeral}
        </text>
        {(n === 1 || n === 21) && (
          <text x="30" y="67.5" font-size="6.5" text-anchor="middle" fill="#1d2d5a" font-family="Georgia, serif">
            {n === 1 ? 'Pagat' : 'Mond'}
          </text>
        )}
      </CardFrame>
    );
  }
  return <FrenchSuitCard suitCode={code[0]!} rank={code.slice(1)} title={title} />;
}
