import { seededRng } from '../../engine/core/rng.js';
import { games } from '../../engine/index.js';
import { defaultDobbmOptions, DOBBM_DECK, type DobbmBot, type DobbmState } from '../../engine/dobbm/index.js';
import type { DobbmHandRecord } from '../dobbm/replay.js';
import { shuffled } from '../dobbm/random-position.js';
import { colludingBot, HABITS, honestBot, type Habit } from './bots.js';
import { playHand } from './play-hand.js';

export interface SimConfig {
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
}

export interface SimPlayer {
  id: string;
  habit: Habit;
  partner: string | null;
}

export interface SimHand {
  handId: string;
  sequence: number;
  tableId: string;
  /** Player id per seat. */
  players: string[];
  record: DobbmHandRecord;
  final: DobbmState;
  /** The coin that lets a colluding pair act in this hand came up (whether they had a chance or not). */
  acting: boolean;
}

/** The cast: every player gets a habit; the first `2 × colludingPairs` (in a seeded order) collude in twos. */
export function castPlayers(config: SimConfig): SimPlayer[] {
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

/**
 * Plays `config.hands` hands of four-player Dobbm at tables of four. Players are seated anew
 * every `handsPerSeating` hands; a colluding pair always sits at one table (that is how such
 * pairs operate). Seeded throughout: the same config gives the same hands.
 */
export function* simulateHands(config: SimConfig): Generator<SimHand> {
  const rng = seededRng(config.seed);
  const options = defaultDobbmOptions();
  const rules = { players: 4, stake: options.stake };
  const cast = castPlayers(config);
  const byId = new Map(cast.map((p) => [p.id, p]));
  const perSeating = config.handsPerSeating ?? 25;
  const cap = config.cap ?? 3;
  const recent = new Map<string, number[]>(cast.map((p) => [p.id, []]));
  let sequence = 0;
  let round = 0;
  while (sequence < config.hands) {
    const tables = seatTables(cast, rng);
    const dealers = tables.map(() => rng.int(4));
    for (let h = 0; h < perSeating && sequence < config.hands; h++) {
      for (let t = 0; t < tables.length && sequence < config.hands; t++) {
        const seats = tables[t]!;
        const deck = shuffled(DOBBM_DECK, rng);
        const acting = rng.next() < config.rate;
        const bots: DobbmBot[] = seats.map((id, seat) => {
          const p = byId.get(id)!;
          const losses = recent.get(id)!.filter((x) => x < 0).length;
          const honest = honestBot(p.habit, losses);
          if (!p.partner) return honest;
          const partnerSeat = seats.indexOf(p.partner);
          return partnerSeat < 0 ? honest : colludingBot(honest, { partnerSeat, acting, cap });
        });
        const played = playHand(options, rules, deck, dealers[t]!, bots, rng);
        const result = played.final;
        const scores = games.dobbm.result(result)?.scores ?? [];
        seats.forEach((id, seat) => {
          const r = recent.get(id)!;
          r.push(scores[seat] ?? 0);
          if (r.length > 5) r.shift();
        });
        dealers[t] = result.declarer ?? dealers[t]!;
        yield {
          handId: `H${sequence}`,
          sequence,
          tableId: `T${round}-${t}`,
          players: seats.slice(),
          record: played.record,
          final: result,
          acting,
        };
        sequence++;
      }
    }
    round++;
  }
}

function seatTables(cast: SimPlayer[], rng: ReturnType<typeof seededRng>): string[][] {
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
  const tableCount = Math.floor(cast.length / 4);
  const tables: string[][] = Array.from({ length: tableCount }, () => []);
  pairs.forEach((pair, i) => tables[i % tableCount]!.push(...pair));
  for (const t of tables) while (t.length < 4 && singles.length > 0) t.push(singles.shift()!);
  return tables.filter((t) => t.length === 4).map((t) => shuffled(t, rng));
}

