/**
 * The game's own work in an action, timed in-process with no HTTP, database or framework: what
 * the service does per action besides receiving two requests and running two statements (the
 * floor's part). Per action: the wire action parsed and applied, the hand row's projection with
 * its JSON, the event's hash-chain link, and the views built and serialised — in today's shape
 * the acting seat's twice (the POST's answer and the next GET), in the live shape the acting
 * seat's answer and one stream line per other seat (the actor's line is its answer's JSON).
 * Hands are played first by the engines' random bots and replayed under the clock, so the bots'
 * choices are not counted.
 */
import { randomUUID } from 'node:crypto';
import { gameFor, shuffle, seededRng, type Action, type Game, type GameId, type Rng } from '../src/engine/index.js';
import { randomBot as dobbmBot } from '../src/engine/dobbm/bots.js';
import { randomBot as droggnBot } from '../src/engine/droggn/bots.js';
import { randomBot as doppelkopfBot } from '../src/engine/doppelkopf/bots.js';
import { eventHash, GENESIS_HASH } from '../src/hands/event-hash.js';
import { projectionOf } from '../src/hands/projection.js';
import { handView } from '../src/hands/views.js';
import { seedOf } from './seeds.js';

type Bot = (state: never, seat: number, rng: Rng) => Action;
const BOTS: Record<GameId, Bot> = { dobbm: dobbmBot as Bot, droggn: droggnBot as Bot, doppelkopf: doppelkopfBot as Bot };

interface Step {
  game: Game;
  state: unknown;
  /** As it comes off the wire: no seat (the token names it). */
  wire: Record<string, unknown>;
  seat: number;
  seq: number;
  seats: number;
}

/** Whose views an action serialises: today's shape (answer + GET of the actor) or the live one (answer + a line per seat). */
export type ViewShape = 'today' | 'live';

type Spec = { game: GameId; rules: Record<string, unknown>; seats: number };

const HAND = { id: randomUUID(), tableId: randomUUID(), number: 1, dealer: 0, status: 'active' as const };

/** Every action of `hands` random hands per spec, in play order. */
function record(specs: readonly Spec[], hands: number): Step[] {
  const steps: Step[] = [];
  const rng = seededRng(7);
  specs.forEach((spec, k) => {
    const game = gameFor(spec.game);
    const parsed = game.parseOptions(spec.rules);
    if (!parsed.ok) throw new Error(parsed.rejection.message);
    for (let h = 0; h < hands; h++) {
      let state = game.deal(parsed.options, shuffle(seedOf(k * hands + h), game.deck(parsed.options)), { dealer: 0 });
      for (let seq = 0; !game.isOver(state); seq++) {
        const seat = game.toAct(state)[0]!;
        const { seat: _seat, ...wire } = BOTS[spec.game](state as never, seat, rng) as Action & Record<string, unknown>;
        steps.push({ game, state, wire, seat, seq, seats: spec.seats });
        const next = game.apply(state, { ...wire, seat } as Action);
        if (!next.ok) throw new Error(`${spec.game}: the bot's action was refused: ${next.rejection.code}`);
        state = next.state;
      }
    }
  });
  return steps;
}

/** One action's work; returns a length so that nothing is optimised away. */
function work(s: Step, shape: ViewShape): number {
  const parsed = s.game.parseAction({ ...s.wire, seat: s.seat });
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const applied = s.game.apply(s.state, parsed.action);
  if (!applied.ok) throw new Error(applied.rejection.message);
  const seq = s.seq + 1;
  const p = projectionOf(s.game, applied.state, seq, { now: new Date(), turnSeconds: null });
  const columns = JSON.stringify(p.state).length + JSON.stringify(parsed.action).length + (p.result ? JSON.stringify(p.result).length : 0);
  const event = { seq, type: parsed.action.type, seat: s.seat, payload: parsed.action, commandId: HAND.id, createdAt: new Date() };
  const hash = eventHash(HAND.id, GENESIS_HASH, event);
  const line = (seat: number) => JSON.stringify(handView(s.game, HAND, applied.state, seq, { kind: 'seat', seat })).length;
  let bytes = line(s.seat);
  if (shape === 'today') bytes += line(s.seat);
  // The actor's own line is its answer's JSON, sent again (HandSnapshot.jsonFor).
  else for (let seat = 0; seat < s.seats; seat++) if (seat !== s.seat) bytes += line(seat);
  return columns + hash.length + bytes;
}

/** Milliseconds of one core per action, over `seconds` of replays of the recorded hands. */
export function measureActionWork(specs: readonly Spec[], seconds: number, shape: ViewShape): number {
  const steps = record(specs, 40);
  let sink = 0;
  for (const s of steps) sink += work(s, shape); // warm-up for the JIT
  let n = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - start < budget) {
    for (const s of steps) sink += work(s, shape);
    n += steps.length;
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (sink === 0) throw new Error('no work was done');
  return ms / n;
}
