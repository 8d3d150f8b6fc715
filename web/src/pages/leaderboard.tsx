import { useEffect, useState } from 'preact/hooks';
import { api, ok, type Schemas } from '../api.js';
import { t } from '../i18n/index.js';
import { gameName } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';

type Leader = Schemas['LeaderDto'];
const GAMES = ['doppelkopf', 'dobbm', 'droggn'] as const;

/** The leaderboard of a game: the top 100 settled ratings (provisional ones are left out). */
export function Leaderboard({ game = 'doppelkopf' }: { game?: string }) {
  const [players, setPlayers] = useState<Leader[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setPlayers(null);
    api.GET('/ratings/{game}', { params: { path: { game: game as (typeof GAMES)[number] } } }).then(
      (r) => {
        try {
          setPlayers(ok(r).players);
        } catch (err) {
          setError(refusalText(err));
        }
      },
      (err: unknown) => setError(refusalText(err)),
    );
  }, [game]);
  return (
    <section>
      <h1>{t('ratings.leaderboard', { game: gameName(game) })}</h1>
      <nav class="row" aria-label={t('history.game')}>
        {GAMES.map((g) => (
          <a href={`/ratings/${g}`} aria-current={g === game ? 'page' : undefined}>
            {gameName(g)}
          </a>
        ))}
      </nav>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {players?.length === 0 && <p class="note">{t('ratings.noneYet')}</p>}
      {players && players.length > 0 && (
        <table class="list" data-testid="leaderboard">
          <thead>
            <tr>
              <th>{t('ratings.rank')}</th>
              <th>{t('ratings.player')}</th>
              <th>{t('ratings.rating')}</th>
              <th>{t('ratings.hands')}</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p, i) => (
              <tr data-player={p.id}>
                <td>{i + 1}</td>
                <td>
                  <a href={`/players/${p.id}`}>{p.bot ? t('ratings.bot', { strength: t(`seats.strengths.${p.bot}`) }) : p.name}</a>
                </td>
                <td>{p.rating}</td>
                <td>{p.hands}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
