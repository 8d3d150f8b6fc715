import { seededRng, type Rng } from '../../engine/core/rng.js';
import type { StrongBudget } from '../../solvers/search/search.js';
import type { DobbmState } from '../../engine/dobbm/index.js';
import type { DroggnState } from '../../engine/droggn/index.js';
import type { DokoState } from '../../engine/doppelkopf/index.js';
import type { HandRecord } from '../../engine/index.js';
import { shuffled } from '../../solvers/sampling.js';
import { HABITS, type Habit } from './habits.js';
import { dobbmTable } from './dobbm-table.js';
import { droggnTable } from './droggn-table.js';
import { doppelkopfTable } from './doppelkopf-table.js';
import type { SimGame, TableGame } from './table-game.js';

export { SIM_GAMES, isSimGame, type SimGame } from './table-game.js';

export interface SimConfig {
  /** Default 'dobbm' (tables of four); 'droggn' plays at tables of `seats`. */
  game?: SimGame;
  /** Droggn's table size: 3 (default) or 4, where the dealer sits out each hand (docs/rules/droggn.md). Dobbm: 4. */
  seats?: number;
  players: number;
  hands: number;
  colludingPairs: number;
  /** Share of their chances (partner declares strong) on which a colluding pair acts. */
  rate: number;
  seed: number;
  /** Hands a table plays before everybody is seated anew (default 25). */
  handsPerSeating?: number;
  /** Doublings a colluding pair drives the chain to (default 3: ×8). */
  cap?: number;
  /**
   * The honest players' bot: 'heuristic' (the engine's, with the habits' knobs) or 'strong' (the
   * strong bot, the habits still bidding and doubling: strong-honest.ts); colluders keep theirs.
   * When set, the bots draw from a random stream of their own per hand, so that both settings
   * deal the same cards to the same seatings; unset, one stream as before (the documented runs).
   */
  honest?: 'heuristic' | 'strong';
  /** The strong bot's budget in the simulator (its time limit should not bind: the run stays seeded). */
  strongBudget?: StrongBudget;
}

export interface SimPlayer {
  id: string;
  habit: Habit;
  partner: string | null;
}

interface SimStates {
  dobbm: DobbmState;
  droggn: DroggnState;
  doppelkopf: DokoState;
}

export interface SimHand<G extends SimGame = SimGame> {
  handId: string;
  sequence: number;
  tableId: string;
  /** Player id per seat. */
  players: string[];
  record: HandRecord<G>;
  final: SimStates[G];
  /** The coin that lets a colluding pair act in this hand came up (whether they had a chance or not). */
  acting: boolean;
}

/** Seats per table: Dobbm four, Droggn three unless `seats` says four. */
function tableSeats(config: SimConfig): number {
  const game = config.game ?? 'dobbm';
  const seats = config.seats ?? (game === 'droggn' ? 3 : 4);
  const allowed = game === 'droggn' ? [3, 4] : [4];
  if (!allowed.includes(seats)) throw new Error(`${game} is simulated at tables of ${allowed.join(' or ')}, not ${seats}`);
  return seats;
}

/**
 * The cast: every player gets a habit; the first `2 × colludingPairs` (in a seeded order) collude in twos.
 * Throws when the players do not fill the game's tables, or the pairs do not fit at them (a table
 * seats ⌊seats/2⌋ pairs: two at four seats, one at three).
 */
