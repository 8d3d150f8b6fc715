import type { JSX } from 'preact';
import { t } from '../i18n/index.js';
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
/** The court cards of a French-suited pack, the Tarock's Reiter (rider) among them: each with its figure. */
const COURT: Record<'J' | 'Q' | 'R' | 'K', { figure: Figure; band: string }> = {
  J: { figure: 'jack', band: '#f2e0e0' },
  Q: { figure: 'queen', band: '#e3eefa' },
  R: { figure: 'rider', band: '#e4f2e1' },
  K: { figure: 'king', band: '#f7e3a1' },
};

/** A rank's corner index in the reader's language (Bube, Dame … on a German page; Jack, Queen … on an English one). */
const indexOf = (rank: 'J' | 'Q' | 'R' | 'K' | 'A'): string => t(`cards.french.index.${rank}`);

/** A card of one French suit: `rank` is a court letter (J Q R K), `A`, or a number. */
export function FrenchSuitCard({ suitCode, rank, title }: { suitCode: string; rank: string; title: string }): JSX.Element {
  const suit = FRENCH_SUITS[suitCode] ?? FRENCH_SUITS.H!;
  const court = rank in COURT ? COURT[rank as keyof typeof COURT] : undefined;
  if (court) {
    return (
      <CardFrame label={indexOf(rank as keyof typeof COURT)} symbol={suit.symbol} title={title}>
        <Court figure={court.figure} symbol={suit.symbol} band={court.band} />
      </CardFrame>
    );
  }
  if (rank === 'A' || rank === '1') {
    return (
      <CardFrame label={indexOf('A')} symbol={suit.symbol} title={title}>
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
