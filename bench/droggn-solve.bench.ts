/**
 * `npx tsx bench/droggn-solve.bench.ts [positionsPerDepth] [maxNodes]`: is exact (double-dummy)
 * solving of Droggn play feasible? Random deals (heuristic bot to the first trick, then random
 * legal cards) cut at k tricks before the end; the solver answers "does the declarer reach 37?"
 * with a node budget. Baseline from the same run: the solver with transposition table, move
 * ordering and equivalent cards switched off, on the small depths. Then: how often the heuristic
 * bot (all three seats) reaches the double-dummy result from the same kind of positions, and the
 * cost of the fallback (evidence by bot playouts on sampled deals for bot-played hands).
 * Args: positionsPerDepth maxNodes depths biasDepths evidenceHands samplesPerCaller. One core.
 */
import { seededRng } from '../src/engine/core/rng.js';
import { randomPlayState, toPosition } from '../src/solvers/droggn/position.js';
import { DroggnSolver, type DroggnPosition, type SolverSwitches } from '../src/solvers/droggn/solver.js';
import { playout } from '../src/solvers/droggn/playout.js';
import { DECK, droggn, heuristicBot } from '../src/engine/droggn/index.js';
import { defaultOptions } from '../src/engine/droggn/options.js';
import { handEvidence } from '../src/collusion/evidence/droggn.js';
import { playBotHand } from '../src/collusion/sim/bot-hand.js';
import { shuffled } from '../src/solvers/droggn/position.js';

const perDepth = Number(process.argv[2] ?? 40);
const maxNodes = Number(process.argv[3] ?? 2_000_000);
const depths = (process.argv[4] ?? '3,4,5,6,7,8,9,10').split(',').map(Number);
const baselineDepths = depths.filter((k) => k <= 5);
const rng = seededRng(20261122);

interface Row {
  k: number;
  rate: number;
  median: number;
  mean: number;
  max: number;
  over: number;
  n: number;
}

function measure(label: string, k: number, positions: DroggnPosition[], switches: SolverSwitches, budget: number): Row {
  const solver = new DroggnSolver(switches);
  const nodes: number[] = [];
  let over = 0;
  for (const p of positions.slice(0, 10)) solver.reaches(p, 37, budget); // warm-up (JIT), not timed
  const t = performance.now();
  for (const p of positions) {
    if (solver.reaches(p, 37, budget) === null) over++;
    nodes.push(solver.nodes);
  }
  const s = (performance.now() - t) / 1000;
  nodes.sort((a, b) => a - b);
  const total = nodes.reduce((a, b) => a + b, 0);
  const n = positions.length;
  const row = { k, rate: n / s, median: nodes[n >> 1]!, mean: total / n, max: nodes[n - 1]!, over, n };
  console.log(
    `${label.padEnd(22)} k=${String(k).padStart(2)}  ${row.rate.toFixed(1).padStart(9)} solves/s  ${(total / s / 1e6).toFixed(2)} M nodes/s  nodes median ${row.median} mean ${row.mean.toFixed(0)} max ${row.max}  over budget ${over}/${n}`,
  );
  return row;
}

console.log(`Droggn double-dummy, ${perDepth} positions per depth, budget ${maxNodes.toLocaleString('en')} nodes`);
const rows: Row[] = [];
for (const k of depths) {
  const positions = Array.from({ length: perDepth }, () => toPosition(randomPlayState(rng, k)));
  rows.push(measure('solver', k, positions, {}, maxNodes));
  if (baselineDepths.includes(k)) {
    measure(
      'baseline (plain a-b)',
      k,
      positions.slice(0, Math.max(5, perDepth >> 2)),
      { transpositionTable: false, moveOrdering: false, equivalentCards: false },
      maxNodes,
    );
  }
}
// Extrapolation: geometric growth per extra trick of the mean and of the median node count, a
// log-linear least-squares fit on the depths where no solve ran out of budget (k ≥ 4).
const fit = rows.filter((r) => r.over === 0 && r.k >= 4);
if (fit.length >= 2) {
  const deepest = fit[fit.length - 1]!;
  // node rate of the deepest fitted depth (small depths are dominated by per-solve overhead)
  const nodesPerSec = deepest.mean * deepest.rate;
  for (const [label, pick] of [
    ['mean', (r: Row) => r.mean],
    ['median', (r: Row) => r.median],
  ] as const) {
    const xs = fit.map((r) => r.k);
    const ys = fit.map((r) => Math.log(pick(r)));
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    const at = (k: number): number => Math.exp(my + slope * (k - mx));
    console.log(
      `${label} nodes: growth per trick ×${Math.exp(slope).toFixed(2)} (fit on k=${xs.join(',')}); at ${(nodesPerSec / 1e6).toFixed(2)} M nodes/s (k=${deepest.k}):`,
    );
    for (const k of [12, 15, 18, 21])
      console.log(`  k=${k}: ≈ ${at(k).toExponential(2)} nodes, ≈ ${(at(k) / nodesPerSec).toExponential(2)} s per solve`);
  }
}

