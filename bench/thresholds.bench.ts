/**
 * `npm run bench:thresholds -- [deals] [fits] [first deal] [grid values]`: fits the hand-strength thresholds by which the
 * strong bot still bids and reserves (strategy.ts `STRONG_THRESHOLDS`) over a grid, in duplicate
 * deals. For each grid value the seat under test is the strong bot with that threshold, the
 * reference the strong bot with today's; the other seats are beginners with the same seeds. A
 * threshold changes a hand only when the seat's dealt strength lies between the grid value and
 * today's: only those deals are played (the others are the same hand twice, difference 0, as
 * the bot is deterministic for its seed). Printed per grid value: the deals that differ, the mean
 * difference per deal over all deals with its 95 % confidence interval, and over the differing
 * deals alone. Defaults: 200 deals, every fit.
 *   fits: dobbm-bid,dobbm-solo,doko-solo
 */
import { gameFor, shuffle, seededRng, type GameId } from '../src/engine/index.js';
import { handStrength as dobbmStrength } from '../src/engine/dobbm/strength.js';
import { chooseBotAction, dokoSoloStrength, STRONG_THRESHOLDS, type Thresholds } from '../src/bots/strategy.js';
import { decideStrong } from '../src/bots/strong/search.js';
import { playWithSeatBots, type SeatBot } from '../src/bots/strong/seat-play.js';
import { seedOf } from './seeds.js';

/** The grids reach down to where a few per cent of hands flip: today's solo thresholds are above the 99th percentile of dealt strength. */
interface Fit {
  game: GameId;
  rules: Record<string, unknown>;
  base: number;
  grid: number[];
  with: (t: Thresholds, x: number) => Thresholds;
  strength: (hand: string[]) => number;
}
const FITS: Record<string, Fit> = {
  'dobbm-bid': {
    game: 'dobbm',
    rules: { players: 4 },
    base: STRONG_THRESHOLDS.dobbmBid.dobbm,
    grid: [24, 27, 33, 36],
    with: (t, x) => ({ ...t, dobbmBid: { ...t.dobbmBid, dobbm: x } }),
    strength: (hand) => dobbmStrength(hand, 'dobbm'),
  },
  'dobbm-solo': {
    game: 'dobbm',
    rules: { players: 4 },
    base: STRONG_THRESHOLDS.dobbmBid.solo,
    grid: [40, 44, 48, 52],
    with: (t, x) => ({ ...t, dobbmBid: { ...t.dobbmBid, solo: x } }),
    strength: (hand) => dobbmStrength(hand, 'solo'),
  },
  'doko-solo': {
    game: 'doppelkopf',
    rules: {},
    base: STRONG_THRESHOLDS.dokoSoloFrom,
    grid: [24, 28, 31, 34],
    with: (t, x) => ({ ...t, dokoSoloFrom: x }),
    strength: dokoSoloStrength,
  },
};

const deals = Number(process.argv[2] ?? 200);
const fits = (process.argv[3] ?? Object.keys(FITS).join(',')).split(',');
/** Optional: the first deal's number, to confirm a fit on deals it was not chosen on. */
const first = Number(process.argv[4] ?? 0);
/** Optional: only these grid values. */
const only = process.argv[5]?.split(',').map(Number);

const beginner = (deal: number, seat: number): SeatBot => {
  const rng = seededRng(deal * 16 + seat);
  return (input) => chooseBotAction('heuristic', input.view.game, input.view, rng);
};
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
console.log('fit          threshold   deals that differ   difference per deal ± 95% CI   per differing deal');
for (const name of fits) {
  const fit = FITS[name]!;
  const game = gameFor(fit.game);
  const parsed = game.parseOptions(fit.rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const options = parsed.options;
  const seats = game.seatCount(options);
  const hands = Array.from({ length: deals }, (_, i) => {
    const d = first + i;
    const dealer = d % seats;
    const tested = (dealer + 1 + (Math.floor(d / seats) % seats)) % seats;
    const hand = { options, deck: shuffle(seedOf(d), game.deck(options)), setup: { dealer } };
    const dealt = (game.deal(options, hand.deck, hand.setup) as { hands: (string[] | null)[] }).hands[tested];
    return { hand, tested, strength: dealt ? fit.strength(dealt) : NaN };
  });
  const play = (d: number, t: Thresholds): number => {
    const { hand, tested } = hands[d]!;
    const bots = Array.from({ length: seats }, (_, s) => (s === tested ? strong(t)(first + d, s) : beginner(first + d, s)));
    return playWithSeatBots(fit.game, hand, bots).scores[tested]!;
  };
  const reference = new Map<number, number>();
  console.log(`${name.padEnd(12)} ${String(fit.base).padStart(9)}   (today's)`);
  for (const x of only ?? fit.grid) {
    const t = fit.with(STRONG_THRESHOLDS, x);
    const diffs = hands.map((h, d) => {
      if (!(h.strength >= Math.min(x, fit.base) && h.strength < Math.max(x, fit.base))) return null;
      if (!reference.has(d)) reference.set(d, play(d, STRONG_THRESHOLDS));
      return play(d, t) - reference.get(d)!;
    });
    const changed = diffs.filter((v): v is number => v !== null);
    const all = diffs.map((v) => v ?? 0);
    console.log(
      `${name.padEnd(12)} ${String(x).padStart(9)}   ${String(changed.length).padStart(17)}   ${`${f(mean(all))} ± ${f(ci95(all))}`.padStart(28)}` +
        `   ${`${f(mean(changed))} ± ${f(ci95(changed))}`.padStart(18)}`,
    );
  }
}
