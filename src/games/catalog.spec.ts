import { describe, expect, it } from '@jest/globals';
import { games, type GameId } from '../engine/index.js';
import { gameCatalog } from './catalog.js';
import { optionNotes } from './option-notes.js';

describe('the game catalogue (GET /games, npm run rule-options)', () => {
  it('has one note per engine option, no more, and each dependency names an option and a value it admits', () => {
    for (const id of Object.keys(games) as GameId[]) {
      const schema = games[id].optionSchema;
      expect(Object.keys(optionNotes[id]).sort()).toEqual(Object.keys(schema).sort());
      for (const note of Object.values(optionNotes[id])) {
        if (!note.dependsOn) continue;
        const parent = schema[note.dependsOn.option]!;
        expect(parent).toBeDefined();
        expect(games[id].parseOptions({ [note.dependsOn.option]: note.dependsOn.value }).ok).toBe(true);
      }
    }
  });

  it('describes each option as the engine parses it: the default is accepted, every listed value too, a value beyond the range not', () => {
    for (const game of gameCatalog()) {
      const engine = games[game.id];
      for (const o of game.options) {
        expect(engine.parseOptions({ [o.name]: o.default }).ok).toBe(true);
        for (const v of o.values ?? []) expect(engine.parseOptions({ [o.name]: v }).ok).toBe(true);
        if (o.type === 'integer') {
          expect(engine.parseOptions({ [o.name]: o.minimum! - 1 }).ok).toBe(false);
          if (o.maximum !== undefined) expect(engine.parseOptions({ [o.name]: o.maximum + 1 }).ok).toBe(false);
          expect(engine.parseOptions({ [o.name]: null }).ok).toBe(o.nullable);
        }
        if (o.type === 'boolean') expect(engine.parseOptions({ [o.name]: 'yes' }).ok).toBe(false);
      }
    }
  });

  it('offers a recommended cap on doublings where the rules leave them unlimited, and the engine accepts it', () => {
    for (const game of gameCatalog().filter((g) => g.id !== 'doppelkopf')) {
      const cap = game.options.find((o) => o.name === 'doubling.maxDoublings')!;
      expect([game.id, cap.default, typeof cap.recommended]).toEqual([game.id, null, 'number']);
      expect(games[game.id].parseOptions({ [cap.name]: cap.recommended }).ok).toBe(true);
    }
  });
});
