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
  if (code[0] === 'T') return <Trump n={Number(code.slice(1))} title={title} />;
  return <FrenchSuitCard suitCode={code[0]!} rank={code.slice(1)} title={title} />;
}

const NAVY = '#1d2d5a';
const CREAM = '#fffdf6';
const GOLD = '#e0a800';

/** An eight-pointed star, the emblem of the plain trumps. */
const STAR = 'M30 23 31.9 27.4 36.4 26.6 33.5 30 36.4 33.4 31.9 32.6 30 37 28.1 32.6 23.6 33.4 26.5 30 23.6 26.6 28.1 27.4Z';

/**
 * A trump: a dark face of its own, unlike any suit card, with the conventional Roman numeral in
 * cream and an emblem above it — the star, the Pagat's juggler's hat (I), the Mond's moon (XXI).
 */
function Trump({ n, title }: { n: number; title: string }): JSX.Element {
  const numeral = roman(n);
  const named = n === 1 || n === 21;
  return (
    <CardFrame label={String(n)} symbol={null} title={title}>
      <g data-trump={n}>
        <rect x="9" y="17" width="42" height="56" rx="3" fill={NAVY} stroke="#0d1838" stroke-width="0.8" />
        <rect x="11.5" y="19.5" width="37" height="51" rx="2" fill="none" stroke={GOLD} stroke-width="0.6" />
        {n === 21 && <path d="M34 22A9 9 0 1 0 34 38 7 7 0 1 1 34 22Z" fill={GOLD} />}
        {n === 1 && (
          <g>
            <path d="M22 33 24 24 28 29 30 22 32 29 36 24 38 33Z" fill={GOLD} />
            <circle cx="24" cy="24" r="1.2" fill={CREAM} />
            <circle cx="36" cy="24" r="1.2" fill={CREAM} />
            <circle cx="30" cy="22" r="1.2" fill={CREAM} />
          </g>
        )}
        {!named && <path d={STAR} fill={GOLD} />}
        <text
          x="30"
          y={named ? 54 : 57}
          font-size={numeral.length > 3 ? 11 : 15}
          font-weight="700"
          text-anchor="middle"
          fill={CREAM}
          font-family="Georgia, serif"
        >
          {numeral}
        </text>
        {named && (
          <text x="30" y="65.5" font-size="7" text-anchor="middle" fill={CREAM} font-family="Georgia, serif">
            {n === 1 ? 'Pagat' : 'Mond'}
          </text>
        )}
      </g>
    </CardFrame>
  );
}
