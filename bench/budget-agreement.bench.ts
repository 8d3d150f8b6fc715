/**
 * `npm run bench:budget-agreement -- [variant] [deals]`: how often the strong bot's default
 * budget and a quarter of it choose differently, at the same decisions. The seat under test plays
 * the default budget (the other seats beginners, seeded as in `bench:bots`); at each of its
 * decisions with more than one legal action the quarter budget decides the same view with the
 * same seed. Printed: the decisions, those with a choice, and those where the two budgets differ,
 * in total and per phase. It tells whether more thinking changes the moves at all, where
 * `bench:bots` tells what the changes are worth. Defaults: dobbm4, 150 deals.
 *   variants: those of bench/bot-variants.ts (dobbm4, dobbm5, droggn3, droggn4, doko48, doko40, doko48armut)
 */
import { gameFor, shuffle } from '../src/engine/index.js';
import { decideStrong, DEFAULT_BUDGET } from '../src/solvers/search/search.js';
import { playWithSeatBots, type SeatBot } from '../src/bots/seat-play.js';
import { beginnerAt, QUARTER, seating, VARIANTS } from './bot-variants.js';
import { seedOf } from './seeds.js';

const variant = process.argv[2] ?? 'dobbm4';
const deals = Number(process.argv[3] ?? 150);
const { game: id, rules } =
  VARIANTS[variant] ??
  (() => {
    throw new Error(`unknown variant ${variant}: ${Object.keys(VARIANTS).join(', ')}`);
  })();
const game = gameFor(id);
const parsed = game.parseOptions(rules);
if (!parsed.ok) throw new Error(parsed.rejection.message);
const options = parsed.options;
const seats = game.seatCount(options);

let decisions = 0;
const phases: Record<string, { choices: number; differ: number }> = {};
for (let d = 0; d < deals; d++) {
  const { dealer, tested } = seating(id, seats, d);
  const hand = { options, deck: shuffle(seedOf(d), game.deck(options)), setup: { dealer } };
  let n = 0;
  const bots: SeatBot[] = Array.from({ length: seats }, (_, s) => {
    if (s !== tested) return beginnerAt(d, s);
    return (input) => {
      const seed = d * 1000 + s * 100 + n++;
      const chosen = decideStrong(input, { seed, budget: DEFAULT_BUDGET }).action;
      decisions++;
      if ((input.view.legalActions?.length ?? 0) > 1) {
        const quarter = decideStrong(input, { seed, budget: QUARTER }).action;
        const phase = (phases[input.view.phase] ??= { choices: 0, differ: 0 });
        phase.choices++;
        if (JSON.stringify(quarter) !== JSON.stringify(chosen)) phase.differ++;
      }
      return chosen;
    };
  });
  playWithSeatBots(id, hand, bots);
}
const all = Object.values(phases).reduce((t, p) => ({ choices: t.choices + p.choices, differ: t.differ + p.differ }), {
  choices: 0,
  differ: 0,
});
const share = (p: { choices: number; differ: number }) =>
  `${p.differ} of ${p.choices} (${((100 * p.differ) / Math.max(1, p.choices)).toFixed(1)} %)`;
console.log(
  `${variant}, ${deals} deals, ${new Date().toISOString()}: ${decisions} decisions of the seat under test; the budgets differ in ${share(all)} with a choice`,
);
for (const [phase, p] of Object.entries(phases)) console.log(`  ${phase.padEnd(14)} ${share(p)}`);