export function castPlayers(config: SimConfig): SimPlayer[] {
  checkCast(config);
  const rng = seededRng(config.seed * 7919 + 1);
  const ids = Array.from({ length: config.players }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
  const order = shuffled(ids, rng);
  const partner = new Map<string, string>();
  for (let k = 0; k < config.colludingPairs; k++) {
    const a = order[2 * k]!;
    const b = order[2 * k + 1]!;
    partner.set(a, b);
    partner.set(b, a);
  }
  return ids.map((id, i) => ({ id, habit: HABITS[(i + config.seed) % HABITS.length]!, partner: partner.get(id) ?? null }));
}

function checkCast(config: SimConfig): void {
  const game = config.game ?? 'dobbm';
  const seats = tableSeats(config);
  // Dobbm has always let surplus players sit out a seating; Droggn's tables must be full.
  if (game !== 'dobbm' && (config.players < seats || config.players % seats !== 0)) {
    throw new Error(
      `${game} is simulated at tables of ${seats}: the number of players must be a positive multiple of ${seats}, not ${config.players}`,
    );
  }
  const room = Math.floor(config.players / seats) * Math.floor(seats / 2);
  if (config.colludingPairs > room) {
    throw new Error(
      `${config.colludingPairs} colluding pairs do not fit at ${Math.floor(config.players / seats)} ${game} tables of ${seats} (at most ${room}: a pair always sits together)`,
    );
  }
}

/**
 * Plays `config.hands` hands of the game at full tables (four-player Dobbm, three- or
 * four-player Droggn). Players are seated anew every `handsPerSeating` hands; a colluding pair always sits
 * at one table (that is how such pairs operate). Seeded throughout: the same config gives the
 * same hands.
 */
export function simulateHands(config: SimConfig & { game?: 'dobbm' }): Generator<SimHand<'dobbm'>>;
export function simulateHands(config: SimConfig & { game: 'droggn' }): Generator<SimHand<'droggn'>>;
export function simulateHands(config: SimConfig & { game: 'doppelkopf' }): Generator<SimHand<'doppelkopf'>>;
export function simulateHands(config: SimConfig): Generator<SimHand>;
export function simulateHands(config: SimConfig): Generator<SimHand> {
  const seats = tableSeats(config);
  if (config.game === 'doppelkopf') return simulateAt(doppelkopfTable(), config);
  return config.game === 'droggn' ? simulateAt(droggnTable(seats === 4 ? 4 : 3), config) : simulateAt(dobbmTable(), config);
}

function* simulateAt<G extends SimGame, S, D>(
  table: TableGame<G, S, D>,
  config: SimConfig,
): Generator<Omit<SimHand<G>, 'final'> & { final: S }> {
  const rng = seededRng(config.seed);
  const cast = castPlayers(config);
  const byId = new Map(cast.map((p) => [p.id, p]));
  const perSeating = config.handsPerSeating ?? 25;
  const cap = config.cap ?? 3;
  const recent = new Map<string, number[]>(cast.map((p) => [p.id, []]));
  let sequence = 0;
  let round = 0;
  while (sequence < config.hands) {
    const tables = seatTables(cast, rng, table.seats);
    const dealers = tables.map(() => {
      const dealer = rng.int(table.seats);
      return table.firstDeal ? table.firstDeal(dealer) : (dealer as D);
    });
    for (let h = 0; h < perSeating && sequence < config.hands; h++) {
      for (let t = 0; t < tables.length && sequence < config.hands; t++) {
        const seats = tables[t]!;
        const deck = shuffled(table.deck, rng);
        const acting = rng.next() < config.rate;
        const bots = seats.map((id) => {
          const p = byId.get(id)!;
          const losses = recent.get(id)!.filter((x) => x < 0).length;
          const habit = table.honestBot(p.habit, losses);
          if (p.partner) {
            const partnerSeat = seats.indexOf(p.partner);
            return partnerSeat < 0 ? habit : table.colludingBot(habit, { partnerSeat, acting, cap });
          }
          return config.honest === 'strong' ? table.strongHonestBot(habit, dealers[t]!, config.strongBudget ?? SIM_STRONG_BUDGET) : habit;
        });
        const botRng = config.honest ? seededRng(config.seed * 1_000_003 + sequence) : rng;
        const played = table.play(deck, dealers[t]!, bots, botRng);
        const scores = table.scores(played.final);
        seats.forEach((id, seat) => {
          const r = recent.get(id)!;
          r.push(scores[seat] ?? 0);
          if (r.length > 5) r.shift();
        });
        dealers[t] = table.nextDealer(played.final, dealers[t]!);
        yield {
          handId: `H${sequence}`,
          sequence,
          tableId: `T${round}-${t}`,
          players: seats.slice(),
          record: played.record,
          final: played.final,
          acting,
        };
        sequence++;
      }
    }
    round++;
  }
}

/** The strong bot's default budget in the simulator: a quarter of the service's worlds, no time limit (seeded runs). */
export const SIM_STRONG_BUDGET: StrongBudget = { worlds: 6, timeMs: Number.POSITIVE_INFINITY };

/** Seats everybody anew at tables of `seats`, each colluding pair at one table. */
function seatTables(cast: SimPlayer[], rng: Rng, seats: number): string[][] {
  const order = shuffled(cast, rng);
  const pairs: string[][] = [];
  const singles: string[] = [];
  const placed = new Set<string>();
  for (const p of order) {
    if (placed.has(p.id)) continue;
    if (p.partner) {
      pairs.push([p.id, p.partner]);
      placed.add(p.id).add(p.partner);
    } else {
      singles.push(p.id);
      placed.add(p.id);
    }
  }
  const tableCount = Math.floor(cast.length / seats);
  const tables: string[][] = Array.from({ length: tableCount }, () => []);
  pairs.forEach((pair, i) => tables[i % tableCount]!.push(...pair));
  for (const t of tables) while (t.length < seats && singles.length > 0) t.push(singles.shift()!);
  return tables.filter((t) => t.length === seats).map((t) => shuffled(t, rng));
}
