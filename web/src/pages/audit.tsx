import { useEffect, useState } from 'preact/hooks';
import { api, asAuditor, ok } from '../api.js';
import { usePlayerNames } from '../player-names.js';
import { DoublingReport } from '../audit/doubling-report.js';
import type { Pair, SharingPair } from '../audit/scatter.js';
import { SharingReport } from '../audit/sharing-report.js';
import { formatNumber, t } from '../i18n/index.js';
import { gameName } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { auditorToken, rememberAuditor } from '../session.js';

interface Job {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  error?: string | null;
  /** The doubling audit's pairs, or (filters.kind card-sharing) the card-sharing audit's. */
  pairs?: (Pair | SharingPair)[] | null;
  filters?: { kind?: string };
}

/** What the audit looks for (docs/audit.md, docs/audit-card-sharing.md). */
type Kind = 'doubling' | 'card-sharing';

/** The collusion audit: run it for a game, watch it, read the ranked pairs, drill down to hands. */
export function Audit() {
  const [tokenInput, setTokenInput] = useState('');
  const [game, setGame] = useState<'dobbm' | 'droggn' | 'doppelkopf'>('dobbm');
  const [kind, setKind] = useState<Kind>('doubling');
  const [minHands, setMinHands] = useState('');
  const [job, setJob] = useState<Job | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Poll the running job twice a second until it is done.
  useEffect(() => {
    if (!job || job.status !== 'running') return;
    const timer = setTimeout(async () => {
      try {
        setJob(ok(await api.GET('/audit/collusion/jobs/{id}', { params: { path: { id: job.jobId } }, headers: asAuditor })) as Job);
      } catch (err) {
        setError(refusalText(err));
      }
    }, 500);
    return () => clearTimeout(timer);
  }, [job]);

  const done = job?.status === 'done' ? (job.pairs ?? []) : null;
  const sharing = job?.filters?.kind === 'card-sharing' ? (done as SharingPair[] | null) : null;
  const pairs = sharing ? null : (done as Pair[] | null);
  const nameOf = usePlayerNames(
    (sharing ?? [])
      .slice(0, 50)
      .flatMap((p) => [p.seer, p.seen])
      .concat((pairs ?? []).slice(0, 50).flatMap((p) => [p.declarer, p.defender])),
  );
  if (!auditorToken.value) {
    return (
      <section>
        <h1>{t('audit.title')}</h1>
        <form
          class="panel row"
          onSubmit={(e) => {
            e.preventDefault();
            rememberAuditor(tokenInput.trim() || null);
          }}
        >
          <label>
            {t('audit.token')}{' '}
            <input type="password" autocomplete="off" value={tokenInput} onInput={(e) => setTokenInput(e.currentTarget.value)} />
          </label>
          <button class="primary" type="submit">
            {t('audit.use')}
          </button>
          <span class="note">{t('audit.tokenNote')}</span>
        </form>
      </section>
    );
  }

  async function start(e: Event) {
    e.preventDefault();
    setError(null);
    try {
      const query = { game, kind, ...(minHands ? { minHands: Number(minHands) } : {}) };
      setJob(ok(await api.GET('/audit/collusion', { params: { query }, headers: asAuditor })) as Job);
    } catch (err) {
      setError(refusalText(err));
    }
  }

  return (
    <section>
      <h1>{t('audit.title')}</h1>
      <form class="panel row" onSubmit={start} aria-label={t('audit.form')}>
        <label>
          {t('audit.game')}{' '}
          <select aria-label={t('audit.auditedGame')} value={game} onChange={(e) => setGame(e.currentTarget.value as typeof game)}>
            <option value="dobbm">{gameName('dobbm')}</option>
            <option value="droggn">{gameName('droggn')}</option>
            <option value="doppelkopf">{gameName('doppelkopf')}</option>
          </select>
        </label>
        <label>
          {t('audit.kind')}{' '}
          <select aria-label={t('audit.auditedKind')} value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
            <option value="doubling">{t('audit.kinds.doubling')}</option>
            <option value="card-sharing">{t('audit.kinds.cardSharing')}</option>
          </select>
        </label>
        <label>
          {t('audit.minHands')}{' '}
          <input type="number" min={1} value={minHands} onInput={(e) => setMinHands(e.currentTarget.value)} placeholder={t('audit.any')} />{' '}
          {t('audit.minHandsAfter')}
        </label>
        <button class="primary" type="submit">
          {t('audit.run')}
        </button>
        <button type="button" onClick={() => rememberAuditor(null)}>
          {t('audit.forget')}
        </button>
      </form>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {job && job.status === 'running' && (
        <p data-testid="progress">
          <progress max={job.total || 1} value={job.done} />{' '}
          {t('audit.progress', { done: formatNumber(job.done), total: formatNumber(job.total) })}
        </p>
      )}
      {job?.status === 'failed' && <p class="error">{t('audit.failed')}</p>}
      {pairs && <DoublingReport pairs={pairs} game={game} nameOf={nameOf} />}
      {sharing && <SharingReport pairs={sharing} nameOf={nameOf} />}
    </section>
  );
}
