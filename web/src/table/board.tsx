import { useEffect, useRef, useState } from 'preact/hooks';
import type { HandView, Table } from '../api.js';
import { Card, type GameId } from '../cards/index.js';
import { t } from '../i18n/index.js';
import { actionLabel, actionSentence, cardName, phaseName, selectionLabel } from '../phrasebook/index.js';
import { isStale, refusalText } from '../phrasebook/refusals.js';
import { explain } from '../phrasebook/terms.js';
import { matching, offerOf, type Action } from './actions.js';
import { modelOf, placeOf, type Trick } from './model.js';
import { seatNames, seatNumber } from './names.js';
import { Countdown, TurnClock } from './clock.js';
import { RecordList } from './record.js';
import { useRatings } from '../ratings.js';
import { GreetingBubble } from './greetings.js';
import { oneTap, quickTricks, touchScreen } from './settings.js';
import { useSubstituted } from './substituted.js';
import { useTurnAlert } from './turn-alert.js';

/** A trick just completed stays in the middle at least this long, though the next lead came at once (bots play fast). */
const COMPLETED_TRICK_MS = 1500;
/** …but shorter when the next move is already this seat's: the turn waits for the held trick, and the player should not wait long. */
const COMPLETED_TRICK_MY_TURN_MS = 600;

/** Cards each seat is dealt in Doppelkopf, whose view gives no hand sizes (a spectator counts from these). */
const dokoCardsEach = (table: Table): number => (table.rules.deck === 40 ? 10 : 12);

