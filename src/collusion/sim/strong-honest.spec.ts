import { seededRng, type Rng } from '../../engine/core/rng.js';
import { DECK, droggn, heuristicBot, type DroggnState } from '../../engine/droggn/index.js';
import { defaultOptions } from '../../engine/droggn/options.js';
import { replayOrThrow } from '../../engine/index.js';
import { shuffled } from '../../solvers/droggn/position.js';
import { playBotHand } from './bot-hand.js';
import { strongHonestBot } from './strong-honest.js';
import { castPlayers, simulateHands, type SimConfig } from './simulate.js';

const budget = { worlds: 2, timeMs: Number.POSITIVE_INFINITY };

describe('honest players as the strong bot in the collusion simulator', () => {
  it('his habit bids and doubles; every other decision is the search', () => {
    const options = defaultOptions();
    const plain = heuristicBot();
    const asked: string[] = [];
    const habit = (s: DroggnState, seat: number, rng: Rng) => {
      asked.push(s.phase);
      return plain(s, seat, rng);
    };
    const bots = [0, 1, 2].map(() => strongHonestBot(droggn, options, 0, habit, budget));
    const deal = { game: 'droggn' as const, options, rules: {}, source: { deck: shuffled(DECK, seededRng(4)) }, dealer: 0 };
    const { record } = playBotHand(droggn, deal, bots, seededRng(4));
    replayOrThrow(droggn, record);
    const calls = record.actions.filter((a) => a.type === 'bid' || a.type === 'double');
    expect(record.actions.filter((a) => a.type === 'play').length).toBe(63);
    expect(asked).toHaveLength(calls.length);
    expect(new Set(asked)).toEqual(new Set(['bidding', 'doubling']));
  });

  const config: SimConfig & { game: 'droggn' } = {
    game: 'droggn',
    seats: 3,
    players: 6,
    hands: 4,
    colludingPairs: 1,
    rate: 1,
    seed: 5,
    strongBudget: budget,
  };
  const heuristic = [...simulateHands({ ...config, honest: 'heuristic' })];
  const strong = [...simulateHands({ ...config, honest: 'strong' })];
  const colluders = new Set(
    castPlayers(config)
      .filter((p) => p.partner)
      .map((p) => p.id),
  );

  it('deals the same cards to the same seatings with either bot', () => {
    expect(strong.map((h) => [h.record.deck, h.players, h.acting])).toEqual(heuristic.map((h) => [h.record.deck, h.players, h.acting]));
  });

  it("the honest players' card play is the strong bot's, the colluders' still the engine bot's", () => {
    const plain = heuristicBot();
    let honestDiffers = 0;
    let colluderPlays = 0;
    for (const h of strong) {
      const { states, actions } = replayOrThrow(droggn, h.record);
      actions.forEach((a, i) => {
        if (a.type !== 'play') return;
        const bot = plain(states[i]!, a.seat, seededRng(1));
        if (colluders.has(h.players[a.seat]!)) {
          colluderPlays++;
          expect(bot).toEqual(a);
        } else if (JSON.stringify(bot) !== JSON.stringify(a)) honestDiffers++;
      });
    }
    expect(colluderPlays).toBeGreaterThan(0);
    expect(honestDiffers).toBeGreaterThan(0);
  });
});
