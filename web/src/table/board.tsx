import { useEffect, useState } from 'preact/hooks';
import { messageOf, type HandView, type Table } from '../api.js';
import { Card, cardName, type GameId } from '../cards/index.js';
import { labelOf, matching, offerOf, selectionLabel, type Action } from './actions.js';
import { RecordList } from './record.js';
import { modelOf, placeOf, type Trick } from './model.js';

/** One hand at the table: the seats around it, the trick in the middle, this seat's cards and choices. */
export function Board({ table, view, act: send }: { table: Table; view: HandView; act: (action: Action) => Promise<void> }) {
  const game = table.game as GameId;
  const m = modelOf(game, view, table.seatCount, (s) => table.seats[s]?.name ?? `seat ${s}`);
  const me = m.mySeat ?? 0;
  const offer = offerOf(view.legalActions);
  const [selected, setSelected] = useState<string[]>([]);
  const [buyCard, setBuyCard] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setSelected([]);
    setError(null);
  }, [view.seq, view.id]);

  const myTurn = m.mySeat !== null && view.toAct.includes(m.mySeat) && (view.legalActions?.length ?? 0) > 0;
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
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  function clickCard(card: string, index: number) {
    if (selecting) {
      // Selected by position: Doppelkopf holds two of each face.
      const key = `${index}:${card}`;
      setSelected(selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);
    } else if (offer.plays.has(card)) void act({ type: 'play', card });
  }
  const selectedCards = selected.map((k) => k.slice(k.indexOf(':') + 1));
  const toActNames = view.toAct.map((s) => table.seats[s]?.name ?? `seat ${s}`);

  return (
    <div class={`board seats-${m.seats}`}>
      {Array.from({ length: m.seats }, (_, seat) => seat)
        .filter((seat) => seat !== me || m.mySeat === null)
        .map((seat) => (
          <div
            class={`seat place-${placeOf(seat, me, m.seats)} ${view.toAct.includes(seat) ? 'to-act' : ''}`}
            data-seat={seat}
            aria-label={`seat ${seat}`}
          >
            <div class="seat-name">
              {table.seats[seat]?.name ?? `seat ${seat}`}
              {seat === view.dealer && (
                <span class="chip" title="dealer">
                  D
                </span>
              )}
            </div>
            <div class="backs" aria-label={`${m.handSize(seat) ?? '?'} cards`}>
              {Array.from({ length: Math.min(m.handSize(seat) ?? 0, 12) }, () => (
                <span class="card back">
                  <Card game={game} code={null} />
                </span>
              ))}
              <span class="count">{m.handSize(seat) ?? '?'}</span>
            </div>
            <div class="note">tricks: {m.tricksWon(seat) || '0'}</div>
          </div>
        ))}
      <TrickArea
        game={game}
        trick={m.trick.plays.length ? m.trick : m.lastTrick}
        last={!m.trick.plays.length}
        me={me}
        n={m.seats}
        table={table}
      />
      <div class="mine" aria-label="my hand">
        <p class="status" data-testid="status" data-hand={view.id} data-seq={view.seq} data-my-turn={myTurn ? 'true' : 'false'}>
          {view.status === 'over'
            ? 'The hand is over.'
            : view.status === 'void'
              ? 'This hand was dropped.'
              : myTurn
                ? 'Your turn.'
                : `Waiting for ${toActNames.join(', ')} (${view.phase}).`}
          {m.mySeat !== null && (
            <>
              {' '}
              <span class="note">
                You are seat {m.mySeat}; tricks won: {m.tricksWon(m.mySeat) || '0'}
              </span>
            </>
          )}
        </p>
        {m.mySeat !== null && (
          <div class={`card-row hand ${myTurn ? 'my-turn' : ''}`} role="group" aria-label="my cards">
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
          <div class="controls row" aria-label="actions">
            {offer.selections.map((s) => {
              const chosen = matching(s.options, selectedCards);
              return (
                <button
                  type="button"
                  class="primary"
                  data-type={s.type}
                  data-options={JSON.stringify(s.options)}
                  disabled={busy || !chosen}
                  title={chosen ? '' : `select ${s.size} cards that may go together`}
                  onClick={() => chosen && act({ type: s.type, cards: chosen })}
                >
                  {selectionLabel(s.type, s.size)}
                  {selectedCards.length !== s.size && ` — ${selectedCards.length} selected`}
                </button>
              );
            })}
            {offer.buys.length > 0 && (
              <span class="row">
                <label>
                  Buy{' '}
                  <select aria-label="card to buy" value={buyCard} onChange={(e) => setBuyCard(e.currentTarget.value)}>
                    <option value="">choose…</option>
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
                  Buy it, giving the selected card
                </button>
              </span>
            )}
            {offer.buttons.map((a) => (
              <button type="button" data-action={JSON.stringify(a)} disabled={busy} onClick={() => act(a)}>
                {labelOf(game, a)}
              </button>
            ))}
            {offer.plays.size > 0 && !selecting && <span class="note">Click a raised card to play it.</span>}
          </div>
        )}
        {error && (
          <p class="error" role="alert" data-testid="action-error">
            {error}
          </p>
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
  table,
}: {
  game: GameId;
  trick: Trick | null;
  last: boolean;
  me: number;
  n: number;
  table: Table;
}) {
  return (
    <div class="trick" aria-label={last ? 'last trick' : 'current trick'}>
      {trick?.plays.map((p) => (
        <span
          class={`card played at-${placeOf(p.seat, me, n)}`}
          data-played={p.card}
          title={`${table.seats[p.seat]?.name ?? ''}: ${cardName(game, p.card)}`}
        >
          <Card game={game} code={p.card} />
        </span>
      ))}
      {last && trick && (
        <span class="trick-note note">
          last trick{trick.winner !== undefined ? ` — won by ${table.seats[trick.winner]?.name ?? `seat ${trick.winner}`}` : ''}
        </span>
      )}
    </div>
  );
}
