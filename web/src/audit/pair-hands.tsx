import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiProblem, asAuditor, ok, type Schemas } from '../api.js';
import { formatDate, formatNumber, t, tOptional } from '../i18n/index.js';
import { callName, contractName } from '../phrasebook/index.js';
import { refusalText } from '../phrasebook/refusals.js';
import { Words } from '../phrasebook/terms.js';
import { useHandSeatNames } from './names.js';
import type { Pair } from './scatter.js';

export type HandSummary = Schemas['HandSummaryDto'];

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

/** The finished hands two players sat at together (null while they load), or why they could not be read. */
function useHandsTogether(a: string, b: string): { hands: HandSummary[] | null; error: string | null } {
  const [hands, setHands] = useState<HandSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setHands(null);
    (async () => {
      try {
        const [mine, theirs] = await Promise.all([allHands(a), allHands(b)]);
        const shared = new Set(theirs.map((h) => h.id));
        setHands(mine.filter((h) => shared.has(h.id) && h.status === 'finished'));
      } catch (err) {
        setError(refusalText(err));
      }
    })();
  }, [a, b]);
  return { hands, error };
}

/**
 * A hand's stored audit evidence of a kind (GET /hands/{id}/audit): a hand whose evidence no
 * worker has stored yet answers 202, and is asked again when it says.
 */
export function useStoredEvidence<E>(
  handId: string,
  kind: 'doubling' | 'card-sharing',
): { evidence: E | null; pending: boolean; error: string | null } {
  const [evidence, setEvidence] = useState<E | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    let stopped = false;
    const load = async () => {
      while (!stopped) {
        const r = await api.GET('/hands/{id}/audit', {
          params: { path: { id: handId }, query: { kind } },
          headers: { ...asAuditor, prefer: 'wait=10' },
        });
        if (r.response.status !== 202) {
          setPending(false);
          return setEvidence(((ok(r) as { evidence?: E }).evidence ?? null) as E | null);
        }
        setPending(true);
        const after = Number(r.response.headers.get('retry-after')) || 1;
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, after) * 1000));
      }
    };
    load().catch((e: unknown) => setError(refusalText(e)));
    return () => {
      stopped = true;
    };
  }, [handId, kind]);
  return { evidence, pending, error };
}

/** Which hand a row is, in words: its number at its table and when it ended, or when an imported record came in. */
export function handWhen(h: HandSummary): string {
  if (h.number === null) return t('audit.importedOn', { date: formatDate(h.createdAt) });
  return t('audit.handOf', { number: formatNumber(h.number), date: formatDate(h.finishedAt ?? h.createdAt) });
}

/**
 * The finished hands two players sat at together (the first 60), each a row with the audit's own
 * cells, a button that opens its evidence below it, and its replay.
 */
