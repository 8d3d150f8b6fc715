import type { JSX } from 'preact';
import { CardBack } from './frame.js';
import { FrenchCard, frenchCardName } from './french.js';
import { GermanCard, germanCardName } from './german.js';
import { TarockCard, tarockCardName } from './tarock.js';

export type GameId = 'dobbm' | 'droggn' | 'doppelkopf';

/** The pack each game is played with. */
const PACKS: Record<GameId, { Face: (p: { code: string }) => JSX.Element; name: (code: string) => string }> = {
  dobbm: { Face: GermanCard, name: germanCardName },
  droggn: { Face: TarockCard, name: tarockCardName },
  doppelkopf: { Face: FrenchCard, name: frenchCardName },
};

export const cardName = (game: GameId, code: string): string => PACKS[game].name(code);

/** A card face of `game`'s pack, or its back when `code` is null (a card the viewer may not see). */
export function Card({ game, code }: { game: GameId; code: string | null }): JSX.Element {
  if (code === null) return <CardBack />;
  const { Face } = PACKS[game];
  return <Face code={code} />;
}
