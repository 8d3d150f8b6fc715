import type { HandView, Ledger, Table } from '../api.js';

type Result = {
  status: string;
  declarer: number | null;
  contract: string | null;
  parties: Record<string, number[]> | null;
  cardPoints: Record<string, number> | null;
  multiplier: number;
  gameValue?: number;
  scores: number[];
};

const nameOf = (table: Table, seat: number) => table.seats[seat]?.name ?? `seat ${seat}`;

/** A finished hand's result: card points, multiplier, what each seat won or paid. */
export function HandResult({ view, table }: { view: HandView; table: Table }) {
  const r = view.result as Result | null | undefined;
  if (!r) return null;
  return (
    <section class="panel result" aria-label="result" data-testid="result">
      <h2>
        Hand {view.number ?? ''}:{' '}
        {r.status === 'thrownIn' ? 'thrown in' : `${r.contract ?? ''}${r.declarer !== null ? ` by ${nameOf(table, r.declarer)}` : ''}`}
      </h2>
      {r.cardPoints && (
        <p>
          Card points:{' '}
          {Object.entries(r.cardPoints)
            .map(([party, points]) => `${party} ${points}`)
            .join(' · ')}
          {' · '}multiplier ×{r.multiplier}
          {r.gameValue !== undefined && ` · game value ${r.gameValue}`}
        </p>
      )}
      <table class="list">
        <tbody>
          {r.scores.map((score, seat) => (
            <tr>
              <td>{nameOf(table, seat)}</td>
              <td data-testid={`score-${seat}`}>{score > 0 ? `+${score}` : String(score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The table's running balances (GET /tables/{id}/ledger). */
export function LedgerPanel({ ledger }: { ledger: Ledger | null }) {
  if (!ledger || ledger.entries.length === 0) return null;
  return (
    <section class="panel" aria-label="ledger" data-testid="ledger">
      <h2>
        Ledger after {ledger.entries.length} hand{ledger.entries.length === 1 ? '' : 's'}
      </h2>
      <table class="list">
        <tbody>
          {ledger.balances.map((b) => (
            <tr>
              <td>{b.name}</td>
              <td data-testid={`balance-${b.seat}`}>{b.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
