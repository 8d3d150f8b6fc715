import { gameFor, playOut, shuffle, seededRng, type GameId, type Rng, type Action } from './index.js';
import { copyState as dobbmCopy } from './dobbm/state.js';
import { copyState as droggnCopy } from './droggn/state.js';
import { copyState as dokoCopy } from './doppelkopf/state.js';
import { randomBot as dobbmBot } from './dobbm/bots.js';
import { randomBot as droggnBot } from './droggn/bots.js';
import { randomBot as dokoBot } from './doppelkopf/bots.js';

/**
 * Each game's `apply` copies its state field by field (`copyState`: V8's object spread is slow
 * on the hot path), so a field added to a state but not to `copyState` would silently vanish
 * at the next action. Every state of random hands must come through the copy whole, with its
 * keys in the same order (the order of a fresh deal).
 */
type Copy = (s: any) => object;
type Bot = (s: any, seat: number, rng: Rng) => Action;
const cases: { id: GameId; rules: Record<string, unknown>; copy: Copy; bot: Bot }[] = [
  { id: 'dobbm', rules: { players: 4 }, copy: dobbmCopy, bot: dobbmBot },
  { id: 'dobbm', rules: { players: 5, irregularities: 'penalize' }, copy: dobbmCopy, bot: dobbmBot },
  { id: 'droggn', rules: { players: 3 }, copy: droggnCopy, bot: droggnBot },
  { id: 'droggn', rules: { players: 4 }, copy: droggnCopy, bot: droggnBot },
  { id: 'doppelkopf', rules: {}, copy: dokoCopy, bot: dokoBot },
];

describe.each(cases)('copyState keeps every field: $id $rules', ({ id, rules, copy, bot }) => {
  it('over the states of 40 random hands', () => {
    const game = gameFor(id);
    const parsed = game.parseOptions(rules);
    if (!parsed.ok) throw new Error(parsed.rejection.message);
    const rng = seededRng(3);
    let states = 0;
    for (let h = 0; h < 40; h++) {
      const deal = {
        options: parsed.options,
        source: { deck: shuffle(h.toString(16).padStart(64, '0'), game.deck(parsed.options)) },
        setup: { dealer: h % game.seatCount(parsed.options) },
      };
      for (const s of playOut(game, deal, (s, seats) => bot(s, seats[0]!, rng)).states) {
        expect(Object.keys(copy(s))).toEqual(Object.keys(s as object));
        expect(copy(s)).toEqual(s);
        states++;
      }
    }
    expect(states).toBeGreaterThan(400);
  });
});
