import { useEffect, useState } from 'preact/hooks';
import { api, ok, type Game } from '../api.js';
import { t } from '../i18n/index.js';
import { gameName, optionLabel, optionValue, type GameId } from '../phrasebook/index.js';
import { Words } from '../phrasebook/terms.js';
import type { RulesContent } from '../rules/en.js';
import { optionHelp, useRules } from '../rules/index.js';

const GAMES: GameId[] = ['dobbm', 'droggn', 'doppelkopf'];
const isGame = (g: string | undefined): g is GameId => GAMES.includes(g as GameId);

/** The rules for players: `/rules` lists the games, `/rules/{game}` tells one game's rules and every option. */
export function RulesPage({ game }: { game?: string }) {
  const texts = useRules();
  return (
    <section class="rules">
      <nav class="row" aria-label={t('rules.games')}>
        {GAMES.map((g) => (
          <a href={`/rules/${g}`} aria-current={g === game ? 'page' : undefined}>
            {t('rules.of', { game: gameName(g) })}
          </a>
        ))}
      </nav>
      {isGame(game) ? (
        <GameRules game={game} texts={texts} />
      ) : (
        <>
          <h1>{t('rules.title')}</h1>
          <p>{t('rules.choose')}</p>
        </>
      )}
    </section>
  );
}

function GameRules({ game, texts }: { game: GameId; texts: RulesContent | null }) {
  const [options, setOptions] = useState<Game['options'] | null>(null);
  useEffect(() => {
    api.GET('/games').then(
      (r) => setOptions(ok(r).find((g) => g.id === game)?.options ?? []),
      () => setOptions([]),
    );
  }, [game]);
  if (!texts) return <p>{t('app.loading')}</p>;
  const rules = texts[game];
  return (
    <article data-testid="rules" data-game={game}>
      <h1>{t('rules.of', { game: gameName(game) })}</h1>
      <p>
        <Words text={rules.intro} />
      </p>
      <nav aria-label={t('rules.contents')}>
        <ul class="contents">
          {rules.sections.map((s) => (
            <li>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
          <li>
            <a href="#options">{t('rules.options')}</a>
          </li>
        </ul>
      </nav>
      {rules.sections.map((s) => (
        <section id={s.id}>
          <h2>{s.title}</h2>
          {s.body.map((part) =>
            typeof part === 'string' ? (
              <p>
                <Words text={part} />
              </p>
            ) : (
              <ul>
                {part.map((item) => (
                  <li>
                    <Words text={item} />
                  </li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
      <section id="options">
        <h2>{t('rules.options')}</h2>
        <p class="note">{t('rules.optionsNote')}</p>
        <dl class="option-help">
          {(options ?? []).map((o) => (
            <>
              <dt id={`option-${o.name}`}>{optionLabel(game, o.name)}</dt>
              <dd>
                <Words text={optionHelp(texts, game, o.name) ?? ''} />{' '}
                <span class="note">{t('create.default', { value: optionValue(o.default) })}</span>
              </dd>
            </>
          ))}
        </dl>
      </section>
    </article>
  );
}
