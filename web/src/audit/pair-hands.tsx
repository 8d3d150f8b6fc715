import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, messageOf, ok, type Schemas } from '../api.js';
import type { Pair } from './scatter.js';

type HandSummary = Schemas['HandSummaryDto'];

async function allHands(playerId: string): Promise<HandSummary[]> {
  const out: HandSummary[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 50; page++) {
    const res = ok(
      await api.GET('/players/{id}/hands', { params: { path: { id: playerId }, query: { limit: 100, cursor } }, headers: asAuditor }),
    );
    out.push(...res.items);
    if (!res.nextCursor) break;
    cursor = res.nextCursor;
  }
  return out;
}

/** The hands a pair sat at together, each with its doubling evidence and a check of its log. */
export function PairHands({ pair }: { pair: Pair }) {
  const [hands, setHands] = useState<HandSummary[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setHands(null);
    (async () => {
      try {
        const [a, b] = await Promise.all([allHands(pair.declarer), allHands(pair.defender)]);
        const shared = new Set(b.map((h) => h.id));
        setHands(a.filter((h) => shared.has(h.id) && h.status === 'finished'));
      } catch (err) {
        setError(messageOf(err));
      }
    })();
  }, [pair.declarer, pair.defender]);
  if (error) return <p class="error">{error}</p>;
  if (!hands) return <p>Loading the pair's hands…</p>;
  return (
    <section class="panel" aria-label="pair hands" data-testid="pair-hands">
      <h3>
        {hands.length} hands together <span class="note">(either role)</span>
      </h3>
      <table class="list">
        <tbody>
          {hands.slice(0, 60).map((h) => (
            <>
              <tr data-hand={h.id}>
                <td>{h.id.slice(0, 8)}</td>
                <td>{(h.result as { contract?: string } | null)?.contract ?? ''}</td>
                <td>×{(h.result as { multiplier?: number } | null)?.multiplier ?? 1}</td>
                <td class="row">
                  <button type="button" onClick={() => setOpen(open === h.id ? null : h.id)}>
                    {open === h.id ? 'Hide' : 'Evidence'}
                  </button>
                  <a href={`/hands/${h.id}/replay`}>Replay</a>
                </td>
              </tr>
              {open === h.id && (
                <tr>
                  <td colSpan={4}>
                    <HandEvidence handId={h.id} />
                  </td>
                </tr>
              )}
            </>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type Call = Record<string, unknown> & { actionIndex: number; seat: number; call: string };

/** Each doubling call's evidence (GET /hands/{id}/audit) and the log's verification (GET /hands/{id}/verify). */
function HandEvidence({ handId }: { handId: string }) {
  const [calls, setCalls] = useState<Call[] | null>(null);
  const [verify, setVerify] = useState<Schemas['VerifyDto'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.GET('/hands/{id}/audit', { params: { path: { id: handId } }, headers: asAuditor }).then(
      (r) => setCalls(((ok(r) as { evidence?: { calls?: Call[] } }).evidence?.calls ?? []) as Call[]),
      (e) => setError(messageOf(e)),
    );
  }, [handId]);
  const num = (v: unknown) => (typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(3)) : String(v ?? ''));
  return (
    <div data-testid="evidence">
      {error && <p class="error">{error}</p>}
      {calls && calls.length === 0 && <p class="note">No doubling call in this hand.</p>}
      {calls && calls.length > 0 && (
        <table class="list">
          <thead>
            <tr>
              <th>action</th>
              <th>seat</th>
              <th>call</th>
              <th>role</th>
              <th>×before</th>
              <th>P(caller wins)</th>
              <th>expected cost to caller</th>
              <th>value to declarer</th>
            </tr>
          </thead>
          <tbody>
            {calls.map((c) => (
              <tr>
                <td>{c.actionIndex}</td>
                <td>{c.seat}</td>
                <td>{c.call}</td>
                <td>{String(c.role)}</td>
                <td>{num(c.multiplierBefore)}</td>
                <td>{num(c.winProbabilityCaller)}</td>
                <td>{num(c.expectedCostToCaller)}</td>
                <td>{num(c.valueToDeclarer)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p class="row">
        <button
          type="button"
          onClick={async () => {
            try {
              setVerify(ok(await api.GET('/hands/{id}/verify', { params: { path: { id: handId } }, headers: asAuditor })));
            } catch (err) {
              setError(messageOf(err));
            }
          }}
        >
          Verify the hand's log
        </button>
        {verify && (
          <span data-testid="verify" class={verify.ok ? '' : 'error'}>
            {verify.ok
              ? `✔ ${verify.events} events replayed, hash chain and deck commitment hold`
              : `✘ ${verify.problems.map((p) => `${p.code}: ${p.detail}`).join('; ')}`}
          </span>
        )}
      </p>
    </div>
  );
}
