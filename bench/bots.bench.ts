/**
 * `npm run bench:bots -- [deals] [variants] [comparisons] [minutes] [--from N|next] [--out file] [--save] [--merge [files]]`:
 * duplicate matches of the bots. Each deal (seeded, the same for both plays) is played twice: once
 * with the seat under test played by the candidate, once by the reference; the other seats are
 * beginners (the `heuristic` strength) in both plays with the same seeds. The seat under test goes
 * round the table from deal to deal. Printed per game variant and comparison: the seat's mean
 * points per hand with each bot and the mean difference with its 95 % confidence interval over
 * deals; the strong bot's decision time p50 / p99 and decisions per second on one core; the
 * decisions the engine refused, and their total over every hand played. Not part of `npm test`.
 * Defaults: 20 deals, every variant, every comparison (solver: Doppelkopf only). When the
 * reference is a strong bot too, its decision times are printed after the candidate's.
 *   variants: dobbm4,dobbm5,droggn3,droggn4,doko48,doko40   comparisons: beginner,random,quarter,solver
 *
 * Runs add up across sittings: `--from N` starts at deal N (deals N … N+deals−1, each the same
 * deal and seats whenever it is played), `--out file` appends each deal's result as a line of
 * JSON, and `--merge file …` plays nothing and prints the table over every deal in the files
 * (a deal played twice counts once). The committed results live in bench/results, one file per
 * variant and comparison (`bots-<variant>-<comparison>.jsonl`): `--save` appends to those,
 * `--from next` starts each comparison after the last deal its file holds, and `--merge` without
 * files merges them all — so chunks played in different sessions make one run.
 *
 * Every line names the code that played it (bench/code-version.ts): `code`, a hash of every file
 * the benchmark runs, with the `commit` it was played at and whether those files differed from it
 * (`dirty`). Chunks make one run only when they were played by the same code: `--merge` refuses
 * a variant and comparison whose lines name more than one version, and `--save` refuses to append to a file of
 * another version (move it out of bench/results, or merge the old chunks with `--out`).
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gameFor, seededRng, shuffle } from '../src/engine/index.js';
import { chooseBotAction } from '../src/solvers/search/strategy.js';
import { decideStrong, DEFAULT_BUDGET, type StrongBudget } from '../src/solvers/search/search.js';
import { playWithSeatBots, type SeatBot } from '../src/bots/seat-play.js';
import { beginnerAt, QUARTER, seating, VARIANTS } from './bot-variants.js';
import { seedOf } from './seeds.js';
import { codeVersion, commitOf } from './code-version.js';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string', default: '0' },
    out: { type: 'string' },
    save: { type: 'boolean', default: false },
    merge: { type: 'boolean', default: false },
  },
});
const merging = opts.merge!;
const played = codeVersion('bench/bots.bench.ts');
const CODE = { code: played.version, ...commitOf(played.files) };
const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const resultFile = (variant: string, comparison: string): string => path.join(RESULTS, `bots-${variant}-${comparison}.jsonl`);
const mergedFiles = !merging
  ? []
  : positionals.length
    ? positionals
    : readdirSync(RESULTS)
        .filter((f) => /^bots-.*\.jsonl$/.test(f))
        .sort()
        .map((f) => path.join(RESULTS, f));
const deals = merging ? 0 : Number(positionals[0] ?? 20);
const variants = (merging ? '' : (positionals[1] ?? Object.keys(VARIANTS).join(','))).split(',').filter(Boolean);
const comparisons = (merging ? '' : (positionals[2] ?? 'beginner,random,quarter,solver')).split(',').filter(Boolean);
/** Optional: no new deal after this many minutes per variant and comparison (the deals played are printed). */
const minutes = Number(merging ? Infinity : (positionals[3] ?? Infinity));
if (opts.from !== 'next' && !Number.isInteger(Number(opts.from))) throw new Error('--from is a deal number or next');
/** The first deal to play of a comparison: `--from N`, or after the last one its committed file holds. */
function firstDeal(variant: string, comparison: string): number {
  if (opts.from !== 'next') return Number(opts.from);
  const file = resultFile(variant, comparison);
  if (!existsSync(file)) return 0;
  return (
    Math.max(
      -1,
      ...mergedRows([file])
        .flat()
        .map((r) => r.deal),
    ) + 1
  );
}

