/**
 * `npm run bench:review` — the hand review (src/solvers/review/, docs/review.md):
 *
 * - default: review time per hand for each game on one core — CPU time of this single thread,
 *   the work one worker core does, beside the wall time — on the same deals every run (deals
 *   1…N, played by two strong and two random bots, not timed); p50 and p99 per game.
 * - `--fit`: the label thresholds from the strong bot's own losses: tables of four strong bots,
 *   the 80th, 93rd and 98th percentiles of their unforced decisions' losses on the fit deals
 *   (fixed: 1000…), and the share each label then takes on report deals drawn at run time,
 *   beside those deals' own percentiles: how far the fit carries to hands it was not made on.
 * - `--aims`: the aims at Doppelkopf tables of two strong (seats 0, 2) and two random
 *   bots (1, 3), on deals drawn at run time: mean loss per decision, share of mistakes and
 *   blunders, accuracy.
 *
 * `--hands N` (default 8) per game; `--games dobbm,droggn` only those (default all three). Every figure is printed with the deals it came from; a last
 * `RESULT` line per game in JSON with the code version (bench/code-version.ts).
 */
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import type { GameId, HandRecord } from '../src/engine/index.js';
import { seatInputOf } from '../src/bots/seat-play.js';
import { DEFAULT_BUDGET } from '../src/solvers/search/search.js';
import { REVIEW_RULES, reviewEstimator } from '../src/solvers/review/games.js';
import { reviewHand, type HandReview } from '../src/solvers/review/review.js';
import { botHand, type TableBot } from './review-table.js';
import { codeVersion } from './code-version.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const HANDS = Number(flag('--hands') ?? 8);
const ALL_TABLES: { game: GameId; rules: Record<string, unknown> }[] = [
  { game: 'doppelkopf', rules: {} },
  { game: 'dobbm', rules: { players: 4 } },
  { game: 'droggn', rules: { players: 4 } },
];
const only = flag('--games')?.split(',');
const TABLES = ALL_TABLES.filter((t) => !only || only.includes(t.game));
const MIXED: TableBot[] = ['strong', 'random', 'strong', 'random'];
// The table's strong bots think as at a table, but with no clock: a hand is a function of its deal.
const TABLE_BUDGET = { ...DEFAULT_BUDGET, timeMs: Infinity };
const code = codeVersion('bench/review.bench.ts').version;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};
const hand = (t: (typeof TABLES)[number], deal: number, bots: TableBot[]): HandRecord => botHand(t.game, t.rules, deal, bots, TABLE_BUDGET);
const review = (record: HandRecord, deal: number): HandReview => reviewHand(record, { seed: deal, inputOf: seatInputOf });
const runTimeDeals = (n: number): number[] => Array.from({ length: n }, () => randomInt(2 ** 30));
const unforced = (r: HandReview, seats: readonly number[]) =>
  r.seats.filter((s) => seats.includes(s.seat)).flatMap((s) => s.decisions.filter((d) => !d.forced));

function timing(): void {
  for (const t of TABLES) {
    const deals = Array.from({ length: HANDS }, (_, i) => i + 1);
    const cpu: number[] = [];
    const wall: number[] = [];
    for (const deal of deals) {
      const record = hand(t, deal, MIXED);
      const c = process.cpuUsage();
      const w = performance.now();
      review(record, deal);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1e6);
      wall.push((performance.now() - w) / 1000);
    }
    const line = {
      bench: 'review',
      game: t.game,
      estimator: reviewEstimator(t.game),
      deals: `1-${HANDS}`,
      cpuP50: +quantile(cpu, 0.5).toFixed(2),
      cpuP99: +quantile(cpu, 0.99).toFixed(2),
      wallP50: +quantile(wall, 0.5).toFixed(2),
      wallP99: +quantile(wall, 0.99).toFixed(2),
      load: os.loadavg()[0]!.toFixed(1),
      code,
    };
    console.log(
      `${t.game}: review CPU s per hand p50 ${line.cpuP50}, p99 ${line.cpuP99} (wall ${line.wallP50} / ${line.wallP99}) over deals ${line.deals}`,
    );
    console.log(`RESULT ${JSON.stringify(line)}`);
  }
}

