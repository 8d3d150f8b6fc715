/**
 * `npm run bench:doko-dds -- [positions]`: the Doppelkopf double-dummy solver's speed on one
 * core, on endgames from real play (seeded 48-card deals played by the engine's heuristic bots
 * until 3–7 tricks are left, at a trick boundary), beside the baseline it replaces in the strong
 * bot's evaluation, from the same run: one rollout of the same endgame by the engine's bots.
 */
import { performance } from 'node:perf_hooks';
import { seededRng, shuffle } from '../src/engine/index.js';
import { doppelkopf, type DokoState } from '../src/engine/doppelkopf/index.js';
import { heuristicBot } from '../src/engine/doppelkopf/bots.js';
import { DokoSolver, type DokoDdsPosition } from '../src/solvers/doppelkopf/solver.js';
import { endgamePosition } from '../src/solvers/search/doppelkopf-exact.js';
import { seedOf } from './seeds.js';

const count = Number(process.argv[2] ?? 200);
const bot = heuristicBot();
const parsed = doppelkopf.parseOptions({});
if (!parsed.ok) throw new Error(parsed.rejection.message);
const options = parsed.options;

function endgames(tricks: number): { state: DokoState; position: DokoDdsPosition }[] {
  const out: { state: DokoState; position: DokoDdsPosition }[] = [];
  for (let d = 0; out.length < count && d < count * 3; d++) {
    const rng = seededRng(d);
    let s = doppelkopf.deal(options, shuffle(seedOf(d), doppelkopf.deck(options)), { dealer: d % 4 });
    while (s.phase !== 'over' && !(s.phase === 'play' && s.current?.plays.length === 0 && s.hands[0]!.length === tricks)) {
      const next = doppelkopf.apply(s, bot(s, doppelkopf.toAct(s)[0]!, rng));
      if (!next.ok) throw new Error(next.rejection.message);
      s = next.state;
    }
    const position = s.phase === 'play' ? endgamePosition(s, tricks) : null;
    if (position) out.push({ state: s, position });
  }
  return out;
}

function rollout(s: DokoState, seed: number): void {
  const rng = seededRng(seed);
  while (s.phase !== 'over') {
    const next = doppelkopf.apply(s, bot(s, doppelkopf.toAct(s)[0]!, rng));
    if (!next.ok) throw new Error(next.rejection.message);
    s = next.state;
  }
}

const solver = new DokoSolver();
console.log(`Doppelkopf double-dummy solver, 48 cards, endgames from the engine bots' play, one core; ${new Date().toISOString()}`);
for (const tricks of [3, 4, 5, 6, 7]) {
  const positions = endgames(tricks);
  for (const p of positions.slice(0, 20)) solver.solve(p.position);
  const nodes: number[] = [];
  let t = performance.now();
  for (const p of positions) {
    solver.solve(p.position);
    nodes.push(solver.nodes);
  }
  const solveMs = (performance.now() - t) / positions.length;
  t = performance.now();
  positions.forEach((p, i) => rollout(p.state, i));
  const rolloutMs = (performance.now() - t) / positions.length;
  nodes.sort((a, b) => a - b);
  console.log(
    `${tricks} tricks: ${positions.length} positions, solve ${solveMs.toFixed(3)} ms (nodes median ${nodes[nodes.length >> 1]}, max ${nodes.at(-1)})` +
      `   baseline rollout ${rolloutMs.toFixed(3)} ms`,
  );
}
