/**
 * `npm run audit:simulate -- --kind card-sharing` (docs/audit-card-sharing.md#simulator):
 *   --game dobbm|droggn|doppelkopf --players 16 --hands 2000 --colluding-pairs 2 --rate 0.5 [--seed S] [--worlds W]
 * Plays the hands (every player the strong bot, the planted pairs sharing their cards in a share
 * `rate` of their hands), computes each hand's card-sharing evidence, writes it as NDJSON, runs
 * the pair statistics at checkpoints and prints ROC-AUC over ordered pairs, the planted pairs
 * flagged at a per-pair false-positive rate of 1e-3 and the honest p-values' distance from
 * uniform. Without `--seed` the seed is drawn at run time and printed.
 *
 * `--resume` (with the run's own arguments and a larger `--hands`) continues a run: the hands in
 * its `-hands.ndjson` are read back, the rest played and appended, as one run of that size would.
 *
 * `--from-hands FILE.ndjson` (with the run's `--seed`, `--players`, `--colluding-pairs`) plays
 * nothing: it scores a run's saved hands again, moments counted alike and weighted by their
 * worth, at every `--check-every` hands, so that the two scorings meet on the same evidence.
 * Several files, comma-separated, are read as one run, in the order the hands were played.
 *
 * `--shard K/N` plays every N-th hand from the K-th (1-based) into `<out>-KofN-hands.ndjson`,
 * from hand `--from` (default 0) on, and prints no figures: N processes play one run between
 * them, and `--from-hands` with their files scores it.
 *
 * `--evidence-from FILE.ndjson` (with the run's `--seed` and another `--worlds`) plays nothing:
 * it computes each saved hand's evidence anew from its record at that budget, with the seed the
 * run used, and writes `<out>-w<worlds>-hands.ndjson` — so that two budgets meet on the same
 * hands. `--shard K/N` takes every N-th hand from the K-th (1-based), for N processes at once.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { GAME_IDS, type GameId } from '../../src/engine/index.js';
import { rocAuc, uniformityDeviation } from '../../src/collusion/pairs/stats.js';
import { FLAG_P } from '../../src/collusion/sim/metrics.js';
import {
  sharingPairStatistics,
  type SharingHand,
  type SharingPairOptions,
  type SharingPairRow,
} from '../../src/collusion/sharing/pairs.js';
import {
  evidenceSeed,
  inShard,
  plantedPairs,
  simulateSharing,
  type SharingSimConfig,
  type SharingSimHand,
  type Shard,
} from '../../src/collusion/sharing/simulate.js';
import { SHARING_BUDGET, sharingBudget, sharingEstimator, sharingEvidence } from '../../src/collusion/sharing/evidence.js';

interface RunArgs extends SharingSimConfig {
  out: string;
  checkEvery: number;
  fromHands: string | null;
  evidenceFrom: string | null;
  shard: Shard;
  resume: boolean;
  from: number;
}

function parse(argv: string[]): RunArgs {
  const get = (name: string, fallback: string): string => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1]! : fallback;
  };
  const game = get('game', 'dobbm') as GameId;
  if (!GAME_IDS.includes(game)) throw new Error(`--game ${game}: one of ${GAME_IDS.join(', ')}`);
  const seed = Number(get('seed', String(randomInt(1, 2 ** 31))));
  const hands = Number(get('hands', '400'));
  return {
    game,
    players: Number(get('players', game === 'droggn' ? '12' : '16')),
    hands,
    pairs: Number(get('colluding-pairs', '2')),
    rate: Number(get('rate', '0.5')),
    seed,
    handsPerSeating: Number(get('hands-per-seating', '25')),
    // The evidence's worlds: the service's estimator unless asked otherwise.
    evidenceBudget: sharingBudget(Number(get('worlds', String(SHARING_BUDGET.worlds)))),
    out: get('out', `reports/card-sharing-${game}-${seed}`),
    checkEvery: Number(get('check-every', String(Math.max(20, Math.floor(hands / 10))))),
    fromHands: get('from-hands', '') || null,
    evidenceFrom: get('evidence-from', '') || null,
    shard: shardOf(get('shard', '1/1')),
    resume: argv.includes('--resume'),
    from: Number(get('from', '0')),
  };
}

function shardOf(text: string): Shard {
  const [k, n] = text.split('/').map(Number);
  if (!Number.isInteger(k) || !Number.isInteger(n) || k! < 1 || k! > n!) throw new Error(`--shard ${text}: K/N with 1 ≤ K ≤ N`);
  return { k: k!, n: n! };
}

interface Figures {
  hands: number;
  pairs: number;
  auc: number;
  plantedFlagged: number;
  planted: number;
  honestFlagged: number;
  honestKs: number;
  honestBelow05: number;
  /** Hands each planted ordered pair shared so far, with its p-value. */
  plantedRows: { pair: string; hands: number; p: number; z: number; rate: number; rateOthers: number }[];
}

