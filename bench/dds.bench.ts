/**
 * `npm run bench:dds`: double-dummy solves per second on one core, on random full deals right
 * after the exchange (8 tricks, the declarer leads, his discard counts with his first trick).
 * Baseline from the same run: the same solver with its speed-ups (transposition table, move
 * ordering, equivalent cards) switched off, on the first positions only.
 */
import { seededRng } from '../src/engine/core/rng.js';
import { DobbmSolver, type DdsPosition } from '../src/solvers/dobbm/solver.js';
import { randomDealAfterExchange, toDdsPosition } from '../src/solvers/dobbm/random-position.js';

const count = Number(process.argv[2] ?? 2000);
const rng = seededRng(20261122);
const positions: DdsPosition[] = Array.from({ length: count }, () => toDdsPosition(randomDealAfterExchange(rng)));

function measure(label: string, n: number, solve: (p: DdsPosition) => unknown, solver: DobbmSolver): number {
  const nodes: number[] = [];
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    solve(positions[i]!);
    nodes.push(solver.nodes);
  }
  const s = (performance.now() - t) / 1000;
  nodes.sort((a, b) => a - b);
  const total = nodes.reduce((a, b) => a + b, 0);
  const rate = n / s;
  console.log(
    `${label.padEnd(46)} ${rate.toFixed(0).padStart(7)} solves/s   (${n} positions, ${(total / s / 1e6).toFixed(2)} M nodes/s, nodes median ${nodes[n >> 1]} mean ${(total / n).toFixed(0)} max ${nodes[n - 1]})`,
  );
  return rate;
}

const fast = new DobbmSolver();
const plain = new DobbmSolver({ transpositionTable: false, moveOrdering: false, equivalentCards: false });
// Warm-up so that the JIT has compiled the search before timing.
for (let i = 0; i < 50; i++) fast.reaches(positions[i]!, 61);

console.log(`Dobbm double-dummy solver, random deals after the exchange (seed 20261122), one core`);
const win = measure('win/lose (D >= 61), unlimited', count, (p) => fast.reaches(p, 61), fast);
let budget = 0;
for (const maxNodes of [20000, 100000]) {
  let unresolved = 0;
  const rate = measure(
    `win/lose with a ${maxNodes.toLocaleString('en')}-node budget`,
    count,
    (p) => {
      if (fast.reachesWithin(p, 61, maxNodes) === null) unresolved++;
    },
    fast,
  );
  if (maxNodes === 20000) budget = rate;
  console.log(`${''.padEnd(46)} (${((unresolved / count) * 100).toFixed(1)} % over budget, counted as ½ by the evidence)`);
}
const exactN = Math.min(count, 200);
measure('exact D (bisection of win/lose probes)', exactN, (p) => fast.solve(p), fast);
const baseN = Math.min(count, 20);
const base = measure('baseline: plain alpha-beta, win/lose', baseN, (p) => plain.reaches(p, 61), plain);
const sameN = measure('the solver on the same positions, win/lose', baseN, (p) => fast.reaches(p, 61), fast);
console.log(
  `speed-up over the baseline on the same positions: ${(sameN / base).toFixed(1)}x; target >= 1,000 solves/s per core: ${win >= 1000 ? 'met' : 'NOT met'} unlimited, ${budget >= 1000 ? 'met' : 'NOT met'} with the 20,000-node budget`,
);
