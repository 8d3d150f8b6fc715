import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { gameFor, playOut, seededRng, shuffle, type Action, type GameId, type Rng, type Viewer } from '../engine/index.js';
import { randomBot as dobbmBot } from '../engine/dobbm/bots.js';
import { randomBot as droggnBot } from '../engine/droggn/bots.js';
import { randomBot as dokoBot } from '../engine/doppelkopf/bots.js';
import { viewSchemas } from './view-schemas.js';

type Bot = (s: never, seat: number, rng: Rng) => Action;
const cases: { id: GameId; rules: Record<string, unknown>; bot: Bot }[] = [
  { id: 'dobbm', rules: { players: 4, irregularities: 'penalize' }, bot: dobbmBot },
  { id: 'dobbm', rules: { players: 5 }, bot: dobbmBot },
  { id: 'droggn', rules: { players: 3, talon: { expose: 'ansagerOnly' } }, bot: droggnBot },
  { id: 'droggn', rules: { players: 4 }, bot: droggnBot },
  { id: 'doppelkopf', rules: { poverty: { enabled: true } }, bot: dokoBot },
  { id: 'doppelkopf', rules: { players: 5, review: 'ownSide', revealLosingReservations: true }, bot: dokoBot },
];

/** The published schema, closed at every level: a field the schema does not name fails. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'enum' ? v : closed(v);
  if ('properties' in out && !('additionalProperties' in out)) out.additionalProperties = false;
  return out;
}

/** Every view of random hands (each seat, a spectator, the auditor, at every state) fits its game's schema exactly. */
describe.each(cases)('the view schema of $id $rules', ({ id, rules, bot }) => {
  it('holds every view of 30 random hands', () => {
    const game = gameFor(id);
    const validate = new Ajv({ allErrors: true, strict: false }).compile(closed(viewSchemas[id]) as object);
    const parsed = game.parseOptions(rules);
    if (!parsed.ok) throw new Error(parsed.rejection.message);
    const options = parsed.options;
    const rng = seededRng(7);
    const seatCount = game.seatCount(options);
    const viewers: Viewer[] = [
      { kind: 'spectator' },
      { kind: 'auditor' },
      ...Array.from({ length: seatCount }, (_, seat) => ({ kind: 'seat', seat }) as const),
    ];
    let checked = 0;
    for (let h = 0; h < 30; h++) {
      const deal = {
        options,
        source: { deck: shuffle(h.toString(16).padStart(64, '0'), game.deck(options)) },
        setup: { dealer: h % seatCount },
      };
      for (const state of playOut(game, deal, (s, seats) => bot(s as never, seats[0]!, rng)).states) {
        for (const viewer of viewers) {
          const view = JSON.parse(JSON.stringify(game.view(state, viewer))) as unknown;
          if (!validate(view)) throw new Error(`${JSON.stringify(viewer)}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(view)}`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
