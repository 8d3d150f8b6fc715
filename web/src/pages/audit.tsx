import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, messageOf, ok } from '../api.js';
import { PairHands } from '../audit/pair-hands.js';
import { Scatter, type Pair } from '../audit/scatter.js';
import { auditorToken, rememberAuditor } from '../session.js';

interface Job {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  error?: string | null;
  pairs?: Pair[] | null;
}

/** The collusion audit: run it for a game, watch it, read the ranked pairs, drill down to hands. */
export function Audit() {
  const [tokenInput, setTokenInput] = useState('');
  const [game, setGame] = useState<'dobbm' | 'droggn'>('dobbm');
  const [minHands, setMinHands] = useState('');
  const [job, setJob] = useState<Job | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Poll the running job twice a second until it is done.
  useEffect(() => {
    if (!job || job.status !== 'running') return;
    const timer = setTimeout(async () => {
      try {
        setJob(ok(await api.GET('/audit/collusion/jobs/{id}', { params: { path: { id: job.jobId } }, headers: asAuditor })) as Job);
      } catch (err) {
        setError(messageOf(err));
      }
    }, 500);
    return () => clearTimeout(timer);
  }, [job]);

  if (!auditorToken.value) {
    return (
      <section>
        <h1>Audit</h1>
        <form
          class="panel row"
          onSubmit={(e) => {
            e.preventDefault();
            rememberAuditor(tokenInput.trim() || null);
          }}
        >
          <label>
            Auditor token{' '}
            <input type="password" autocomplete="off" value={tokenInput} onInput={(e) => setTokenInput(e.currentTarget.value)} />
          </label>
          <button class="primary" type="submit">
            Use it
          </button>
          <span class="note">Kept for this browser tab only.</span>
        </form>
      </section>
    );
  }

  async function start(e: Event) {
    e.preventDefault();
    setError(null);
    setSelected(null);
    try {
      const query = { game, ...(minHands ? { minHands: Number(minHands) } : {}) };
      setJob(ok(await api.GET('/audit/collusion', { params: { query }, headers: asAuditor })) as Job);
    } catch (err) {
      setError(messageOf(err));
    }
  }

  const pairs = job?.status === 'done' ? (job.pairs ?? []) : null;
  return (
    <section>
      <h1>Audit</h1>
      <form class="panel row" onSubmit={start} aria-label="collusion audit">
        <label>
          Game{' '}
          <select aria-label="audited game" value={game} onChange={(e) => setGame(e.currentTarget.value as typeof game)}>
            <option value="dobbm">Dobbm</option>
            <option value="droggn">Droggn</option>
          </select>
        </label>
        <label>
          Pairs with at least{' '}
          <input type="number" min={1} value={minHands} onInput={(e) => setMinHands(e.currentTarget.value)} placeholder="any" /> hands
        </label>
        <button class="primary" type="submit">
          Run the collusion audit
        </button>
        <button type="button" onClick={() => rememberAuditor(null)}>
          Forget the token
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {job && job.status === 'running' && (
        <p data-testid="progress">
          Computing the evidence: <progress max={job.total || 1} value={job.done} /> {job.done} / {job.total} hands
        </p>
      )}
      {job?.status === 'failed' && <p class="error">The audit failed: {job.error}</p>}
      {pairs && (
        <>
          <p class="note">
            {pairs.length} ordered pairs (declarer → defender) tested; {pairs.filter((p) => p.tier === 'strong').length} strong,{' '}
            {pairs.filter((p) => p.tier === 'review').length} for review. Click a dot or a row for the pair's hands.
          </p>
          <Scatter pairs={pairs} selected={selected} onSelect={setSelected} />
          <table class="list pairs" data-testid="pairs">
            <thead>
              <tr>
                <th>#</th>
                <th>declarer → defender</th>
                <th>hands as pair</th>
                <th>doubles / calls</th>
                <th>z</th>
                <th>p</th>
                <th>q</th>
                <th>tier</th>
              </tr>
            </thead>
            <tbody>
              {pairs.slice(0, 50).map((p, i) => (
                <tr class={selected === i ? 'selected' : ''} data-pair={`${p.declarer}>${p.defender}`}>
                  <td>{i + 1}</td>
                  <td>
                    <button type="button" class="link" onClick={() => setSelected(i)}>
                      <code>{p.declarer.slice(0, 8)}</code> → <code>{p.defender.slice(0, 8)}</code>
                    </button>
                  </td>
                  <td>{p.handsAsPair}</td>
                  <td>
                    {p.doubles} / {p.calls}
                  </td>
                  <td>{p.z.toFixed(2)}</td>
                  <td>{p.p.toExponential(1)}</td>
                  <td>{p.q.toExponential(1)}</td>
                  <td>
                    {p.tier ?? ''}
                    {p.mutual ? ' · mutual' : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {selected !== null && pairs[selected] && <PairHands pair={pairs[selected]} />}
        </>
      )}
    </section>
  );
}
