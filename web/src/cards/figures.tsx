import type { JSX } from 'preact';
import { SuitSymbol, suitColour, type Symbol } from './suits.js';

/**
 * The court cards' figures, told apart at a glance as on printed packs: the King crowned, the
 * Queen (Dame) with a tiara and long hair, the Jack (Bube) in a feathered cap, the Tarock's Reiter
 * (rider) on a horse; in the German pack the Ober with his suit sign held high and the Unter with
 * it held low. Each stands in the court panel of a 60 × 90 card.
 */
export type Figure = 'king' | 'queen' | 'jack' | 'rider' | 'ober' | 'unter';

const SKIN = '#f3d2b3';
const OUTLINE = '#5d4037';
const GOLD = '#e0a800';

/** Head and shoulders in the suit's colour (so the four-colour option dresses them too). */
function Bust({ robe, headY = 44 }: { robe: string; headY?: number }): JSX.Element {
  return (
    <g>
      <path d={`M17 73C17 ${headY + 15} 22 ${headY + 9} 30 ${headY + 9}S43 ${headY + 15} 43 73Z`} fill={robe} />
      <path d={`M26 ${headY + 9}L30 ${headY + 15}L34 ${headY + 9}`} fill="none" stroke="#fffdf6" stroke-width="1.2" />
      <circle cx="30" cy={headY} r="6.5" fill={SKIN} stroke={OUTLINE} stroke-width="0.7" />
    </g>
  );
}

const CROWN = 'M22.5 38.5V30L26.2 34 30 27.5 33.8 34 37.5 30V38.5Z';

function King({ robe }: { robe: string }): JSX.Element {
  return (
    <g>
      <Bust robe={robe} />
      <path d={CROWN} fill={GOLD} stroke="#8a6400" stroke-width="0.6" />
      <circle cx="30" cy="27.5" r="1.1" fill="#b71c1c" />
    </g>
  );
}

function Queen({ robe }: { robe: string }): JSX.Element {
  return (
    <g>
      {/* long hair falling to the shoulders behind the head */}
      <path d="M22.5 44C22.5 35 37.5 35 37.5 44V55H22.5Z" fill="#8d5a2b" />
      <Bust robe={robe} />
      <path d="M24.5 38.6Q30 31.5 35.5 38.6Z" fill={GOLD} stroke="#8a6400" stroke-width="0.6" />
      <circle cx="30" cy="34.4" r="1.3" fill="#1f4fb0" />
    </g>
  );
}

function Jack({ robe }: { robe: string }): JSX.Element {
  return (
    <g>
      <Bust robe={robe} />
      <path d="M23 40Q23.5 33 30 33T37 40Z" fill="#2e7d32" stroke={OUTLINE} stroke-width="0.5" />
      <path d="M35 35C38 31 41 28 44 27" fill="none" stroke="#b71c1c" stroke-width="1.6" stroke-linecap="round" />
    </g>
  );
}

/** The Tarock's Reiter: a horse's head and neck, the rider's suit above. */
function Rider({ robe }: { robe: string }): JSX.Element {
  return (
    <g>
      <path
        d="M20 73V62C20 51 24 43 31 38L32 33 35 37C40 39 44 45 43 51L41 53 35 50C33 55 35 64 39 73Z"
        fill="#8d6e63"
        stroke={OUTLINE}
        stroke-width="0.7"
      />
      <path d="M31 38C27 45 24 53 24 63" fill="none" stroke={robe} stroke-width="2.4" />
      <circle cx="36.5" cy="42.5" r="1.1" fill="#1b1b1b" />
    </g>
  );
}

/**
 * The Ober and the Unter: a figure in a hat, its suit sign held above its head (Ober) or low on a
 * light shield before its robe (Unter), so that the sign never disappears into a robe of its colour.
 */
function OberUnter({ robe, symbol, high }: { robe: string; symbol: Symbol; high: boolean }): JSX.Element {
  if (high)
    return (
      <g>
        <Bust robe={robe} headY={47} />
        <path d="M22.5 42.5H37.5L34.5 37.5H25.5Z" fill="#3e2723" />
        <SuitSymbol symbol={symbol} x={24} y={24} size={12} />
      </g>
    );
  return (
    <g>
      <Bust robe={robe} headY={40} />
      <path d="M23.5 36Q30 28 36.5 36Z" fill="#3e2723" />
      <circle cx="30" cy="64" r="7.5" fill="#fffdf6" stroke={OUTLINE} stroke-width="0.6" />
      <SuitSymbol symbol={symbol} x={25} y={59} size={10} />
    </g>
  );
}

/** The figure of `figure` dressed in `symbol`'s colour. */
export function CourtFigure({ figure, symbol }: { figure: Figure; symbol: Symbol }): JSX.Element {
  const robe = suitColour(symbol);
  const drawn = {
    king: () => <King robe={robe} />,
    queen: () => <Queen robe={robe} />,
    jack: () => <Jack robe={robe} />,
    rider: () => <Rider robe={robe} />,
    ober: () => <OberUnter robe={robe} symbol={symbol} high />,
    unter: () => <OberUnter robe={robe} symbol={symbol} high={false} />,
  }[figure];
  return <g data-figure={figure}>{drawn()}</g>;
}
