import { describe, expect, it } from '@jest/globals';
import { seededRng, shuffle, type Action } from '../../engine/index.js';
import { doppelkopf, type DokoState } from '../../engine/doppelkopf/index.js';
import { heuristicBot } from '../../engine/doppelkopf/bots.js';
import { imagineWorld } from './search.js';
import { seatInputOf } from '../../bots/seat-play.js';

const bot = heuristicBot();

type Role = 'pauper' | 'acceptor' | 'other';
interface Moment {
  phase: DokoState['phase'];
  role: Role;
  state: DokoState;
  actions: Action[];
  seat: number;
  dealer: number;
}

/**
 * Every moment after a poverty (Armut) was passed at which a seat has a choice, in hands the
 * engine's bots play with poverty allowed (they declare it on every poor hand).
 */
function povertyMoments(rules: Record<string, unknown>, deals: number): Moment[] {
  const parsed = doppelkopf.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const o = parsed.options;
  const out: Moment[] = [];
  for (let d = 0; d < deals; d++) {
    const rng = seededRng(d);
    const dealer = d % 4;
    let s = doppelkopf.deal(o, shuffle(d.toString(16).padStart(64, '0'), doppelkopf.deck(o)), { dealer });
    const actions: Action[] = [];
    while (s.phase !== 'over') {
      const seat = doppelkopf.toAct(s)[0]!;
      const p = s.poverty;
      if (p?.passed && doppelkopf.legalActions(s, seat).length > 1) {
        const role: Role = seat === p.pauper ? 'pauper' : seat === p.acceptor ? 'acceptor' : 'other';
        out.push({ phase: s.phase, role, state: s, actions: actions.slice(), seat, dealer });
      }
      const action = bot(s, seat, rng);
      const next = doppelkopf.apply(s, action);
      if (!next.ok) throw new Error(next.rejection.message);
      actions.push(action);
      s = next.state;
    }
  }
  return out;
}

describe('Doppelkopf worlds after a poverty (Armut)', () => {
  for (const rules of [
    { poverty: { enabled: true } },
    { deck: 40, poverty: { enabled: true, passExactlyTrumps: true, announceTrumpsReturned: true } },
  ]) {
    it(`are imagined for the pauper, the acceptor and the others alike, and serve the seat the same input (${JSON.stringify(rules)})`, () => {
      const parsed = doppelkopf.parseOptions(rules);
      if (!parsed.ok) throw new Error(parsed.rejection.message);
      const moments = povertyMoments(rules, 120);
      const seen = new Map<string, number>();
      let imagined = 0;
      for (const m of moments) {
        const hand = { options: parsed.options, setup: { dealer: m.dealer }, actions: m.actions };
        const input = seatInputOf(doppelkopf, { ...hand, state: m.state }, m.seat);
        const world = imagineWorld(input, m.actions.length) as DokoState | null;
        const key = `${m.role} in ${m.phase}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        if (world === null) continue;
        imagined++;
        // The world is another deal the seat cannot tell from the true one.
        expect(seatInputOf(doppelkopf, { ...hand, state: world }, m.seat)).toEqual(input);
      }
      for (const key of ['pauper in play', 'acceptor in play', 'other in play', 'other in poverty-answer', 'acceptor in poverty-return'])
        expect(seen.get(key) ?? 0).toBeGreaterThan(0);
      expect(imagined).toBeGreaterThanOrEqual(0.95 * moments.length);
    });
  }
});
