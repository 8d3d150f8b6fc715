import { gameFor, playOut, type Action, type Card, type GameId, type HandRecord } from '../../engine/index.js';
import { seededRng, type Rng } from '../../engine/core/rng.js';
import { seatInputOf } from '../../bots/seat-play.js';
import { decideStrong, type StrongBudget } from '../../solvers/search/search.js';
import { decideSharing } from '../../solvers/search/sharing.js';
import { shuffled } from '../../solvers/sampling.js';
import { presentHand, SHARING_BUDGET, sharingEvidence, type SharingEvidence } from './evidence.js';

/**
 * The card-sharing simulator (docs/audit-card-sharing.md#simulator): every player is the strong
 * bot; the planted pairs sit at one table and, in a share `rate` of their hands together, each
 * decides with the partner's present hand revealed (solvers/search/sharing.ts). Every hand's
 * evidence is computed from its record alone, as the audit would.
 */
export interface SharingSimConfig {
  game: GameId;
  players: number;
  hands: number;
  pairs: number;
  rate: number;
  seed: number;
  /** Hands a table plays before everybody is seated anew (default 25). */
  handsPerSeating?: number;
  /**
   * The first hand to play: the hands before it are dealt and seated as in a whole run (the
   * random stream is the same) but neither played nor yielded, so that a run can be continued.
   */
  from?: number;
  /**
   * Plays only every n-th hand from the k-th (1-based); the others are dealt and seated as in a
   * whole run but not played, so that n processes at once play one run between them.
   */
  shard?: Shard;
  /** The players' search (its clock never binds: the run is a function of its seed). */
  botBudget?: StrongBudget;
  evidenceBudget?: StrongBudget;
}

export interface SharingSimHand {
  handId: string;
  players: string[];
  record: HandRecord;
  evidence: SharingEvidence;
  /** The planted pairs shared cards in this hand. */
  sharing: boolean;
}

/** Rules and seats per table: Dobbm and Doppelkopf at four, Droggn at three. */
const SIM_RULES: Record<GameId, { rules: Record<string, unknown>; seats: number }> = {
  dobbm: { rules: { players: 4 }, seats: 4 },
  droggn: { rules: { players: 3 }, seats: 3 },
  doppelkopf: { rules: {}, seats: 4 },
};

/** The strong bot's simulator budget: a quarter of the service's worlds, no clock. */
const BOT_BUDGET: StrongBudget = { worlds: 6, timeMs: Infinity, endgameTricks: 4 };

/** The planted ordered pairs: each member of a pair sees the other. */
export function plantedPairs(config: SharingSimConfig): Map<string, string> {
  const ids = playerIds(config.players);
  const order = shuffled(ids, seededRng(config.seed * 7919 + 1));
  const partner = new Map<string, string>();
  for (let k = 0; k < config.pairs; k++) partner.set(order[2 * k]!, order[2 * k + 1]!).set(order[2 * k + 1]!, order[2 * k]!);
  return partner;
}

const playerIds = (n: number): string[] => Array.from({ length: n }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);

/**
 * The seed of a hand's evidence, from the run's seed and the hand's place in it: the same for
 * every budget, so that evidence computed anew from a saved record at another budget values the
 * same decisions with the same random stream.
 */
export const evidenceSeed = (runSeed: number, sequence: number): number => runSeed * 31 + sequence;

/** A run's share of one of n processes: every n-th hand from the k-th (1-based). */
export interface Shard {
  k: number;
  n: number;
}

/** Whether the hand at `sequence` falls to `shard`. */
export const inShard = (sequence: number, shard: Shard): boolean => sequence % shard.n === shard.k - 1;

export function* simulateSharing(config: SharingSimConfig): Generator<SharingSimHand> {
  const { rules, seats } = SIM_RULES[config.game];
  const game = gameFor(config.game);
  const parsed = game.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const options = parsed.options;
  const partner = plantedPairs(config);
  const tableCount = Math.floor(config.players / seats);
  if (config.pairs > tableCount * Math.floor(seats / 2))
    throw new Error(`${config.pairs} pairs do not fit at ${tableCount} tables of ${seats}`);
  const rng = seededRng(config.seed);
  const perSeating = config.handsPerSeating ?? 25;
  let sequence = 0;
  while (sequence < config.hands) {
    const tables = seatTables(playerIds(config.players), partner, tableCount, seats, rng);
    const dealers = tables.map(() => rng.int(seats));
    for (let h = 0; h < perSeating && sequence < config.hands; h++) {
      for (let t = 0; t < tables.length && sequence < config.hands; t++) {
        const players = tables[t]!;
        const deck = shuffled(game.deck(options), rng);
        const sharing = rng.next() < config.rate;
        const botRng = seededRng(config.seed * 1_000_003 + sequence);
        const dealer = dealers[t]!;
        if (sequence < (config.from ?? 0) || (config.shard && !inShard(sequence, config.shard))) {
          dealers[t] = (dealer + 1) % seats;
          sequence++;
          continue;
        }
        const history: Action[] = [];
        const { actions } = playOut(game, { options, source: { deck }, setup: { dealer } }, (state, toAct) => {
          const seat = toAct[0]!;
          const input = seatInputOf(game, { options, setup: { dealer }, state, actions: history }, seat);
          const mate = sharing ? players.indexOf(partner.get(players[seat]!) ?? '') : -1;
          const o = { seed: botRng.int(2 ** 31), budget: config.botBudget ?? BOT_BUDGET };
          const known = new Map<number, Card[]>([[mate, presentHand(game, state, mate)]]);
          const decided = mate >= 0 ? decideSharing(input, known, o) : decideStrong(input, o);
          const action = { ...decided.action, seat } as Action;
          history.push(action);
          return action;
        });
        const record: HandRecord = { game: config.game, rules, dealer, deck, actions };
        const evidence = sharingEvidence(record, {
          seed: evidenceSeed(config.seed, sequence),
          budget: config.evidenceBudget ?? SHARING_BUDGET,
        });
        yield { handId: `H${sequence}`, players: players.slice(), record, evidence, sharing };
        dealers[t] = (dealer + 1) % seats;
        sequence++;
      }
    }
  }
}

/** Everybody seated anew at `tableCount` tables of `seats`, each planted pair at one table; surplus players sit out. */
function seatTables(ids: string[], partner: ReadonlyMap<string, string>, tableCount: number, seats: number, rng: Rng): string[][] {
  const tables: string[][] = Array.from({ length: tableCount }, () => []);
  const placed = new Set<string>();
  let next = 0;
  for (const id of shuffled(ids, rng)) {
    const mate = partner.get(id);
    if (!mate || placed.has(id)) continue;
    tables[next++ % tableCount]!.push(id, mate);
    placed.add(id).add(mate);
  }
  for (const id of shuffled(ids, rng)) {
    if (placed.has(id)) continue;
    const t = tables.find((x) => x.length < seats);
    if (!t) break;
    t.push(id);
    placed.add(id);
  }
  return tables.map((t) => shuffled(t, rng));
}
