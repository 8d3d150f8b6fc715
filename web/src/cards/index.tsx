import type { JSX } from 'preact';
import type { GameId } from '../phrasebook/cards.js';
import { CardBack } from './frame.js';
import { FrenchCard } from './french.js';
import { GermanCard } from './german.js';
import { TarockCard } from './tarock.js';

export type { GameId };

/** The pack each game is played with. */
const FACES: Record<GameId, (p: { code: string }) => JSX.Element> = {
  dobbm: GermanCard,
  droggn: TarockCard,
  doppelkopf: FrenchCard,
};

/** A card face of `game`'s pack, or its back when `code` is null (a card the viewer may not see). */
export function Card({ game, code }: { game: GameId; code: string | null }): JSX.Element {
  if (code === null) return <CardBack />;
  const Face = FACES[game];
  return <Face code={code} />;
}
