import { doppelkopf } from '../../engine/doppelkopf/index.js';
import { handStrength } from '../../engine/doppelkopf/strength.js';
import { replayOrThrow } from '../../engine/index.js';
import { stakesOf } from '../evidence/doppelkopf-stakes.js';
import { dokoPartnerIsStrong } from './doppelkopf-bots.js';
import { castPlayers, simulateHands, type SimConfig } from './simulate.js';

describe('the collusion simulator plays Doppelkopf in tournament lists (docs/rules/doppelkopf.md#sessions)', () => {
  const config: SimConfig & { game: 'doppelkopf' } = {
    game: 'doppelkopf',
    players: 8,
    hands: 240,
    colludingPairs: 1,
    rate: 1,
    seed: 41,
    handsPerSeating: 24,
  };
  const hands = [...simulateHands(config)];
  const cast = castPlayers(config);
  const [a, b] = cast.filter((p) => p.partner).map((p) => p.id);

  it('plays tournament records that replay, every player his compulsory solo in each list of 24 hands', () => {
    expect(hands).toHaveLength(config.hands);
    const solos = new Map<string, number>();
    for (const h of hands) {
      expect(h.record.rules).toEqual({ mode: 'tournament' });
      expect(replayOrThrow(doppelkopf, h.record).states.at(-1)!.phase).toBe('over');
      if (h.final.compulsory) solos.set(h.players[h.final.declarer!]!, (solos.get(h.players[h.final.declarer!]!) ?? 0) + 1);
    }
    // 240 hands at two tables: five lists per table, so five compulsory solos per player.
    expect([...solos.values()]).toEqual(cast.map(() => 5));
  });

  it('has the colluder announce at his turn when his partner plays alone and expects to win; else only as his habit would', () => {
    let strong = 0;
    let weak = 0;
    for (const h of hands) {
      const stakes = stakesOf(h.final);
      if (stakes?.parties !== 'uneven') continue;
      const lone = h.players[stakes.alone!]!;
      const partner = lone === a ? b : lone === b ? a : null;
      if (!partner) continue;
      const seat = h.players.indexOf(partner);
      const { actions, states } = replayOrThrow(doppelkopf, h.record);
      const first = actions.findIndex((x) => x.type === 'play' && x.seat === seat);
      const announced = actions.findIndex((x) => x.type === 'announce' && x.seat === seat);
      // The moment he decided: his announcement, else his first card (the partner's chance is asked anew at each turn).
      const at = announced >= 0 ? announced : first;
      if (dokoPartnerIsStrong(states[at]!, actions.slice(0, at), stakes.alone!)) {
        strong++;
        // At one of his own turns, before its card.
        expect(announced).toBeGreaterThanOrEqual(0);
        expect(actions[announced + 1]).toEqual(expect.objectContaining({ type: 'play', seat }));
      } else {
        weak++;
        // No habit announces below strength 19 (doppelkopf-bots.ts).
        if (announced >= 0) expect(handStrength(h.final.dealt[seat]!, h.final.contract!)).toBeGreaterThanOrEqual(19);
      }
    }
    expect(strong).toBeGreaterThanOrEqual(2);
    expect(weak).toBeGreaterThan(2);
  });
});
