import { useEffect, useState } from 'preact/hooks';
import { api, ok, type HandView, type Ledger, type Table } from '../api.js';
import type { GameId } from '../cards/index.js';
import { formatNumber, t, tOptional } from '../i18n/index.js';
import { contractName, partyName } from '../phrasebook/index.js';
import { Words } from '../phrasebook/terms.js';
import { TrickLine } from './board.js';
import { modelOf } from './model.js';
import { seatNames } from './names.js';

type Result = {
  status: string;
  declarer: number | null;
  contract: string | null;
  parties: Record<string, number[]> | null;
  cardPoints: Record<string, number> | null;
  multiplier: number;
  gameValue?: number;
  scores: number[];
  details?: Record<string, unknown>;
};

/** A finished hand's result: how it counts, what each seat won or paid, and its tricks; it stays until closed. */
export function HandResult({ view, table, onDismiss }: { view: HandView; table: Table; onDismiss: () => void }) {
  const r = view.result as Result | null | undefined;
  if (!r) return null;
  const game = table.game as GameId;
  const nameOf = seatNames(table);
  const what =
    r.status === 'thrownIn'
      ? thrownInWhy(r)
      : r.declarer !== null && r.contract
        ? t('result.titleBy', { contract: contractName(r.contract), name: nameOf(r.declarer) })
        : contractName(r.contract);
  const m = modelOf(game, view, table.seatCount, nameOf);
  return (
    <section class="panel result" aria-label={t('result.score')} data-testid="result">
      <div class="row spread">
        <h2>
          <Words text={t('result.title', { n: view.number ?? '', what })} />
        </h2>
        <button type="button" onClick={onDismiss} data-testid="dismiss-result">
          {t('result.dismiss')}
        </button>
      </div>
      {r.cardPoints && (
        <p>
          {t('result.cardPoints')}:{' '}
          {Object.entries(r.cardPoints)
            .map(([party, points]) => t('result.points', { party: partyName(party), points: formatNumber(points) }))
            .join(' · ')}
        </p>
      )}
      <h3>{t('result.breakdown')}</h3>
      <ul class="breakdown" data-testid="breakdown">
        {breakdown(game, r, table, nameOf).map(({ text, figure }) => (
          <li data-figure={figure?.kind} data-value={figure?.value} data-side={figure?.side}>
            <Words text={text} />
          </li>
        ))}
      </ul>
      <table class="list">
        <tbody>
          {r.scores.map((score, seat) => (
            <tr>
              <td>{nameOf(seat)}</td>
              <td class="num" data-testid={`score-${seat}`}>
                {formatNumber(score, { sign: true })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <a href={`/hands/${view.id}/replay#review`} data-testid="review-link">
          {t('review.link')}
        </a>
      </p>
      {m.tricks.length > 0 && (
        <details>
          <summary>{t('table.allTricks')}</summary>
          {m.tricks.map((trick, i) => (
            <TrickLine
              game={game}
              trick={trick}
              nameOf={nameOf}
              title={t('table.trickN', { n: i + 1, name: trick.winner !== undefined ? nameOf(trick.winner) : '—' })}
            />
          ))}
        </details>
      )}
    </section>
  );
}

function thrownInWhy(r: Result): string {
  const reason = r.details?.reason;
  return (typeof reason === 'string' && tOptional(`result.doko.thrownIn.${reason}`)) || t('result.thrownIn');
}

const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/**
 * A figure a breakdown line adds to the score, marked on the page (`data-figure`, `data-value`,
 * `data-side`) so that a test can add them up against the ledger: the card points' distance from
 * 60, a factor, the amount per opponent (Dobbm); the game's score and an item for a side (Droggn,
 * Doppelkopf); the soloist's threefold share.
 */
type Figure = { kind: 'difference' | 'factor' | 'perOpponent' | 'gameScore' | 'item' | 'soloist'; value: number; side?: string };
type Line = { text: string; figure?: Figure };

/** The lines each game counts its score by, from the result's own details. */
function breakdown(game: GameId, r: Result, table: Table, nameOf: (seat: number) => string): Line[] {
  const d = r.details ?? {};
  const lines: Line[] = [];
  const out = { push: (text: string, figure?: Figure) => void lines.push({ text, figure }) };
  const doublings = Math.round(Math.log2(r.multiplier || 1));
  const multiplier = () => {
    if (r.multiplier > 1) out.push(t('result.multiplier', { n: r.multiplier, k: doublings }), { kind: 'factor', value: r.multiplier });
  };
  if (game === 'dobbm') {
    const stockerl = d.stockerl as { seat: number; amount: number } | undefined;
    if (stockerl) out.push(t('result.dobbm.stockerl', { name: nameOf(stockerl.seat), amount: formatNumber(stockerl.amount) }));
    if (r.status === 'thrownIn') return lines;
    if (d.abandoned) {
      out.push(t('result.dobbm.abandoned', { name: nameOf(num(d.offender)), amount: formatNumber(num(d.penaltyPerOpponent)) }));
      multiplier();
      return lines;
    }
    const points = num(r.cardPoints?.declarer);
    out.push(t('result.dobbm.difference', { points, diff: Math.abs(points - 60) }), { kind: 'difference', value: Math.abs(points - 60) });
    if (d.match) out.push(t('result.dobbm.match'));
    if (d.draw) out.push(t('result.dobbm.draw'));
    if (d.soloFactor === 2) out.push(t('result.dobbm.solo'), { kind: 'factor', value: 2 });
    multiplier();
    const amount = formatNumber(num(d.amountPerOpponent));
    out.push(
      table.rules.rounding === 'ceil'
        ? `${t('result.dobbm.perOpponent', { amount })} (${t('result.dobbm.rounding')})`
        : t('result.dobbm.perOpponent', { amount }),
      { kind: 'perOpponent', value: num(d.amountPerOpponent) },
    );
    return lines;
  }
  if (game === 'droggn') {
    if (r.status === 'thrownIn') return lines;
    if (typeof d.baseValue === 'number') out.push(t('result.droggn.base', { n: d.baseValue }));
    if (typeof d.mordValue === 'number')
      out.push(t('result.droggn.mord', { value: formatNumber(d.mordValue), score: formatNumber(num(d.gameScore), { sign: true }) }), {
        kind: 'gameScore',
        value: num(d.gameScore),
      });
    out.push(d.won ? t('result.droggn.won') : t('result.droggn.lost'));
    if (d.match) out.push(t('result.droggn.match'));
    multiplier();
    if (typeof d.gameValue === 'number')
      out.push(
        t('result.droggn.gameValue', {
          value: formatNumber(d.gameValue),
          m: r.multiplier,
          score: formatNumber(num(d.gameScore), { sign: true }),
        }),
        { kind: 'gameScore', value: num(d.gameScore) },
      );
    for (const it of (d.pagatItems as { item: string; side: string; points: number }[] | undefined) ?? [])
      out.push(
        t('result.droggn.itemLine', {
          item: tOptional(`result.droggn.item.${it.item}`) ?? t('events.other'),
          side: partyName(it.side),
          points: formatNumber(it.points, { sign: true }),
        }),
        { kind: 'item', value: it.points, side: it.side },
      );
    if (typeof d.delta === 'number') {
      out.push(t('result.droggn.total', { delta: formatNumber(d.delta, { sign: true }) }));
      // The zero-sum view the scores below are in (docs/rules/droggn.md#settlement): every other seated player pays or gets Δ.
      const others = r.scores.length - 1;
      out.push(
        t('result.droggn.settled', {
          count: others,
          each: formatNumber(-d.delta, { sign: true }),
          delta: formatNumber(d.delta, { sign: true }),
          declarer: formatNumber(d.delta * others, { sign: true }),
        }),
      );
    }
    return lines;
  }
  if (r.status === 'thrownIn') return lines;
  out.push(typeof d.winner === 'string' ? t('result.doko.winner', { party: partyName(d.winner) }) : t('result.doko.noWinner'));
  for (const it of (d.items as { party: string; item: string; points: number }[] | undefined) ?? [])
    out.push(
      t('result.doko.itemLine', {
        item: tOptional(`result.doko.item.${it.item.replaceAll(' ', '_')}`) ?? t('events.other'),
        party: partyName(it.party),
        points: formatNumber(it.points, { sign: true }),
      }),
      { kind: 'item', value: it.points, side: it.party },
    );
  out.push(t('result.doko.gameValue', { n: formatNumber(num(r.gameValue)) }));
  if (r.declarer !== null) out.push(t('result.doko.soloTimes3'), { kind: 'soloist', value: 3 });
  return lines;
}

type HandSummary = { id: string; result: unknown };

/** The session's score sheet (Spielliste): each hand's game and scores, with running totals, from the table's ledger. */
export function ScoreSheet({ ledger, table }: { ledger: Ledger | null; table: Table }) {
  const [hands, setHands] = useState<HandSummary[]>([]);
  const count = ledger?.entries.length ?? 0;
  useEffect(() => {
    if (!count) return;
    api.GET('/tables/{id}/hands', { params: { path: { id: table.id }, query: { limit: 100 } } }).then(
      (r) => setHands(ok(r).items),
      () => undefined,
    );
  }, [table.id, count]);
  if (!ledger || count === 0) return null;
  const nameOf = seatNames(table);
  const seats = Array.from({ length: table.seatCount }, (_, s) => s);
  const running = seats.map(() => 0);
  const contractOf = (handId: string): string => {
    const r = hands.find((h) => h.id === handId)?.result as Result | null | undefined;
    if (!r) return '';
    if (r.status === 'thrownIn') return t('result.thrownIn');
    return r.declarer !== null ? `${contractName(r.contract)} (${nameOf(r.declarer)})` : contractName(r.contract);
  };
  return (
    <section class="panel sheet" aria-label={t('result.sheet')} data-testid="ledger">
      <h2>
        {t('result.sheet')} <span class="note">{t('result.afterHands', { count })}</span>
      </h2>
      <div class="scroll">
        <table class="list">
          <thead>
            <tr>
              <th>{t('result.sheetHand')}</th>
              <th>{t('result.sheetGame')}</th>
              {seats.map((s) => (
                <th class="num">{nameOf(s)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ledger.entries.map((e) => {
              e.scores.forEach((sc, s) => (running[s] = (running[s] ?? 0) + sc));
              return (
                <tr data-hand={e.handId}>
                  <td>{e.handNumber}</td>
                  <td>
                    <Words text={contractOf(e.handId)} />
                  </td>
                  {seats.map((s) => (
                    <td class="num">
                      {formatNumber(e.scores[s] ?? 0, { sign: true })}
                      <div class="note">{formatNumber(round(running[s] ?? 0))}</div>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={2}>{t('result.sheetTotal')}</th>
              {seats.map((s) => (
                <th class="num" data-testid={`balance-${s}`}>
                  {formatNumber(ledger.balances.find((b) => b.seat === s)?.amount ?? 0)}
                </th>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** Sums of hundredths, kept in hundredths. */
const round = (n: number): number => Math.round(n * 100) / 100;