function figures(log: readonly SharingHand[], planted: ReadonlyMap<string, string>, options: SharingPairOptions = {}): Figures {
  const rows = sharingPairStatistics(log, options).filter((r) => r.method !== 'untested');
  const isPlanted = (r: SharingPairRow): boolean => planted.get(r.seer) === r.seen;
  const bad = rows.filter(isPlanted);
  const honest = rows.filter((r) => !isPlanted(r));
  return {
    hands: log.length,
    pairs: rows.length,
    auc: rocAuc(
      rows.map((r) => r.z),
      rows.map(isPlanted),
    ),
    plantedFlagged: bad.filter((r) => r.p <= FLAG_P).length,
    planted: bad.length,
    honestFlagged: honest.filter((r) => r.p <= FLAG_P).length,
    honestKs: uniformityDeviation(honest.map((r) => r.p)),
    honestBelow05: honest.filter((r) => r.p <= 0.05).length / Math.max(1, honest.length),
    plantedRows: bad.map((r) => ({ pair: `${r.seer}>${r.seen}`, hands: r.hands, p: r.p, z: r.z, rate: r.rate, rateOthers: r.rateOthers })),
  };
}

/** One line of figures: AUC, the planted pairs flagged and their p, the honest pairs flagged, their distance from uniform and their share at p ≤ 0.05. */
const line = (f: Figures): string =>
  `AUC ${f.auc.toFixed(3)}, planted flagged ${f.plantedFlagged}/${f.planted}, honest flagged ${f.honestFlagged}/${f.pairs - f.planted}, honest KS ${f.honestKs.toFixed(3)} (p ≤ 0.05: ${(100 * f.honestBelow05).toFixed(1)} %); ${f.plantedRows.map((r) => `${r.pair} ${r.hands} hands p=${r.p.toExponential(1)} z=${r.z.toFixed(2)} (${r.rate.toFixed(2)} vs ${r.rateOthers.toFixed(2)})`).join('; ')}`;

/** A hand's place in its run, from its id. */
const sequenceOf = (handId: string): number => Number(handId.slice(1));

/** A run's saved lines (one or more files, comma-separated), in the order the hands were played. */
const savedLines = (files: string): SharingSimHand[] =>
  files
    .split(',')
    .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as SharingSimHand)
    .sort((a, b) => sequenceOf(a.handId) - sequenceOf(b.handId));

/** A run's saved hands, as the pair statistics read them. */
const savedHands = (files: string): SharingHand[] =>
  savedLines(files).map((h) => ({ handId: h.handId, players: h.players, evidence: h.evidence }));

/** A run's saved hands' evidence computed anew from their records at the run's `--worlds`. */
function evidenceAnew(config: RunArgs, files: string): void {
  const { k, n } = config.shard;
  const lines = savedLines(files).filter((h) => inShard(sequenceOf(h.handId), config.shard));
  const out = `${config.out}-w${config.evidenceBudget!.worlds}${n > 1 ? `-${k}of${n}` : ''}-hands.ndjson`;
  console.log(`${files}: ${lines.length} hands (shard ${k}/${n}), evidence ${sharingEstimator(config.evidenceBudget)} → ${out}`);
  writeFileSync(out, '');
  const start = performance.now();
  lines.forEach((h, i) => {
    const evidence = sharingEvidence(h.record, { seed: evidenceSeed(config.seed, sequenceOf(h.handId)), budget: config.evidenceBudget });
    appendFileSync(out, JSON.stringify({ handId: h.handId, players: h.players, evidence, sharing: h.sharing }) + '\n');
    if ((i + 1) % 50 === 0 || i + 1 === lines.length)
      console.log(`${i + 1} hands (${((performance.now() - start) / 1000 / (i + 1)).toFixed(2)} s/hand, load ${loadavg()[0]!.toFixed(1)})`);
  });
}