export function HandsTogether({
  a,
  b,
  title,
  label,
  cells,
  openLabel,
  detail,
}: {
  a: string;
  b: string;
  /** The heading and the section's label, for the number of hands. */
  title: (count: number) => string;
  label: (count: number) => string;
  cells: (hand: HandSummary) => ComponentChildren[];
  openLabel: string;
  detail: (hand: HandSummary) => ComponentChildren;
}) {
  const { hands, error } = useHandsTogether(a, b);
  const [open, setOpen] = useState<string | null>(null);
  if (error) return <p class="error">{error}</p>;
  if (!hands) return <p>{t('audit.loadingPair')}</p>;
  return (
    <section class="panel" aria-label={label(hands.length)} data-testid="pair-hands">
      <h3>{title(hands.length)}</h3>
      <div class="scroll">
        <table class="list">
          <tbody>
            {hands.slice(0, 60).map((h) => {
              const own = cells(h);
              return (
                <>
                  <tr data-hand={h.id}>
                    {own.map((c) => (
                      <td>{c}</td>
                    ))}
                    <td>
                      <div class="row">
                        <button type="button" onClick={() => setOpen(open === h.id ? null : h.id)}>
                          {open === h.id ? t('audit.hide') : openLabel}
                        </button>
                        <a href={`/hands/${h.id}/replay`}>{t('history.replay')}</a>
                      </div>
                    </td>
                  </tr>
                  {open === h.id && (
                    <tr>
                      <td colSpan={own.length + 1}>{detail(h)}</td>
                    </tr>
                  )}
                </>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The hands a pair sat at together, each with its doubling evidence and a check of its log. */
export function PairHands({ pair, nameOf }: { pair: Pair; nameOf: (playerId: string) => string }) {
  return (
    <HandsTogether
      a={pair.declarer}
      b={pair.defender}
      title={(count) => `${nameOf(pair.declarer)} → ${nameOf(pair.defender)}: ${t('audit.pairHands', { count })}`}
      label={(count) => t('audit.pairHands', { count })}
      cells={(h) => [
        handWhen(h),
        <Words text={contractName((h.result as { contract?: string } | null)?.contract)} />,
        `×${formatNumber((h.result as { multiplier?: number } | null)?.multiplier ?? 1)}`,
      ]}
      openLabel={t('audit.evidence')}
      detail={(h) => <HandEvidence handId={h.id} tableId={h.tableId} />}
    />
  );
}

type Call = Record<string, unknown> & { actionIndex: number; seat: number; call: string; step?: string };

/** A call's word: Gut, Schwacher, Retour; in Doppelkopf an announcement (Kontra, Keine 90 …) or none made. */
const callWord = (call: string): string => (call === 'none' ? t('audit.noAnnouncement') : (tOptional(`levels.${call}`) ?? callName(call)));
/** Doppelkopf's evidence counts the announcement points before a call, the other games the doubling factor. */
const isDoppelkopf = (calls: readonly Call[]): boolean => calls.some((c) => c.step === 'ansage' || c.step === 'absage');

/** Each doubling call's evidence (GET /hands/{id}/audit) and the log's verification (GET /hands/{id}/verify). */
function HandEvidence({ handId, tableId }: { handId: string; tableId: string | null }) {
  const nameOf = useHandSeatNames(handId, tableId);
  const stored = useStoredEvidence<{ calls?: Call[] }>(handId, 'doubling');
  const calls = stored.evidence ? (stored.evidence.calls ?? []) : null;
  const pending = stored.pending;
  const [verify, setVerify] = useState<Schemas['VerifyDto'] | null>(null);
  const [ownError, setError] = useState<string | null>(null);
  const error = stored.error ?? ownError;
  const num = (v: unknown) => (typeof v === 'number' ? formatNumber(v, { hundredths: !Number.isInteger(v) }) : '—');
  return (
    <div data-testid="evidence">
      {error && <p class="error">{error}</p>}
      {pending && <p class="note">{t('audit.evidencePending')}</p>}
      {calls && calls.length === 0 && <p class="note">{t('audit.noCall')}</p>}
      {calls && calls.length > 0 && (
        <div class="scroll">
          <table class="list">
            <thead>
              <tr>
                <th>{t('audit.step')}</th>
                <th>{t('audit.seat')}</th>
                <th>{t('audit.call')}</th>
                <th>{t('audit.role')}</th>
                <th>{isDoppelkopf(calls) ? t('audit.pointsBefore') : t('audit.before')}</th>
                <th>{t('audit.winChance')}</th>
                <th>{t('audit.cost')}</th>
                <th>{t('audit.value')}</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((c) => (
                <tr>
                  <td>{formatNumber(c.actionIndex)}</td>
                  <td>{nameOf(c.seat)}</td>
                  <td>
                    <Words text={callWord(c.call)} />
                  </td>
                  <td>{c.role === 'declarer' ? t('audit.roles.declarer') : t('audit.roles.defender')}</td>
                  <td>{num(c.multiplierBefore)}</td>
                  <td>{num(c.winProbabilityCaller)}</td>
                  <td>{num(c.expectedCostToCaller)}</td>
                  <td>{num(c.valueToDeclarer)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p class="row">
        <button
          type="button"
          onClick={async () => {
            try {
              setVerify(ok(await api.GET('/hands/{id}/verify', { params: { path: { id: handId } }, headers: asAuditor })));
            } catch (err) {
              setError(refusalText(err));
            }
          }}
        >
          {t('audit.verify')}
        </button>
        {verify && (
          <span data-testid="verify" class={verify.ok ? '' : 'error'}>
            {verify.ok
              ? t('audit.verifyOk', { events: verify.events })
              : t('audit.verifyBad', {
                  problems: verify.problems.map((p) => refusalText(new ApiProblem(409, p.code, p.detail))).join(' '),
                })}
          </span>
        )}
      </p>
    </div>
  );
}
