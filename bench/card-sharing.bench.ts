/**
 * The card-sharing evidence's cost per hand, per game, on one core (docs/audit-card-sharing.md):
 * hands dealt from fixed seeds and played by the engine's heuristic bots, each hand's evidence
 * timed (wall and CPU: a loaded machine stretches the wall time). `--hands N` (default 3; 0: the statistics only), `--worlds W` (default: the audit's budget).
 *
 * Then the pair statistics of a synthetic log (`--audit-hands`, default 20,000) in memory; and,
 * with DATABASE_URL set, the audit's last step as the workers run it: the log's evidence written
 * to `hand_sharing_evidence` of a scratch database, read back for the hands and ranked
 * (`evidenceOfHands` + `rankPairs`, src/collusion/audit-work.ts), timed.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { gameFor, GAME_IDS, shuffle, type Action, type GameId, type HandRecord } from '../src/engine/index.js';
import { seededRng } from '../src/engine/core/rng.js';
import { heuristicBot as dobbmBot } from '../src/engine/dobbm/bots.js';
import { heuristicBot as droggnBot } from '../src/engine/droggn/bots.js';
import { heuristicBot as dokoBot } from '../src/engine/doppelkopf/bots.js';
import { SHARING_BUDGET, sharingEvidence } from '../src/collusion/sharing/evidence.js';
import { sharingPairStatistics } from '../src/collusion/sharing/pairs.js';
import { evidenceOfHands, storeEvidence } from '../src/collusion/evidence-store.js';
import { rankPairs } from '../src/collusion/audit-ranking.js';
import { migrate } from '../src/database/migrations.js';
import { createScratchDatabase } from '../scripts/lib/scratch-database.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const hands = arg('hands', 3);
const budget = { ...SHARING_BUDGET, worlds: arg('worlds', SHARING_BUDGET.worlds) };
type StateBot = (state: never, seat: number, rng: ReturnType<typeof seededRng>) => Action;
const bots: Record<GameId, StateBot> = {
  dobbm: dobbmBot() as StateBot,
  droggn: droggnBot() as StateBot,
  doppelkopf: dokoBot() as StateBot,
};

function record(id: GameId, deal: number): HandRecord {
  const game = gameFor(id);
  const rules = id === 'doppelkopf' ? {} : { players: 4 };
  const parsed = game.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const dealer = deal % game.seatCount(parsed.options);
  const deck = shuffle(deal.toString(16).padStart(64, '0'), game.deck(parsed.options));
  let state = game.deal(parsed.options, deck, { dealer });
  const actions: Action[] = [];
  const rng = seededRng(deal);
  while (!game.isOver(state)) {
    const next = bots[id](state as never, game.toAct(state)[0]!, rng);
    const applied = game.apply(state, next);
    if (!applied.ok) throw new Error(applied.rejection.message);
    actions.push(next);
    state = applied.state;
  }
  return { game: id, rules, dealer, deck, actions };
}

for (const id of hands > 0 ? GAME_IDS : []) {
  const times: number[] = [];
  const cpu: number[] = [];
  let moments = 0;
  let decisions = 0;
  for (let d = 1; d <= hands; d++) {
    const played = record(id, 1000 + d);
    const start = performance.now();
    const startCpu = process.cpuUsage();
    const ev = sharingEvidence(played, { seed: d, budget });
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu.push((used.user + used.system) / 1000);
    moments += ev.moments.length;
    decisions += ev.decisions.reduce((a, b) => a + b, 0);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const meanCpu = cpu.reduce((a, b) => a + b, 0) / cpu.length;
  console.log(
    `${id}: ${hands} hands, worlds ${budget.worlds}: mean ${(mean / 1000).toFixed(2)} s/hand wall, ${(meanCpu / 1000).toFixed(2)} s CPU, max ${(times.at(-1)! / 1000).toFixed(2)} s; ${(decisions / hands).toFixed(1)} decisions and ${(moments / hands).toFixed(1)} moments per hand`,
  );
}

/** The pair statistics of a 20,000-hand log from stored evidence: 16 players at tables of four, six moments per seat and hand. */
const rng = seededRng(99);
const players = Array.from({ length: 16 }, (_, i) => `P${i}`);
const log = Array.from({ length: arg('audit-hands', 20_000) }, (_, h) => {
  const seated = [...players].sort(() => rng.next() - 0.5).slice(0, 4);
  const moments = Array.from({ length: 24 }, (_, i) => ({
    index: i,
    seat: i % 4,
    other: (i % 4) + 1 + (Math.floor(i / 4) % 3),
    kind: 'play',
    choseInformed: rng.next() < 0.4,
    worth: 1,
  })).map((m) => ({ ...m, other: m.other % 4 }));
  return { handId: `H${h}`, players: seated, evidence: { estimator: 'bench', decisions: [6, 6, 6, 6], moments } };
});
const auditStart = performance.now();
const auditCpu = process.cpuUsage();
const rows = sharingPairStatistics(log);
const cpu = process.cpuUsage(auditCpu);
// CPU time beside the wall time: on a loaded machine the wall time says more about the neighbours
console.log(
  `pair statistics of ${log.length} hands in memory: ${((performance.now() - auditStart) / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU, ${rows.length} ordered pairs`,
);

/** The audit's last step on the same log, from a database: its evidence read for the hands and ranked. */
const server = process.env.DATABASE_URL;
if (server) {
  const scratch = await createScratchDatabase(server, 'kartentisch_bench_sharing');
  const db = new pg.Pool({ connectionString: scratch.url, max: 8 });
  try {
    await migrate(scratch.url);
    const estimator = 'card-sharing-v1-w8-e3';
    const hands = log.map((h) => ({ id: randomUUID(), tableId: randomUUID(), seating: h.players, evidence: { ...h.evidence, estimator } }));
    const writeStart = performance.now();
    for (let i = 0; i < hands.length; i += 500)
      await Promise.all(hands.slice(i, i + 500).map((h) => storeEvidence(db, { tableId: h.tableId, handId: h.id }, estimator, h.evidence)));
    console.log(`wrote ${hands.length} hands' evidence in ${((performance.now() - writeStart) / 1000).toFixed(1)} s`);
    for (let round = 1; round <= 3; round++) {
      const start = performance.now();
      const startCpu = process.cpuUsage();
      const stored = await evidenceOfHands(
        db,
        hands.map((h) => ({ tableId: h.tableId, handId: h.id })),
        estimator,
      );
      const read = performance.now() - start;
      const ranked = rankPairs({ game: 'dobbm', kind: 'card-sharing' }, hands, stored);
      const used = process.cpuUsage(startCpu);
      console.log(
        `round ${round}: the audit of ${hands.length} hands from stored evidence: ${((performance.now() - start) / 1000).toFixed(2)} s wall (read ${(read / 1000).toFixed(2)} s), ${((used.user + used.system) / 1e6).toFixed(2)} s CPU of this process, ${ranked.pairs.length} ordered pairs; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
    }
  } finally {
    await db.end();
    await scratch.drop();
  }
}
