/**
 * `npm run bench:audit-evidence`: the collusion evidence's CPU per hand for each game, on one core
 * (this process's own CPU time, so other work on the machine inflates it less than wall time),
 * and the pair statistics over a log of `--big` hands from stored evidence (docs/audit-doppelkopf.md#figures).
 *
 * For each game `--hands` simulated hands (the simulator's defaults: Dobbm and Doppelkopf at four
 * seats, Droggn at three; 24 players, 2 colluding pairs, rate 0.5) get their evidence as a worker
 * computes it (`evidenceOf`, `--samples` per caller, the service's options). Then the hands'
 * evidence is repeated to `--big` hands (the same players, new ids) and the pair statistics are
 * timed (CPU and wall) on them with the game's scoring (`pairOptionsFor`): the CPU part of an audit from stored
 * evidence (the database's part, two keyed reads, is `npm run bench:audit`'s).
 *
 * Options: --hands 200 --samples 16 --big 20000 --seed 11 --games dobbm,droggn,doppelkopf
 */
import { parseArgs } from 'node:util';
import { DobbmSolver } from '../src/solvers/dobbm/solver.js';
import { evidenceOf, pairOptionsFor, type AnyHandEvidence, type AuditGame } from '../src/collusion/evidence-of.js';
import { pairStatistics, type AuditHand } from '../src/collusion/pairs/pairs.js';
import { simulateHands } from '../src/collusion/sim/simulate.js';

const { values: args } = parseArgs({
  options: {
    hands: { type: 'string', default: '200' },
    samples: { type: 'string', default: '16' },
    big: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '11' },
    games: { type: 'string', default: 'dobbm,droggn,doppelkopf' },
  },
});
const HANDS = Number(args.hands);
const SAMPLES = Number(args.samples);
const BIG = Number(args.big);
const SEED = Number(args.seed);

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

let solver: DobbmSolver | undefined;
console.log(
  `evidence CPU per hand, ${HANDS} simulated hands per game, ${SAMPLES} samples per caller, seed ${SEED}; pair statistics on ${BIG} hands`,
);
for (const game of args.games.split(',') as AuditGame[]) {
  const hands = [...simulateHands({ game, players: 24, hands: HANDS, colludingPairs: 2, rate: 0.5, seed: SEED })];
  const audit: AuditHand[] = [];
  const perHand: number[] = [];
  let withCalls = 0;
  let callsCpu = 0;
  for (const h of hands) {
    const start = cpuMs();
    const evidence: AnyHandEvidence = evidenceOf(
      { record: h.record, samples: SAMPLES, seed: h.sequence },
      () => (solver ??= new DobbmSolver()),
    );
    const took = cpuMs() - start;
    perHand.push(took);
    if (evidence.calls.length > 0) {
      withCalls++;
      callsCpu += took;
    }
    audit.push({ handId: h.handId, sequence: h.sequence, tableId: h.tableId, players: h.players, evidence });
  }
  const total = perHand.reduce((a, b) => a + b, 0);
  const sorted = [...perHand].sort((a, b) => a - b);
  const big = Array.from({ length: BIG }, (_, i) => ({ ...audit[i % audit.length]!, handId: `B${i}`, sequence: i }));
  const [wall, cpu] = [performance.now(), cpuMs()];
  const rows = pairStatistics(big, pairOptionsFor(game));
  const [statsWall, statsCpu] = [performance.now() - wall, cpuMs() - cpu];
  console.log(
    `${game}: ${(total / HANDS).toFixed(1)} ms per hand (median ${sorted[Math.floor(HANDS / 2)]!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(0)}); ` +
      `${withCalls} hands with calls, ${withCalls ? (callsCpu / withCalls).toFixed(1) : '-'} ms each; ` +
      `pair statistics on ${BIG} hands: ${(statsCpu / 1000).toFixed(2)} s CPU, ${(statsWall / 1000).toFixed(2)} s wall (${rows.length} pairs)`,
  );
}
