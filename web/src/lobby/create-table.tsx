import { useEffect, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, ok, type Game, type RuleOption } from '../api.js';
import { t } from '../i18n/index.js';
import { gameName, optionLabel, optionValue, type GameId } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { Words } from '../phrasebook/terms.js';
import { optionHelp, useRules } from '../rules/index.js';

type Value = string | number | boolean | null;

/** A dependent option only matters while the option it depends on has its value. */
const applies = (o: RuleOption, values: Record<string, Value>) => !o.dependsOn || values[o.dependsOn.option] === o.dependsOn.value;

/** A table's turn clock preset (GET /games `turnClocks`). */
type Clock = 'relaxed' | 'normal' | 'off';

/** The create-table form, built from the engines' own option schemas (GET /games). */
export function CreateTable() {
  const [games, setGames] = useState<Game[]>([]);
  const [gameId, setGameId] = useState<Game['id']>('dobbm');
  const [values, setValues] = useState<Record<string, Value>>({});
  const [error, setError] = useState<string | null>(null);
  const [clock, setClock] = useState<Clock>('normal');
  const [rated, setRated] = useState(true);
  // Whoever opens a table usually plays at it: seated in the first seat unless they choose to only host.
  const [sitDown, setSitDown] = useState(true);
  const { route } = useLocation();
  const rules = useRules();

  useEffect(() => {
    api.GET('/games').then(
      (r) => setGames(ok(r)),
      (e) => setError(refusalText(e)),
    );
  }, []);
  const game = games.find((g) => g.id === gameId);
  useEffect(() => {
    if (game) setValues(Object.fromEntries(game.options.map((o) => [o.name, o.default as Value])));
  }, [game]);

  async function submit(e: Event) {
    e.preventDefault();
    if (!game) return;
    setError(null);
    // Only what differs from the defaults; the API echoes the complete profile.
    const rules = Object.fromEntries(
      game.options.filter((o) => applies(o, values) && values[o.name] !== o.default).map((o) => [o.name, values[o.name]]),
    );
    try {
      const table = ok(await api.POST('/tables', { body: { game: game.id, rules, clock, rated } }));
      if (sitDown) ok(await api.POST('/tables/{id}/seats', { params: { path: { id: table.id } }, body: { seat: 0 } }));
      route(`/tables/${table.id}`);
    } catch (err) {
      setError(refusalText(err));
    }
  }

  return (
    // noValidate: the API judges the profile (one place for the rules) and its message is shown.
    <form class="panel" onSubmit={submit} aria-label={t('create.title')} noValidate>
      <h2>{t('create.title')}</h2>
      <div class="row">
        <label>
          {t('create.game')}{' '}
          <select
            name="game"
            aria-label={t('create.gameOfNewTable')}
            value={gameId}
            onChange={(e) => setGameId(e.currentTarget.value as Game['id'])}
          >
            {games.map((g) => (
              <option value={g.id}>{gameName(g.id)}</option>
            ))}
          </select>
        </label>
        <a href={`/rules/${gameId}`} data-testid="rules-link">
          {t('rules.of', { game: gameName(gameId) })}
        </a>
      </div>
      {game && (
        <p class="row">
          <label>
            {t('create.clock')}{' '}
            <select name="clock" value={clock} onChange={(e) => setClock(e.currentTarget.value as Clock)}>
              {game.turnClocks.map((c) => (
                <option value={c.name}>
                  {c.seconds === null ? t('create.clockOff') : t(`create.clock_${c.name as Exclude<Clock, 'off'>}`, { seconds: c.seconds })}
                </option>
              ))}
            </select>
          </label>{' '}
          <span class="note">{t('create.clockExplain')}</span>
        </p>
      )}
      {game && (
        <p class="row">
          <label>
            <input type="checkbox" name="rated" checked={rated} onChange={(e) => setRated(e.currentTarget.checked)} /> {t('ratings.rated')}
          </label>
        </p>
      )}
      {game && (
        <details>
          <summary>{t('create.options', { count: game.options.length })}</summary>
          <div class="options">
            {game.options.map((o) => (
              <OptionField
                game={game.id as GameId}
                option={o}
                help={optionHelp(rules, game.id as GameId, o.name)}
                value={values[o.name] ?? null}
                disabled={!applies(o, values)}
                onChange={(v) => setValues({ ...values, [o.name]: v })}
              />
            ))}
          </div>
        </details>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p class="row">
        <label>
          <input type="checkbox" name="sitDown" checked={sitDown} onChange={(e) => setSitDown(e.currentTarget.checked)} />{' '}
          {t('create.sitDown')}
        </label>
        <button class="primary" type="submit" disabled={!game}>
          {t('create.submit')}
        </button>
      </p>
    </form>
  );
}

function OptionField({
  game,
  option: o,
  help,
  value,
  disabled,
  onChange,
}: {
  game: GameId;
  option: RuleOption;
  help: string | null;
  value: Value;
  disabled: boolean;
  onChange: (v: Value) => void;
}) {
  const id = `opt-${o.name}`;
  const [explained, setExplained] = useState(false);
  let control;
  if (o.type === 'boolean') {
    control = (
      <input id={id} type="checkbox" checked={value === true} disabled={disabled} onChange={(e) => onChange(e.currentTarget.checked)} />
    );
  } else if (o.type === 'enum') {
    const values = o.values ?? [];
    control = (
      <select
        id={id}
        disabled={disabled}
        value={String(value)}
        onChange={(e) => onChange(values.find((v) => String(v) === e.currentTarget.value) ?? null)}
      >
        {values.map((v) => (
          <option value={String(v)}>{optionValue(v)}</option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        id={id}
        type="number"
        disabled={disabled}
        min={o.minimum}
        max={o.maximum}
        placeholder={o.nullable ? t('create.unlimited') : ''}
        value={value === null ? '' : String(value)}
        onInput={(e) => onChange(e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
      />
    );
  }
  const dependsOn = o.dependsOn;
  return (
    <div class="option">
      <span>
        <label for={id}>{optionLabel(game, o.name)}</label>{' '}
        {help && (
          <button
            type="button"
            class="link explain"
            aria-expanded={explained}
            aria-controls={`${id}-help`}
            title={t('rules.explain')}
            aria-label={`${t('rules.explain')} ${optionLabel(game, o.name)}`}
            onClick={() => setExplained(!explained)}
          >
            ?
          </button>
        )}
      </span>
      {control}
      <span class="note">
        {t('create.default', { value: optionValue(o.default) })}
        {dependsOn && <> {t('create.appliesWhen', { option: optionLabel(game, dependsOn.option), value: optionValue(dependsOn.value) })}</>}
      </span>
      {o.recommended !== undefined && (
        <span class="note recommended" title={t('create.recommendedWhy')}>
          {t('create.recommended', { value: optionValue(o.recommended) })}{' '}
          <button type="button" disabled={disabled || value === o.recommended} onClick={() => onChange(o.recommended!)}>
            {t('create.useRecommended')}
          </button>
        </span>
      )}
      {help && explained && (
        <p class="option-help" id={`${id}-help`} data-testid="option-help">
          <Words text={help} />
        </p>
      )}
    </div>
  );
}
