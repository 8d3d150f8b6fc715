import { useEffect, useState } from 'preact/hooks';
import { api, ok, type Schemas } from '../api.js';
import { formatDate, t } from '../i18n/index.js';
import { gameName } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { playerLabel } from '../player-names.js';
import { ratingsOf, ratingText, type PlayerRating } from '../ratings.js';

type Point = Schemas['RatingPointDto'];
type HandSummary = Schemas['HandSummaryDto'];

/** How many of the latest hands the recent tables are taken from. */
const RECENT_HANDS = 50;

/** A player's profile: the name, each game's rating with its course, hands played, recent tables. */
export function Profile({ id }: { id: string }) {
  const [player, setPlayer] = useState<{ name: string; bot: string | null } | null>(null);
  const [ratings, setRatings] = useState<PlayerRating[] | null>(null);
  const [hands, setHands] = useState<HandSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    (async () => {
      try {
        setPlayer(ok(await api.GET('/players/{id}', { params: { path: { id } } })));
        setRatings(await ratingsOf(id, Date.now()));
        setHands(ok(await api.GET('/players/{id}/hands', { params: { path: { id }, query: { limit: RECENT_HANDS } } })).items);
      } catch (err) {
        setError(refusalText(err));
      }
    })();
  }, [id]);
  const tables = [...new Map(hands.filter((h) => h.tableId).map((h) => [h.tableId!, h])).values()].slice(0, 10);
  return (
    <section class="profile">
      <h1>{player === null ? t('ratings.profileOf') : t('ratings.profile', { name: playerLabel(player) })}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {ratings?.length === 0 && <p class="note">{t('ratings.unrated')}</p>}
      <div class="grid2">
        {ratings?.map((r) => (
          <GameRating playerId={id} rating={r} />
        ))}
      </div>
      {tables.length > 0 && (
        <>
          <h2>{t('ratings.recentTables')}</h2>
          <ul data-testid="recent-tables">
            {tables.map((h) => (
              <li>
                <a href={`/tables/${h.tableId}`}>{gameName(h.game)}</a> <span class="note">{formatDate(h.finishedAt ?? h.createdAt)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={`/players/${id}/hands`}>{t('ratings.allHands')}</a>
      </p>
    </section>
  );
}

/** One game's rating, its hands, and the chart of its course. */
function GameRating({ playerId, rating }: { playerId: string; rating: PlayerRating }) {
  const [points, setPoints] = useState<Point[]>([]);
  useEffect(() => {
    api.GET('/players/{id}/ratings/{game}/course', { params: { path: { id: playerId, game: rating.game } } }).then(
      (r) => setPoints(ok(r).points),
      () => setPoints([]),
    );
  }, [playerId, rating.game, rating.hands]);
  return (
    <div class="panel" data-game={rating.game} data-testid="game-rating">
      <h2>{t('ratings.ratingOf', { game: gameName(rating.game) })}</h2>
      <p>
        <strong class="big" title={rating.provisional ? t('ratings.provisional') : undefined}>
          {ratingText(rating)}
        </strong>{' '}
        <span class="note">{t('ratings.handsPlayed', { count: rating.hands })}</span>
      </p>
      <Chart points={points} />
    </div>
  );
}

/** The rating after each hand as a line: 1500 dashed, the lowest and highest marked. */
function Chart({ points }: { points: Point[] }) {
  if (points.length < 2) return null;
  const W = 320;
  const H = 120;
  const values = points.map((p) => p.rating);
  const lo = Math.min(1500, ...values) - 10;
  const hi = Math.max(1500, ...values) + 10;
  const x = (i: number) => (i / (points.length - 1)) * (W - 40) + 36;
  const y = (v: number) => H - 8 - ((v - lo) / (hi - lo)) * (H - 16);
  return (
    <svg class="rating-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('ratings.course')} data-testid="rating-chart">
      <line x1={36} x2={W - 4} y1={y(1500)} y2={y(1500)} class="base" />
      <text x={0} y={y(hi - 10) + 4}>
        {Math.max(...values)}
      </text>
      <text x={0} y={y(lo + 10) + 4}>
        {Math.min(...values)}
      </text>
      <polyline points={values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
    </svg>
  );
}