/** One of N processes playing a run: every N-th hand, written as played, no figures. */
function playShard(config: RunArgs): void {
  const { k, n } = config.shard;
  const out = `${config.out}-${k}of${n}-hands.ndjson`;
  console.log(
    `card-sharing ${config.game}: seed ${config.seed}, hands ${config.from}–${config.hands - 1}, shard ${k}/${n}, evidence ${sharingEstimator(config.evidenceBudget)} → ${out}`,
  );
  writeFileSync(out, '');
  const start = performance.now();
  let played = 0;
  for (const hand of simulateSharing(config)) {
    appendFileSync(out, JSON.stringify(hand) + '\n');
    if (++played % 50 === 0)
      console.log(`${played} hands (${((performance.now() - start) / 1000 / played).toFixed(1)} s/hand, load ${loadavg()[0]!.toFixed(1)})`);
  }
  console.log(`${played} hands played, written ${out}`);
}

/** A run's saved hands scored again, each choice alike and weighted by worth, at every `checkEvery` hands. */
function rescore(config: RunArgs, file: string): void {
  const planted = plantedPairs(config);
  const log = savedHands(file);
  console.log(`${file}: ${log.length} hands; planted ${[...planted].map(([a, b]) => `${a}>${b}`).join(' ')}`);
  for (let n = config.checkEvery; n <= log.length; n += config.checkEvery)
    for (const weight of ['choice', 'worth'] as const)
      console.log(`${n} hands, ${weight}: ${line(figures(log.slice(0, n), planted, { weight }))}`);
}

export async function runCardSharing(argv: string[]): Promise<void> {
  const config = parse(argv);
  if (config.fromHands) return rescore(config, config.fromHands);
  mkdirSync(config.out.replace(/\/[^/]*$/, ''), { recursive: true });
  if (config.evidenceFrom) return evidenceAnew(config, config.evidenceFrom);
  if (config.shard.n > 1) return playShard(config);
  const planted = plantedPairs(config);
  console.log(
    `card-sharing ${config.game}: seed ${config.seed} (drawn at run time unless given), ${config.players} players, ${config.hands} hands, ${config.pairs} planted pairs at rate ${config.rate}, evidence ${sharingEstimator(config.evidenceBudget)}; planted: ${[...planted].map(([a, b]) => `${a}>${b}`).join(' ')}; load ${loadavg()[0]!.toFixed(1)}`,
  );
  const log: SharingHand[] = config.resume ? savedHands(`${config.out}-hands.ndjson`) : [];
  if (!config.resume) writeFileSync(`${config.out}-hands.ndjson`, '');
  else console.log(`resumed: ${log.length} hands read back from ${config.out}-hands.ndjson`);
  // The checkpoints of the hands read back, as the run that played them printed them.
  const checkpoints: Figures[] = [];
  for (let n = config.checkEvery; n <= log.length; n += config.checkEvery) checkpoints.push(figures(log.slice(0, n), planted));
  const start = performance.now();
  const resumedAt = log.length;
  for (const hand of simulateSharing({ ...config, from: resumedAt })) {
    log.push({ handId: hand.handId, players: hand.players, evidence: hand.evidence });
    appendFileSync(`${config.out}-hands.ndjson`, JSON.stringify(hand) + '\n');
    if (log.length % config.checkEvery === 0 || log.length === config.hands) {
      const f = figures(log, planted);
      checkpoints.push(f);
      const perHand = (performance.now() - start) / 1000 / (log.length - resumedAt);
      console.log(`${f.hands} hands (${perHand.toFixed(1)} s/hand, load ${loadavg()[0]!.toFixed(1)}): ${line(f)}`);
    }
  }
  const last = checkpoints.at(-1)!;
  const allFlaggedFrom = checkpoints.findIndex((f, i) =>
    checkpoints.slice(i).every((g) => g.planted > 0 && g.plantedFlagged === g.planted),
  );
  const flaggedFromHands = allFlaggedFrom >= 0 ? Math.max(...checkpoints[allFlaggedFrom]!.plantedRows.map((r) => r.hands)) : null;
  const summary = { config, load: loadavg(), seconds: (performance.now() - start) / 1000, final: last, flaggedFromHands, checkpoints };
  writeFileSync(`${config.out}.json`, JSON.stringify(summary, null, 2));
  console.log(
    `final: AUC ${last.auc.toFixed(3)}, planted flagged at ${FLAG_P} ${last.plantedFlagged}/${last.planted}, honest flagged ${last.honestFlagged}, honest KS ${last.honestKs.toFixed(3)} (p ≤ 0.05: ${(100 * last.honestBelow05).toFixed(1)} %); all planted flagged from ${flaggedFromHands ?? '—'} shared hands on; written ${config.out}.json`,
  );
}
