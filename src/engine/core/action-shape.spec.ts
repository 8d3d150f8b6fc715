import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { Codes, gameFor, games, shuffle } from '../index.js';

/**
 * The same in all three games: parseAction gives back exactly the contract shape
 * of every legal action, and refuses any other field by name instead of dropping or keeping it.
 */
describe.each(Object.values(games).map((g) => gameFor(g.id)))('$id parseAction', (game) => {
  const options = (game.parseOptions({}) as { ok: true; options: unknown }).options;

  it('returns every legal action of random hands unchanged, and refuses it with an added field', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.jsonValue(),
        (seed, key, value) => {
          fc.pre(!['seat', 'type'].includes(key));
          let state = game.deal(options, shuffle(Buffer.from(seed).toString('hex'), game.deck(options)), { dealer: 0 });
          let step = 0;
          while (!game.isOver(state) && step++ < 200) {
            const seat = game.toAct(state)[0]!;
            const legal = game.legalActions(state, seat);
            for (const action of legal) {
              expect(game.parseAction(action)).toEqual({ ok: true, action });
              if (Object.hasOwn(action, key)) continue;
              const extra = game.parseAction({ ...action, [key]: value });
              expect(extra.ok ? null : extra.rejection.code).toBe(Codes.UNKNOWN_FIELDS);
              expect(extra.ok ? '' : extra.rejection.message).toContain(JSON.stringify(key));
            }
            const applied = game.apply(state, legal[step % legal.length]!);
            if (!applied.ok) throw new Error(applied.rejection.message);
            state = applied.state;
          }
        },
      ),
      { numRuns: 20 },
    );
  });

  it('builds a new object: changing the raw input afterwards changes nothing', () => {
    const state = game.deal(options, game.deck(options), { dealer: 0 });
    const seat = game.toAct(state)[0]!;
    const raw = { ...game.legalActions(state, seat)[0]! };
    const parsed = game.parseAction(raw);
    expect(parsed.ok && parsed.action).not.toBe(raw);
  });
});
