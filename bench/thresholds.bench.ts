/**
 * `npm run bench:thresholds -- [deals] [fits] [first deal] [grid values]`: fits the hand-strength thresholds by which the
 * strong bot still bids, doubles and reserves (strategy.ts `STRONG_THRESHOLDS`) over a grid, in
 * duplicate deals. For each grid value the seat under test is the strong bot with that threshold,
 * the reference the strong bot with today's; the other seats are beginners with the same seeds.
 * Each deal is played once with today's thresholds, keeping the seat's views at every bid,
 * doubling, reservation and announcement; a grid value changes the deal only if one of those
 * decisions comes out otherwise with it, so only those deals are played again (the others are
 * the same hand twice, difference 0, as every bot is deterministic for its seed). Printed per
 * grid value: the deals that differ, the mean difference per deal over all deals with its 95 %
 * confidence interval, and over the differing deals alone. Defaults: 200 deals, every fit.
 *   fits: dobbm-bid,dobbm-solo,dobbm-schwacher,dobbm-retour,droggn-ansager,droggn-solo,droggn-super,droggn4-super,
 *         droggn-supermord,droggn-double,doko-solo,doko-poverty,doko-armut
 */
import { gameFor, shuffle, seededRng, type GameId } from '../src/engine/index.js';
import { chooseAction, STRONG_THRESHOLDS, type Thresholds } from '../src/solvers/search/strategy.js';
import { decideStrong } from '../src/solvers/search/search.js';
import { playWithSeatBots, type SeatBot } from '../src/bots/seat-play.js';
import { viewWithRules, type SeatInput } from '../src/solvers/search/seat-input.js';
import { beginnerAt, seating } from './bot-variants.js';
import { seedOf } from './seeds.js';

type HandView = SeatInput['view'];

/** The grids reach down to where a few per cent of hands flip: the solo thresholds set by hand lay above the 99th percentile of dealt strength. */
interface Fit {
  game: GameId;
  rules: Record<string, unknown>;
  base: number;
  grid: number[];
  with: (t: Thresholds, x: number) => Thresholds;
}
const T = STRONG_THRESHOLDS;
const FITS: Record<string, Fit> = {
  'dobbm-bid': {
    game: 'dobbm',
    rules: { players: 4 },
    base: T.dobbmBid.dobbm,
    grid: [24, 27, 33, 36],
    with: (t, x) => ({ ...t, dobbmBid: { ...t.dobbmBid, dobbm: x } }),
  },
  'dobbm-solo': {
    game: 'dobbm',
    rules: { players: 4 },
    base: T.dobbmBid.solo,
    grid: [40, 44, 48, 52],
    with: (t, x) => ({ ...t, dobbmBid: { ...t.dobbmBid, solo: x } }),
  },
  'dobbm-schwacher': {
    game: 'dobbm',
    rules: { players: 4 },
    base: T.dobbmDouble.schwacher,
    grid: [30, 33, 39, 42],
    with: (t, x) => ({ ...t, dobbmDouble: { ...t.dobbmDouble, schwacher: x } }),
  },
  'dobbm-retour': {
    game: 'dobbm',
    rules: { players: 4 },
    base: T.dobbmDouble.retour,
    grid: [40, 43, 49, 52],
    with: (t, x) => ({ ...t, dobbmDouble: { ...t.dobbmDouble, retour: x } }),
  },
  'droggn-ansager': {
    game: 'droggn',
    rules: { players: 3 },
    base: T.droggnBid.ansager,
    grid: [16, 18, 22, 24],
    with: (t, x) => ({ ...t, droggnBid: { ...t.droggnBid, ansager: x } }),
  },
  'droggn-solo': {
    game: 'droggn',
    rules: { players: 3 },
    base: T.droggnBid.solo,
    grid: [25, 28, 34, 37],
    with: (t, x) => ({ ...t, droggnBid: { ...t.droggnBid, solo: x } }),
  },
  'droggn-super': {
    game: 'droggn',
    rules: { players: 3 },
    base: T.droggnBid.super,
    grid: [30, 33, 39, 42],
    with: (t, x) => ({ ...t, droggnBid: { ...t.droggnBid, super: x } }),
  },
  'droggn4-super': {
    game: 'droggn',
    rules: { players: 4 },
    base: T.droggnBid.super,
    grid: [24, 30, 33, 36],
    with: (t, x) => ({ ...t, droggnBid: { ...t.droggnBid, super: x } }),
  },
  'droggn-supermord': {
    game: 'droggn',
    rules: { players: 3 },
    base: T.droggnBid.supermord,
    grid: [38, 42, 46, 54],
    with: (t, x) => ({ ...t, droggnBid: { ...t.droggnBid, supermord: x } }),
  },
  'droggn-double': {
    game: 'droggn',
    rules: { players: 3 },
    base: T.droggnDouble.defence,
    grid: [16, 20, 24, 28],
    // The declarer's threshold moves with the defender's, ten above it as today.
    with: (t, x) => ({
      ...t,
      droggnDouble: { ...t.droggnDouble, defence: x, declarer: x + (t.droggnDouble.declarer - t.droggnDouble.defence) },
    }),
  },
  'doko-solo': {
    game: 'doppelkopf',
    rules: {},
    base: T.dokoSoloFrom,
    grid: [24, 28, 31, 34],
    with: (t, x) => ({ ...t, dokoSoloFrom: x }),
  },
  'doko-poverty': {
    game: 'doppelkopf',
    rules: { poverty: { enabled: true } },
    base: T.dokoPovertyAcceptFrom,
    grid: [16, 20, 28, 32],
    with: (t, x) => ({ ...t, dokoPovertyAcceptFrom: x }),
  },
  'doko-armut': {
    game: 'doppelkopf',
    rules: { poverty: { enabled: true } },
    base: T.dokoPovertyUpTo,
    // -1: never declare a poverty.
    grid: [-1, 1, 2],
    with: (t, x) => ({ ...t, dokoPovertyUpTo: x }),
  },
};
/** The decisions the strong bot takes by a threshold (or, for a reservation or an announcement, guards with one). */
const THRESHOLD_DECISIONS = new Set(['bid', 'double', 'reservation', 'announce', 'poverty-answer']);

