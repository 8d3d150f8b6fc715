import type { JSX } from 'preact';
import { cardName } from '../phrasebook/cards.js';
import type { Figure } from './figures.js';
import { CardFrame, Court, Pips } from './frame.js';
import { SuitSymbol, type Symbol } from './suits.js';

/** French suits, as Doppelkopf (`CQ`, `H10`, `DA`) and Droggn's four suits (`SK`, `HR`, `D1`) code them. */
const FRENCH_SUITS: Record<string, { symbol: Symbol }> = {
  C: { symbol: 'club' },
  S: { symbol: 'spade' },
  H: { symbol: 'heart' },
  D: { symbol: 'diamond' },
};
/** German indices on French-suited cards: Bube, Dame, König, Ass; the Tarock's Reiter (rider). Each with its figure. */
const COURT: Record<string, { letter: string; figure: Figure; band: string }> = {
  J: { letter: 'B', figure: 'jack', band: '#f2e0e0' },
  Q: { letter: 'D', figure: 'queen', band: '#e3eefa' },
  R: { letter: 'R', figure: 'rider', band: '#e4f2e1' },
  K: { letter: 'K', figure: 'king', band: '#f7e3a1' },
};

/** A card of one French suit: `rank` is a court letter (J Q R K), `A`, or a number. */
export function FrenchSuitCard({ suitCode, rank, title }: { suitCode: string; rank: string; title: string }): JSX.Element {
  const suit = FRENCH_SUITS[suitCode] ?? FRENCH_SUITS.H!;
  const court = COURT[rank];
  if (court) {
    return (
      <CardFrame label={court.letter} symbol={suit.symbol} title={title}>
        <Court figure={court.figure} symbol={suit.symbol} band={court.band} />
      </CardFrame>
    );
  }
  if (rank === 'A' || rank === '1') {
    return (
      <CardFrame label="A" symbol={suit.symbol} title={title}>
        <SuitSymbol symbol={suit.symbol} x={16} y={31} size={28} />
      </CardFrame>
    );
  }
  return (
    <CardFrame label={rank} symbol={suit.symbol} title={title}>
      <Pips n={Number(rank)} symbol={suit.symbol} />
    </CardFrame>
  );
}

/** Doppelkopf's French-suited pack (docs/rules/doppelkopf.md#cards). */
export function FrenchCard({ code }: { code: string }): JSX.Element {
  return <FrenchSuitCard suitCode={code[0]!} rank={code.slice(1)} title={cardName('doppelkopf', code)} />;
}