/** One hand at the table: the seats around it, the trick in the middle, this seat's cards and choices. */
export function Board({
  table,
  view,
  act: send,
  resync,
}: {
  table: Table;
  view: HandView;
  act: (action: Action) => Promise<void>;
  resync: () => Promise<void>;
}) {
  const game = table.game as GameId;
  const nameOf = seatNames(table);
  // Asked again for each hand: the last one moved them.
  const ratingOf = useRatings(
    table.seats.map((s) => s.playerId),
    table.game,
    view.number ?? 0,
  );
  // Presence is a person's: a bot's seat is always played.
  const isPerson = (seat: number) => Boolean(table.seats[seat]?.playerId && !table.seats[seat]?.bot);
  const m = modelOf(game, view, table.seatCount, nameOf, game === 'doppelkopf' ? dokoCardsEach(table) : null);
  const me = m.mySeat ?? 0;
  const offer = offerOf(view.legalActions);
  const [selected, setSelected] = useState<string[]>([]);
  const [buyCard, setBuyCard] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showLast, setShowLast] = useState(false);
  const substituted = useSubstituted(table, view);
  const bySubstitute = new Set(substituted.filter((e) => e.type === 'play').map((e) => `${e.seat}:${String(e.payload.card)}`));
  useEffect(() => {
    setSelected([]);
  }, [view.seq, view.id]);
  // A new trick was led: the last one closes with it.
  useEffect(() => setShowLast(false), [m.tricksPlayed, view.id]);
  // A trick just completed is held in sight for a moment, so that its last card and its winner can be seen.
  const [held, setHeld] = useState<Trick | null>(null);
  const completed = useRef({ hand: view.id, count: m.tricksPlayed });
  useEffect(() => {
    const before = completed.current;
    completed.current = { hand: view.id, count: m.tricksPlayed };
    // A new hand lets go of the last hand's trick (its timer went with the hand's last effect).
    if (before.hand !== view.id) setHeld(null);
    if (before.hand !== view.id || m.tricksPlayed <= before.count || !m.lastTrick || quickTricks.value) return;
    setHeld(m.lastTrick);
    const mine = m.mySeat !== null && view.toAct.includes(m.mySeat);
    const timer = setTimeout(() => setHeld(null), mine ? COMPLETED_TRICK_MY_TURN_MS : COMPLETED_TRICK_MS);
    return () => clearTimeout(timer);
  }, [m.tricksPlayed, view.id]);

  // The render in which a trick completes, before the effect above holds it.
  const justCompleted =
    !quickTricks.value && completed.current.hand === view.id && m.tricksPlayed > completed.current.count && m.lastTrick !== null;
  const holding = held ?? (justCompleted ? m.lastTrick : null);
  // While a completed trick is held in sight, the next lead is not shown yet: nor is the turn it brings.
  const myTurn = holding === null && m.mySeat !== null && view.toAct.includes(m.mySeat) && (view.legalActions?.length ?? 0) > 0;
  const selecting = offer.selections.length > 0 || offer.buys.length > 0;
  const selectable = new Set([
    ...offer.selections.flatMap((s) => s.options.flat()),
    ...offer.buys.filter((b) => !buyCard || b.card === buyCard).map((b) => b.give),
  ]);

  async function act(action: Action) {
    setBusy(true);
    setError(null);
    try {
      await send(action);
    } catch (err) {
      setError(refusalText(err));
      // The page's picture of the hand was out of date: take the hand as it is now.
      if (isStale(err)) await resync().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  }
  function clickCard(card: string, index: number) {
    if (selecting) {
      // Selected by position: Doppelkopf holds two of each face.
      const key = `${index}:${card}`;
      setSelected(selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);
    } else if (offer.plays.has(card)) {
      // On a touch screen a tap only picks the card (a second tap, or the button, plays it), unless the player chose one tap.
      const key = `${index}:${card}`;
      if (!touchScreen() || oneTap.value || selected.includes(key)) void act({ type: 'play', card });
      else setSelected([key]);
    }
  }
  useTurnAlert(myTurn);
  // The choices come into sight when it becomes this seat's turn (below the fold on a short screen).
  const controls = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (myTurn) controls.current?.scrollIntoView({ block: 'nearest' });
  }, [myTurn, view.seq]);
  const selectedCards = selected.map((k) => k.slice(k.indexOf(':') + 1));
  const toPlay = !selecting && selectedCards.length === 1 && offer.plays.has(selectedCards[0]!) ? selectedCards[0]! : null;
  // Cards are dimmed only while some of them may be chosen; a bid or a reservation is decided over the whole hand in sight.
  const choosingCards = myTurn && (selecting || offer.plays.size > 0);
  const toActNames = view.toAct.map(nameOf);
  // The completed trick stays in the middle until the next one is led (and a moment longer).
  const shown = holding ?? (m.trick.plays.length ? m.trick : m.lastTrick);

  return (
    <div class={`board seats-${m.seats} ${m.mySeat === null ? 'watching' : ''}`}>
      {Array.from({ length: m.seats }, (_, seat) => seat)
        .filter((seat) => seat !== me || m.mySeat === null)
        .map((seat) => (
          <div
            class={`seat place-${placeOf(seat, me, m.seats)} ${view.toAct.includes(seat) ? 'to-act' : ''}`}
            data-seat={seat}
            aria-label={t('table.seatLabel', { name: nameOf(seat) })}
          >
            <div class="seat-name">
              {nameOf(seat)}
              {ratingOf(table.seats[seat]?.playerId ?? null) && (
                // The profile in a new tab: the hand goes on meanwhile.
                <a
                  class="rating"
                  data-testid="seat-rating"
                  href={`/players/${table.seats[seat]!.playerId}`}
                  target="_blank"
                  rel="noopener"
                  title={t('ratings.profileOf')}
                >
                  {ratingOf(table.seats[seat]?.playerId ?? null)}
                </a>
              )}
              <GreetingBubble seat={seat} />
              {seat === view.dealer && (
                <span class="chip dealer" title={t('table.dealer')}>
                  {t('table.dealerShort')}
                </span>
              )}
              {isPerson(seat) && !(view.present ?? []).includes(seat) && (
                <span class="chip offline" data-testid="offline" title={t('table.offlineExplain')}>
                  {t('table.offline')}
                </span>
              )}
            </div>
            {m.handSize(seat) !== null && (
              <div class="backs" aria-label={t('table.cardsInHand', { count: m.handSize(seat)! })}>
                {Array.from({ length: Math.min(m.handSize(seat)!, 12) }, () => (
                  <span class="card back">
                    <Card game={game} code={null} />
                  </span>
                ))}
                <span class="count">{m.handSize(seat)}</span>
              </div>
            )}
            <div class="note">{t('table.tricks', { count: m.tricksWon(seat) })}</div>
            <Countdown view={view} seat={seat} />
          </div>
        ))}
      <TrickArea
        game={game}
        trick={shown}
        last={holding !== null || !m.trick.plays.length}
        me={me}
        n={m.seats}
        nameOf={nameOf}
        bySubstitute={bySubstitute}
      />
      <div class={`mine ${myTurn ? 'to-act' : ''}`} aria-label={t('table.myHand')}>
        <p
          class="status"
          data-testid="status"
          data-hand={view.id}
          data-seq={view.seq}
          data-my-turn={myTurn ? 'true' : 'false'}
          data-my-seat={m.mySeat ?? ''}
          aria-live="polite"
        >
          {view.status === 'over'
            ? t('table.over')
            : view.status === 'void'
              ? t('table.dropped')
              : myTurn
                ? t('table.yourTurn')
                : t('table.waitingFor', { names: toActNames.join(', '), phase: phaseName(view.phase) })}
          {m.mySeat !== null && (
            <>
              {' '}
              <span class="note">{t('table.youAre', { seat: seatNumber(m.mySeat), tricks: m.tricksWon(m.mySeat) })}</span>
              {m.mySeat === view.dealer && (
                <span class="chip dealer" title={t('table.dealer')} data-testid="my-dealer">
                  {t('table.youDeal')}
                </span>
              )}
            </>
          )}
        </p>
        <TurnClock view={view} mySeat={m.mySeat} nameOf={nameOf} resync={resync} />
        {m.mySeat !== null && (
          <div class={`card-row hand ${choosingCards ? 'choosing' : ''}`} role="group" aria-label={t('table.myCards')}>
            {m.hand.map((card, i) => {
              const legal = myTurn && (selecting ? selectable.has(card) : offer.plays.has(card));
              const isSelected = selected.includes(`${i}:${card}`);
              return (
                <button
                  type="button"
                  class={`card ${legal ? 'legal' : ''} ${isSelected ? 'selected' : ''}`}
                  data-card={card}
                  aria-pressed={selecting ? isSelected : undefined}
                  aria-label={cardName(game, card)}
                  disabled={busy || !legal}
                  onClick={() => clickCard(card, i)}
                >
                  <Card game={game} code={card} />
                </button>
              );
            })}
          </div>
        )}
        {myTurn && (
          <div class="controls row" ref={controls} aria-label={t('table.actions')}>
            {offer.selections.map((s) => {
              const chosen = matching(s.options, selectedCards);
              return (
                <button
                  type="button"
                  class="primary"
                  data-type={s.type}
                  data-options={JSON.stringify(s.options)}
                  disabled={busy || !chosen}
                  title={chosen ? '' : t('table.selectCards', { count: s.size })}
                  onClick={() => chosen && act({ type: s.type, cards: chosen })}
                >
                  {selectionLabel(s.type, s.size)}
                  {selectedCards.length !== s.size && ` — ${t('table.selected', { count: selectedCards.length })}`}
                </button>
              );
            })}
            {offer.buys.length > 0 && (
              <span class="row">
                <label>
                  {t('table.buy')}{' '}
                  <select aria-label={t('table.cardToBuy')} value={buyCard} onChange={(e) => setBuyCard(e.currentTarget.value)}>
                    <option value="">{t('table.choose')}</option>
                    {[...new Set(offer.buys.map((b) => b.card))].map((c) => (
                      <option value={c}>{cardName(game, c)}</option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  class="primary"
                  disabled={
                    busy || selectedCards.length !== 1 || !offer.buys.some((b) => b.card === buyCard && b.give === selectedCards[0])
                  }
                  onClick={() => act({ type: 'buy', card: buyCard, give: selectedCards[0] })}
                >
                  {t('table.buyGiving')}
                </button>
              </span>
            )}
            {offer.buttons.map((a) => {
              const label = actionLabel(game, a, nameOf);
              return (
                <button type="button" data-action={JSON.stringify(a)} disabled={busy} title={explain(label)} onClick={() => act(a)}>
                  {label}
                </button>
              );
            })}
            {toPlay && (
              <button
                type="button"
                class="primary"
                data-testid="play-selected"
                disabled={busy}
                onClick={() => act({ type: 'play', card: toPlay })}
              >
                {t('table.playSelected', { card: cardName(game, toPlay) })}
              </button>
            )}
            {offer.plays.size > 0 && !selecting && !toPlay && (
              <span class="note">{touchScreen() && !oneTap.value ? t('table.tapToPlay') : t('table.clickToPlay')}</span>
            )}
          </div>
        )}
        {m.boughtFromMe && (
          <p class="notice" role="status" data-testid="bought-from-me">
            {m.boughtFromMe.give
              ? t('table.boughtFromYouGiving', {
                  name: nameOf(m.boughtFromMe.by),
                  card: cardName(game, m.boughtFromMe.card),
                  give: cardName(game, m.boughtFromMe.give),
                })
              : t('table.boughtFromYou', { name: nameOf(m.boughtFromMe.by), card: cardName(game, m.boughtFromMe.card) })}
          </p>
        )}
        {substituted.length > 0 && (
          <ul class="substituted" data-testid="substituted" aria-label={t('table.substitutedTitle')}>
            {substituted.slice(-3).map((e) => (
              <li>
                {t('table.playedFor', {
                  name: nameOf(e.seat ?? 0),
                  what: actionSentence(game, { ...e.payload, seat: e.seat }, nameOf),
                })}
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p class="error" role="alert" data-testid="action-error">
            {error}
          </p>
        )}
        {m.lastTrick && m.trick.plays.length > 0 && (
          <p>
            <button type="button" aria-expanded={showLast} data-testid="last-trick-toggle" onClick={() => setShowLast(!showLast)}>
              {showLast ? t('table.hideLastTrick') : t('table.showLastTrick')}
            </button>
          </p>
        )}
        {showLast && m.lastTrick && m.trick.plays.length > 0 && (
          <TrickLine
            game={game}
            trick={m.lastTrick}
            nameOf={nameOf}
            title={m.lastTrick.winner !== undefined ? t('table.lastTrickWon', { name: nameOf(m.lastTrick.winner) }) : t('table.lastTrick')}
            testId="last-trick"
          />
        )}
      </div>
      <RecordList phase={view.phase} record={m.record} />
    </div>
  );
}

function TrickArea({
  game,
  trick,
  last,
  me,
  n,
  nameOf,
  bySubstitute,
}: {
  game: GameId;
  trick: Trick | null;
  last: boolean;
  me: number;
  n: number;
  nameOf: (seat: number) => string;
  /** `seat:card` of the cards a substitute played for the seat's player */
  bySubstitute: Set<string>;
}) {
  return (
    <div class={`trick ${last ? 'completed' : ''}`} aria-label={last ? t('table.lastTrick') : t('table.currentTrick')}>
      {trick?.plays.map((p) => {
        const substitute = bySubstitute.has(`${p.seat}:${p.card}`);
        return (
          <span
            class={`card played at-${placeOf(p.seat, me, n)} ${substitute ? 'by-substitute' : ''}`}
            data-played={p.card}
            title={`${nameOf(p.seat)}: ${cardName(game, p.card)}${substitute ? ` — ${t('table.playedForShort', { name: nameOf(p.seat) })}` : ''}`}
          >
            <Card game={game} code={p.card} />
            {substitute && <span class="substitute-mark">{t('table.playedForShort', { name: nameOf(p.seat) })}</span>}
          </span>
        );
      })}
      {last && trick && (
        <span class="trick-note note">
          {trick.winner !== undefined ? t('table.lastTrickWon', { name: nameOf(trick.winner) }) : t('table.lastTrick')}
        </span>
      )}
    </div>
  );
}

/** A completed trick in a row: who played what, and who won it. */
export function TrickLine({
  game,
  trick,
  nameOf,
  title,
  testId,
}: {
  game: GameId;
  trick: Trick;
  nameOf: (seat: number) => string;
  title: string;
  testId?: string;
}) {
  return (
    <div class="panel trick-line" data-testid={testId}>
      <strong>{title}</strong>
      <div class="card-row">
        {trick.plays.map((p) => (
          <figure class="played-by">
            <span class="card small" data-trick-card={p.card}>
              <Card game={game} code={p.card} />
            </span>
            <figcaption>{nameOf(p.seat)}</figcaption>
          </figure>
        ))}
      </div>
    </div>
  );
}