function fit(): void {
  for (const t of TABLES) {
    const lossesOf = (deals: number[]): number[] =>
      deals.flatMap((deal) =>
        unforced(review(hand(t, deal, ['strong', 'strong', 'strong', 'strong']), deal), [0, 1, 2, 3]).map((d) => d.loss),
      );
    const fitDeals = Array.from({ length: HANDS }, (_, i) => 1000 + i);
    const fitted = lossesOf(fitDeals);
    const cut = { inaccuracy: quantile(fitted, 0.8), mistake: quantile(fitted, 0.93), blunder: quantile(fitted, 0.98) };
    const reportDeals = runTimeDeals(HANDS);
    const report = lossesOf(reportDeals);
    const share = (lo: number, hi = Infinity) => ((100 * report.filter((l) => l >= lo && l < hi).length) / report.length).toFixed(1);
    const reportCut = { inaccuracy: quantile(report, 0.8), mistake: quantile(report, 0.93), blunder: quantile(report, 0.98) };
    const now = REVIEW_RULES[t.game].thresholds;
    console.log(
      `${t.game}: fit deals ${fitDeals[0]}-${fitDeals.at(-1)} (${fitted.length} decisions): 80/93/98th percentiles ${cut.inaccuracy.toFixed(2)} / ${cut.mistake.toFixed(2)} / ${cut.blunder.toFixed(2)}`,
    );
    console.log(
      `${t.game}: report deals ${reportDeals.join(', ')} (${report.length} decisions), with the thresholds in games.ts (${now.inaccuracy} / ${now.mistake} / ${now.blunder}): ` +
        `inaccuracy ${share(now.inaccuracy, now.mistake)} %, mistake ${share(now.mistake, now.blunder)} %, blunder ${share(now.blunder)} % ` +
        `(fitted to take 13 %, 5 %, 2 %); the report deals' own 80/93/98th percentiles ` +
        `${reportCut.inaccuracy.toFixed(2)} / ${reportCut.mistake.toFixed(2)} / ${reportCut.blunder.toFixed(2)}`,
    );
    console.log(
      `RESULT ${JSON.stringify({ bench: 'review-fit', game: t.game, fitDeals: fitDeals.length, cut, reportDeals, reportCut, code })}`,
    );
  }
}

function aims(): void {
  const deals = runTimeDeals(HANDS);
  const t = ALL_TABLES[0]!;
  const by = { strong: [0, 2], random: [1, 3] } as const;
  const decisions = { strong: [] as { loss: number; label: string | null }[], random: [] as { loss: number; label: string | null }[] };
  const accuracy = { strong: [] as number[], random: [] as number[] };
  for (const deal of deals) {
    const r = review(hand(t, deal, MIXED), deal);
    for (const kind of ['strong', 'random'] as const) {
      decisions[kind].push(...unforced(r, by[kind]));
      for (const s of r.seats) if ((by[kind] as readonly number[]).includes(s.seat) && s.accuracy !== null) accuracy[kind].push(s.accuracy);
    }
  }
  const summary = (kind: 'strong' | 'random') => {
    const ds = decisions[kind];
    const mean = ds.reduce((a, d) => a + d.loss, 0) / ds.length;
    const bad = (100 * ds.filter((d) => d.label === 'mistake' || d.label === 'blunder').length) / ds.length;
    const acc = accuracy[kind].reduce((a, b) => a + b, 0) / accuracy[kind].length;
    return { decisions: ds.length, meanLoss: +mean.toFixed(3), mistakesOrBlunders: +bad.toFixed(1), accuracy: +acc.toFixed(1) };
  };
  const strong = summary('strong');
  const random = summary('random');
  console.log(`doppelkopf, two strong (seats 0, 2) and two random bots, deals drawn at run time: ${deals.join(', ')}`);
  console.log(`strong: ${JSON.stringify(strong)}`);
  console.log(`random: ${JSON.stringify(random)}`);
  console.log(
    `aims: random mean loss ${(random.meanLoss / strong.meanLoss).toFixed(1)} × strong (≥ 3), mistakes or blunders ${random.mistakesOrBlunders} % random (≥ 25), ` +
      `${strong.mistakesOrBlunders} % strong (≤ 10), accuracy ${strong.accuracy} strong against ${random.accuracy} random`,
  );
  console.log(`RESULT ${JSON.stringify({ bench: 'review-aims', deals, strong, random, code })}`);
}

console.log(`bench:review ${args.join(' ')}; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}; ${new Date().toISOString()}`);
if (args.includes('--fit')) fit();
else if (args.includes('--aims')) aims();
else timing();