/** `--save` appends only to a file the same code played: a file of one version stays one run. */
function refuseOtherVersion(file: string): void {
  if (!existsSync(file)) return;
  const other = mergedRows([file])
    .flat()
    .find((r) => r.code !== CODE.code);
  if (other)
    throw new Error(`${file} holds results of code ${other.code}, this is ${CODE.code}: move it out of bench/results to start a new run`);
}

type Maker = (deal: number, seat: number) => SeatBot;
const beginner: Maker = beginnerAt;
const random: Maker = (deal, seat) => {
  const rng = seededRng(deal * 16 + seat + 8);
  return (input) => chooseBotAction('random', input.view.game, input.view, rng);
};
const strong =
  (budget: StrongBudget): Maker =>
  (deal, seat) => {
    let n = 0;
    return (input) => decideStrong(input, { seed: deal * 1000 + seat * 100 + n++, budget }).action;
  };
/** The strong bot as before the Doppelkopf solver: every world rolled out to the end. */
const ROLLOUTS: StrongBudget = { ...DEFAULT_BUDGET, endgameTricks: 0 };
const MATCHES: Record<string, { label: string; candidate: Maker; reference: Maker; searched: boolean }> = {
  beginner: { label: 'strong vs beginner', candidate: strong(DEFAULT_BUDGET), reference: beginner, searched: false },
  random: { label: 'strong vs random', candidate: strong(DEFAULT_BUDGET), reference: random, searched: false },
  quarter: { label: 'strong vs strong at ¼ budget', candidate: strong(DEFAULT_BUDGET), reference: strong(QUARTER), searched: true },
  solver: { label: 'strong vs strong by rollouts', candidate: strong(DEFAULT_BUDGET), reference: strong(ROLLOUTS), searched: true },
};

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
function ci95(xs: number[]): number {
  if (xs.length < 2) return NaN;
  const m = mean(xs);
  const variance = xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1);
  return 1.96 * Math.sqrt(variance / xs.length);
}
const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const f = (x: number, digits = 1): string => (Number.isFinite(x) ? x.toFixed(digits) : '–');

/** One duplicate deal of one comparison: the tested seat's score in both plays and the strong bot's decision times. */
interface DealResult {
  variant: string;
  comparison: string;
  deal: number;
  candidate: number;
  reference: number;
  /** Decision ms of the candidate (and of the reference when it is a strong bot too). */
  times: number[];
  refTimes: number[];
  refused: number;
  /** Decisions of both plays at every seat, refused ones included. */
  decisions: number;
  /** The code that played it (bench/code-version.ts) and the commit it was played at. */
  code: string;
  commit: string;
  dirty: boolean;
  /** Set on lines played before lines named their code: the version was read from git history. */
  labelled?: string;
}

/** Decision times to a tenth of a millisecond: finer than any figure printed, and a deal's line stays short in the committed files. */
const ms = (xs: number[]): number[] => xs.map((x) => Math.round(x * 10) / 10);

function playDeal(name: string, which: string, d: number): Omit<DealResult, 'code' | 'commit' | 'dirty' | 'labelled'> {
  const { game: id, rules } = VARIANTS[name]!;
  const game = gameFor(id);
  const parsed = game.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const options = parsed.options;
  const seats = game.seatCount(options);
  const match = MATCHES[which]!;
  const { dealer, tested } = seating(id, seats, d);
  const hand = { options, deck: shuffle(seedOf(d), game.deck(options)), setup: { dealer } };
  const play = (maker: Maker) =>
    playWithSeatBots(
      id,
      hand,
      Array.from({ length: seats }, (_, s) => (s === tested ? maker(d, s) : beginner(d, s))),
    );
  const a = play(match.candidate);
  const b = play(match.reference);
  return {
    variant: name,
    comparison: which,
    deal: d,
    candidate: a.scores[tested]!,
    reference: b.scores[tested]!,
    times: ms(a.times[tested]!),
    refTimes: match.searched ? ms(b.times[tested]!) : [],
    refused: a.refusals + b.refusals,
    decisions: a.times.flat().length + b.times.flat().length,
  };
}