// Playout bias: the heuristic bot at all three seats against double-dummy play, on positions
// where the solver is exact (same generator, fresh positions).
const biasDepths = (process.argv[5] || '4,6,8')
  .split(',')
  .map(Number)
  .filter((k) => k >= 1 && k <= 21);
for (const k of biasDepths) {
  let both = 0,
    botOnly = 0,
    ddsOnly = 0,
    neither = 0,
    over = 0,
    hybridWrong = 0,
    hybridN = 0;
  const solver = new DroggnSolver();
  const t = performance.now();
  let playoutMs = 0;
  for (let i = 0; i < perDepth * 2; i++) {
    const s = randomPlayState(rng, k);
    const dds = solver.reaches(toPosition(s), 37, maxNodes);
    const t0 = performance.now();
    const bot = playout(s, rng).won;
    playoutMs += performance.now() - t0;
    if (dds === null) {
      over++;
      continue;
    }
    if (k > 6) {
      hybridN++;
      if (playout(s, rng, undefined, { tricks: 6 }).won !== dds) hybridWrong++;
    }
    if (dds && bot) both++;
    else if (bot) botOnly++;
    else if (dds) ddsOnly++;
    else neither++;
  }
  const n = both + botOnly + ddsOnly + neither;
  console.log(
    `bot vs double-dummy k=${String(k).padStart(2)}: ${n} positions, declarer wins DD ${(((both + ddsOnly) / n) * 100).toFixed(0)} %, bot ${(((both + botOnly) / n) * 100).toFixed(0)} %, disagree ${(((botOnly + ddsOnly) / n) * 100).toFixed(0)} % (bot wins where DD loses ${botOnly}, loses where DD wins ${ddsOnly}); over budget ${over}; playout ${(playoutMs / (perDepth * 2)).toFixed(2)} ms, total ${((performance.now() - t) / 1000).toFixed(1)} s` +
      (hybridN > 0 ? `; hybrid (bot, last 6 exact) disagrees ${((hybridWrong / hybridN) * 100).toFixed(0)} %` : ''),
  );
}

// The fallback's cost: evidence (bot playouts on sampled deals) for the calls of bot-played hands.
{
  const hands = Number(process.argv[6] ?? 100);
  const samples = Number(process.argv[7] ?? 16);
  const bots = [0, 1, 2].map(() => heuristicBot({ bidBias: 2, doubleBias: 4 }));
  const played = Array.from({ length: hands }, (_, i) =>
    playBotHand(
      droggn,
      { game: 'droggn', options: defaultOptions(), rules: {}, source: { deck: shuffled(DECK, rng) }, dealer: i % 3 },
      bots,
      rng,
    ),
  );
  for (const exactTricks of [0, 6, 8]) {
    let calls = 0,
      callers = 0,
      sumP = 0,
      sumTrue = 0,
      defCalls = 0;
    const t = performance.now();
    for (const [i, h] of played.entries()) {
      const ev = handEvidence(h.record, { samples, seed: i, ...(exactTricks > 0 ? { exact: { tricks: exactTricks } } : {}) });
      calls += ev.calls.length;
      callers += new Set(ev.calls.map((c) => c.seat)).size;
      for (const c of ev.calls)
        if (c.role === 'defender') {
          sumP += c.winProbabilityCaller;
          sumTrue += c.winTrue;
          defCalls++;
        }
    }
    const s = (performance.now() - t) / 1000;
    const playouts = callers * samples + played.length;
    console.log(
      `evidence${exactTricks ? ` (hybrid: last ${exactTricks} tricks exact)` : ' (pure playouts)'}: ${hands} hands, ${calls} calls, ${callers} callers, ${samples} samples per caller: ${s.toFixed(1)} s, ${(playouts / s).toFixed(0)} playouts/s, ${((s / callers) * 1000).toFixed(1)} ms per caller, ${((s / hands) * 1000).toFixed(0)} ms per hand; defenders' calls: mean p̂ ${(sumP / defCalls).toFixed(3)}, true-deal win rate ${(sumTrue / defCalls).toFixed(3)}`,
    );
  }
}
