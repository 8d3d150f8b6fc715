import type { JSX } from 'preact';
import { fourColours } from '../table/settings.js';

/**
 * Suit symbols drawn for the project, each in a 20 × 20 box: the French ones (hearts, spades,
 * clubs, diamonds) and the German ones of the Tell pack (Herz, Laub, Eichel, Schellen).
 */
export type Symbol = 'heart' | 'spade' | 'club' | 'diamond' | 'leaf' | 'acorn' | 'bell';

const HEART =
  'M10 18.5C3 13 0 9 0 5.3 0 2.3 2.4 0 5.2 0 7.4 0 9.1 1.3 10 3.2 10.9 1.3 12.6 0 14.8 0 17.6 0 20 2.3 20 5.3 20 9 17 13 10 18.5Z';
const SPADE =
  'M10 0C13.5 4.6 20 7.7 20 12.4 20 15.3 17.8 17 15.5 17 13.7 17 12.2 16.1 11.2 14.6 11.4 16.9 12.4 18.6 14.2 20H5.8C7.6 18.6 8.6 16.9 8.8 14.6 7.8 16.1 6.3 17 4.5 17 2.2 17 0 15.3 0 12.4 0 7.7 6.5 4.6 10 0Z';
const DIAMOND = 'M10 0 17.5 10 10 20 2.5 10Z';
const CLUB =
  'M10 0A4.6 4.6 0 0 1 13.9 7 4.6 4.6 0 1 1 11.3 14.3C11.5 16.6 12.4 18.5 14.2 20H5.8C7.6 18.5 8.5 16.6 8.7 14.3A4.6 4.6 0 1 1 6.1 7 4.6 4.6 0 0 1 10 0Z';
const LEAF = 'M10 0C17.5 4.5 19.5 11.5 10.8 18.2V20H9.2V18.2C.5 11.5 2.5 4.5 10 0Z';

const SUIT_COLOURS: Record<Symbol, string> = {
  heart: '#c62828',
  diamond: '#c62828',
  spade: '#1b1b1b',
  club: '#1b1b1b',
  leaf: '#2e7d32',
  acorn: '#8d5a2b',
  bell: '#d99a00',
};

/** Four colours on demand for the French suits: clubs green, diamonds blue, so that no two suits share a colour. */
const FOUR_COLOURS: Partial<Record<Symbol, string>> = { club: '#1b7a2e', diamond: '#1f4fb0' };

/** The colour a suit is drawn in, following the device's four-colour setting. */
export const suitColour = (symbol: Symbol): string => (fourColours.value && FOUR_COLOURS[symbol]) || SUIT_COLOURS[symbol];

/** One suit symbol at (x, y) (its top-left corner), `size` wide. */
export function SuitSymbol({ symbol, x, y, size }: { symbol: Symbol; x: number; y: number; size: number }): JSX.Element {
  const k = size / 20;
  const transform = `translate(${x} ${y}) scale(${k})`;
  const colour = suitColour(symbol);
  switch (symbol) {
    case 'heart':
      return <path transform={transform} d={HEART} fill={colour} />;
    case 'spade':
      return <path transform={transform} d={SPADE} fill={colour} />;
    case 'diamond':
      return <path transform={transform} d={DIAMOND} fill={colour} />;
    case 'club':
      return <path transform={transform} d={CLUB} fill={colour} />;
    case 'leaf':
      return (
        <g transform={transform}>
          <path d={LEAF} fill={colour} />
          <path d="M10 3.5V16M10 8 6.5 5.5M10 8 13.5 5.5M10 12 6 9.5M10 12 14 9.5" stroke="#a5d6a7" stroke-width="0.8" fill="none" />
        </g>
      );
    case 'acorn':
      return (
        <g transform={transform}>
          <ellipse cx="10" cy="12.6" rx="5.4" ry="6.8" fill="#c9963b" />
          <path d="M2.8 9.2C2.8 3.6 17.2 3.6 17.2 9.2Z" fill={colour} />
          <path d="M4.5 7.5H15.5M6 5.6H14" stroke="#5d3a17" stroke-width="0.7" />
          <path d="M10 1V4" stroke={colour} stroke-width="1.6" />
        </g>
      );
    case 'bell':
      return (
        <g transform={transform}>
          <circle cx="10" cy="11" r="8.2" fill={colour} />
          <path d="M2.3 8.6H17.7M2.3 11.2H17.7" stroke="#b71c1c" stroke-width="1.3" />
          <circle cx="10" cy="15.3" r="1.4" fill="#5d4000" />
          <path d="M10 15.3V19" stroke="#5d4000" stroke-width="0.9" />
          <circle cx="10" cy="2.2" r="1.6" fill="none" stroke={colour} stroke-width="1" />
        </g>
      );
  }
}