function printRow(rows: DealResult[]): void {
  const { variant, comparison } = rows[0]!;
  const match = MATCHES[comparison]!;
  const cand = rows.map((r) => r.candidate);
  const diffs = rows.map((r) => r.candidate - r.reference);
  const times = rows.flatMap((r) => r.times);
  const sorted = times.slice().sort((x, y) => x - y);
  const refSorted = rows.flatMap((r) => r.refTimes).sort((x, y) => x - y);
  const refused = rows.reduce((n, r) => n + r.refused, 0);
  const span = `${Math.min(...rows.map((r) => r.deal))}–${Math.max(...rows.map((r) => r.deal))}`;
  console.log(
    `${variant.padEnd(11)} ${match.label.padEnd(30)} ${String(rows.length).padStart(5)} ${f(mean(cand)).padStart(10)} ${f(mean(rows.map((r) => r.reference))).padStart(10)} ` +
      `${`${f(mean(diffs), 2)} ± ${f(ci95(diffs), 2)}`.padStart(20)}   ${`${f(quantile(sorted, 0.5))} / ${f(quantile(sorted, 0.99))}`.padStart(28)}` +
      `   ${f(1000 / mean(times), 0).padStart(11)}   ${String(refused).padStart(7)}   deals ${span}` +
      (match.searched ? `   reference ms p50 / p99 ${f(quantile(refSorted, 0.5))} / ${f(quantile(refSorted, 0.99))}` : ''),
  );
}

/**
 * Every deal of the files, the last line of a deal winning, grouped by variant and comparison in
 * order of appearance. Throws when the lines of one variant and comparison were played by more
 * than one version of the code, or a line names none: a mean over two versions measures neither.
 */
function mergedRows(files: string[]): DealResult[][] {
  const groups = new Map<string, Map<number, DealResult>>();
  const versions = new Map<string, Map<string, Set<string>>>();
  for (const file of files)
    for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as DealResult;
      if (!r.code) throw new Error(`${file}:${i + 1} names no code version: results from before bench/code-version.ts cannot be merged`);
      const of = versions.get(`${r.variant} ${r.comparison}`) ?? new Map<string, Set<string>>();
      versions.set(`${r.variant} ${r.comparison}`, of.set(r.code, (of.get(r.code) ?? new Set()).add(path.relative(process.cwd(), file))));
      const key = `${r.variant} ${r.comparison}`;
      if (!groups.has(key)) groups.set(key, new Map());
      groups.get(key)!.set(r.deal, r);
    }
  for (const [group, of] of versions)
    if (of.size > 1)
      throw new Error(
        `refusing to merge ${group}: its results were played by ${of.size} versions of the code, ${[...of].map(([v, f]) => `${v} (${[...f].join(', ')})`).join('; ')}`,
      );
  return [...groups.values()].map((g) => [...g.values()].sort((a, b) => a.deal - b.deal));
}

console.log(
  (merging
    ? `bots in duplicate, merged from ${mergedFiles.map((f) => path.relative(process.cwd(), f)).join(', ')}`
    : `bots in duplicate: ${deals} deals from deal ${opts.from} per variant and comparison`) +
    `; default budget ${DEFAULT_BUDGET.worlds} worlds / ${DEFAULT_BUDGET.timeMs} ms, ` +
    `quarter ${QUARTER.worlds} / ${QUARTER.timeMs} ms; this checkout: code ${CODE.code} at ${CODE.commit.slice(0, 12)}${CODE.dirty ? ' (dirty)' : ''}; ${new Date().toISOString()}\n`,
);
console.log(
  'variant     comparison                     deals  candidate  reference  difference ± 95% CI   strong decision ms p50 / p99   decisions/s   refused',
);
const all: DealResult[] = [];
if (merging)
  for (const rows of mergedRows(mergedFiles)) {
    printRow(rows);
    all.push(...rows);
  }
for (const name of variants)
  for (const which of comparisons) {
    if (which === 'solver' && VARIANTS[name]!.game !== 'doppelkopf') continue;
    const rows: DealResult[] = [];
    const started = Date.now();
    if (opts.save) refuseOtherVersion(resultFile(name, which));
    const from = firstDeal(name, which);
    for (let d = from; d < from + deals && Date.now() - started < minutes * 60_000; d++) {
      const r = { ...playDeal(name, which, d), ...CODE };
      rows.push(r);
      const line = JSON.stringify(r) + '\n';
      if (opts.out) appendFileSync(opts.out, line);
      if (opts.save) {
        mkdirSync(RESULTS, { recursive: true });
        appendFileSync(resultFile(name, which), line);
      }
    }
    if (rows.length) printRow(rows);
    all.push(...rows);
  }
const decisions = all.reduce((n, r) => n + r.decisions, 0);
console.log(
  `\nrefused by the engine: ${all.reduce((n, r) => n + r.refused, 0)} of ${decisions} decisions (every seat) over ${all.length * 2} hands`,
);
