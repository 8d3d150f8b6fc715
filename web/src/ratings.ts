import { useEffect, useState } from 'preact/hooks';
import { api, ok, type Schemas } from './api.js';

export type PlayerRating = Schemas['RatingDto'];

/** A rating as the page shows it: "1536", or "1500?" while provisional (docs/ratings.md), as Lichess does. */
export const ratingText = (r: Pick<PlayerRating, 'rating' | 'provisional'>): string => `${r.rating}${r.provisional ? '?' : ''}`;

/** The ratings asked for, each once per page and `version` (a hand ended: asked again). */
const asked = new Map<string, Promise<PlayerRating[]>>();
export function ratingsOf(playerId: string, version = 0): Promise<PlayerRating[]> {
  const key = `${playerId}@${version}`;
  let got = asked.get(key);
  if (!got) {
    got = api.GET('/players/{id}/ratings', { params: { path: { id: playerId } } }).then(
      (r) => ok(r).ratings,
      () => [],
    );
    asked.set(key, got);
  }
  return got;
}

/** The game's rating of each of `ids` as it arrives, as text ("1500?"); none for a player without one. */
export function useRatings(ids: readonly (string | null)[], game: string, version = 0): (id: string | null) => string | null {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const key = [...new Set(ids.filter((id): id is string => !!id))].sort().join();
  useEffect(() => {
    let stopped = false;
    for (const id of key ? key.split(',') : []) {
      void ratingsOf(id, version).then((rs) => {
        const r = rs.find((x) => x.game === game);
        if (r && !stopped) setTexts((t) => ({ ...t, [id]: ratingText(r) }));
      });
    }
    return () => {
      stopped = true;
    };
  }, [key, game, version]);
  return (id) => (id ? (texts[id] ?? null) : null);
}
