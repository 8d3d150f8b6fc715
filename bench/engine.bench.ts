/**
 * `npm run bench:engine`: random full hands per second per game on one core, beside the
 * baseline of the same run (shuffle and deal only). A third column plays pre-shuffled decks,
 * so the rules' own cost shows apart from the SHA-512 shuffle. Not part of `npm test`.
 */
import { gameFor, shuffle, seededRng, type Action, type Game, type GameId, type Rng } from '../src/engine/index.js';
import { randomBot as dobbmBot } from '../src/engine/dobbm/bots.js';
import { randomBot as droggnBot } from '../src/engine/droggn/bots.js';
import { randomBot as doppelkopfBot } from '../src/engine/doppelkopf/bots.js';
import { seedOf } from './seeds.js';

type Bot = (state: any, seat: number, rng: Rng) => Action;
const bots: Record<GameId, Bot> = { dobbm: dobbmBot, droggn: droggnBot, doppelkopf: doppelkopfBot };
const profiles: { game: GameId; rules: Record<string, unknown> }[] = [
  { game: 'dobbm', rules: { players: 4 } },
  { game: 'dobbm', rules: { players: 5 } },
  { game: 'droggn', rules: { players: 3 } },
  { game: 'doppelkopf', rules: {} },
];
const seconds = Number(process.env.BENCH_SECONDS ?? 3);

function measure(run: (i: number) => void): number {
  for (let i = 0; i < 200; i++) run(i); // warm-up for the JIT
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  let n = 0;
  while (process.hrtime.bigint() - start < budget) {
    for (let k = 0; k < 100; k++) run(n++);
  }
  return n / (Number(process.hrtime.bigint() - start) / 1e9);
}

function playOut(game: Game, options: unknown, deck: string[], bot: Bot, rng: Rng): void {
  let state = game.deal(options, deck, { dealer: 0 });
  while (!game.isOver(state)) {
    const seat = game.toAct(state)[0]!;
    const r = game.apply(state, bot(state, seat, rng));
    if (!r.ok) throw new Error(`${game.id}: bot chose an illegal action: ${r.rejection.code}`);
    state = r.state;
  }
  game.result(state);
}

console.log(`random full hands per second on one core (${seconds} s each)\n`);
console.log('game        rules              shuffle+deal/s   shuffle+deal+play/s   play only (pre-shuffled)/s');
for (const { game: id, rules } of profiles) {
  const game = gameFor(id);
  const parsed = game.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const options = parsed.options;
  const cards = game.deck(options);
  const rng = seededRng(1);
  const baseline = measure((i) => game.deal(options, shuffle(seedOf(i), cards), { dealer: 0 }));
  const hands = measure((i) => playOut(game, options, shuffle(seedOf(i), cards), bots[id], rng));
  const decks = Array.from({ length: 4096 }, (_, i) => shuffle(seedOf(i), cards));
  const playOnly = measure((i) => playOut(game, options, decks[i & 4095]!, bots[id], rng));
  const fmt = (x: number, w: number): string => Math.round(x).toLocaleString('en').padStart(w);
  console.log(`${id.padEnd(11)} ${JSON.stringify(rules).padEnd(16)} ${fmt(baseline, 16)} ${fmt(hands, 21)} ${fmt(playOnly, 28)}`);
}