const deals = Number(process.argv[2] ?? 200);
const fits = (process.argv[3] ?? Object.keys(FITS).join(',')).split(',');
/** Optional: the first deal's number, to confirm a fit on deals it was not chosen on. */
const first = Number(process.argv[4] ?? 0);
/** Optional: only these grid values. */
const only = process.argv[5]?.split(',').map(Number);

const strong =
  (thresholds: Thresholds) =>
  (deal: number, seat: number): SeatBot => {
    let n = 0;
    return (input) => decideStrong(input, { seed: deal * 1000 + seat * 100 + n++, thresholds }).action;
  };

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
function ci95(xs: number[]): number {
  if (xs.length < 2) return NaN;
  const m = mean(xs);
  return 1.96 * Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1) / xs.length);
}
const f = (x: number, digits = 2): string => (Number.isFinite(x) ? x.toFixed(digits) : '–');

console.log(
  `thresholds fitted in duplicate: ${deals} deals per fit, strong bot at its default budget, deals ${first}–${first + deals - 1}; ${new Date().toISOString()}\n`,
);
console.log('fit             threshold   deals that differ   difference per deal ± 95% CI   per differing deal');
for (const name of fits) {
  const fit = FITS[name]!;
  const game = gameFor(fit.game);
  const parsed = game.parseOptions(fit.rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const options = parsed.options;
  const seats = game.seatCount(options);
  const hands = Array.from({ length: deals }, (_, i) => {
    const d = first + i;
    const { dealer, tested } = seating(fit.game, seats, d);
    return { options, deck: shuffle(seedOf(d), game.deck(options)), setup: { dealer }, tested };
  });
  /** Deal d's score for the tested seat with thresholds t; with `views`, the seat's views at its threshold decisions are kept there. */
  const play = (d: number, t: Thresholds, views?: HandView[]): number => {
    const { tested, ...hand } = hands[d]!;
    const own = strong(t)(first + d, tested);
    const watched: SeatBot = (input) => {
      if ((input.view.legalActions ?? []).some((a) => THRESHOLD_DECISIONS.has(a.type))) views?.push(viewWithRules(input));
      return own(input);
    };
    const bots = Array.from({ length: seats }, (_, s) => (s === tested ? watched : beginnerAt(first + d, s)));
    return playWithSeatBots(fit.game, hand, bots).scores[tested]!;
  };
  // Played up to its first threshold decision that comes out otherwise, a deal is the same with either value.
  const decide = (view: HandView, t: Thresholds) => JSON.stringify(chooseAction(view.game, view, seededRng(0), t));
  const reference = hands.map((_, d) => {
    const views: HandView[] = [];
    return { score: play(d, T, views), views };
  });
  console.log(`${name.padEnd(15)} ${String(fit.base).padStart(9)}   (today's)`);
  for (const x of only ?? fit.grid) {
    const t = fit.with(T, x);
    const diffs = reference.map(({ score, views }, d) => (views.some((v) => decide(v, t) !== decide(v, T)) ? play(d, t) - score : null));
    const changed = diffs.filter((v): v is number => v !== null);
    const all = diffs.map((v) => v ?? 0);
    console.log(
      `${name.padEnd(15)} ${String(x).padStart(9)}   ${String(changed.length).padStart(17)}   ${`${f(mean(all))} ± ${f(ci95(all))}`.padStart(28)}` +
        `   ${`${f(mean(changed))} ± ${f(ci95(changed))}`.padStart(18)}`,
    );
  }
}
