import { droggn, type DroggnState } from '../../engine/droggn/index.js';
import { replayOrThrow } from '../../engine/index.js';
import { DROGGN_STRONG_PARTNER, droggnPartnerIsStrong } from './droggn-bots.js';
import { castPlayers, simulateHands, type SimConfig, type SimHand } from './simulate.js';

/** The state in which the doubling began (null: no doubling, the hand was thrown in). */
function atDoubling(h: SimHand<'droggn'>): DroggnState | null {
  const { states, actions } = replayOrThrow(droggn, h.record);
  const i = actions.findIndex((a) => a.type === 'double');
  return i < 0 ? null : states[i]!;
}

// Tables of three (9 players) and of four, where the dealer sits out each hand (8 players).
describe.each([
  { seats: 3, players: 9 },
  { seats: 4, players: 8 },
])('the collusion simulator plays Droggn at tables of $seats', ({ seats, players }) => {
  const config: SimConfig & { game: 'droggn' } = { game: 'droggn', seats, players, hands: 450, colludingPairs: 1, rate: 1, seed: 5 };
  const hands = [...simulateHands(config)];
  const cast = castPlayers(config);
  const pair = cast.filter((p) => p.partner);
  const tables = players / seats;

  it('gives the same hands for the same seed, and other hands for another', () => {
    const again = [...simulateHands(config)];
    expect(JSON.stringify(again)).toBe(JSON.stringify(hands));
    const other = [...simulateHands({ ...config, seed: 6, hands: 30 })];
    expect(other.map((h) => h.record.deck)).not.toEqual(hands.slice(0, 30).map((h) => h.record.deck));
    expect(castPlayers(config)).toEqual(cast);
  });

  it(`plays ${seats}-player Droggn records and seats everybody at full tables`, () => {
    expect(hands).toHaveLength(config.hands);
    for (const h of hands) {
      expect(h.record.game).toBe('droggn');
      expect(h.record.rules).toEqual({ players: seats, stake: 10 });
      expect(h.players).toHaveLength(seats);
      expect(new Set(h.players).size).toBe(seats);
      // At four the dealer sits out (docs/rules/droggn.md): he never acts.
      if (seats === 4) expect(h.record.actions.some((a) => a.seat === h.record.dealer)).toBe(false);
    }
    expect(new Set(hands.flatMap((h) => h.players))).toEqual(new Set(cast.map((p) => p.id)));
  });

  it('always seats a colluding pair at one table', () => {
    expect(pair).toHaveLength(2);
    const [a, b] = pair.map((p) => p.id);
    expect(pair[0]!.partner).toBe(b);
    for (const h of hands) expect(h.players.includes(a!)).toBe(h.players.includes(b!));
    expect(hands.filter((h) => h.players.includes(a!)).length).toBe(config.hands / tables);
  });

  it('deals on by the session rules: the declarer deals next, after a thrown-in deal the same dealer', () => {
    const byTable = new Map<string, SimHand<'droggn'>[]>();
    for (const h of hands) byTable.set(h.tableId, [...(byTable.get(h.tableId) ?? []), h]);
    let checked = 0;
    for (const list of byTable.values()) {
      for (let i = 1; i < list.length; i++) {
        const prev = list[i - 1]!;
        const thrownIn = prev.final.declarer === null || prev.final.endReason === 'thrownIn';
        expect(list[i]!.record.dealer).toBe(thrownIn ? prev.record.dealer : prev.final.declarer);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('replays every simulated record to the same final state and result', () => {
    for (const h of hands) {
      const { states } = replayOrThrow(droggn, h.record);
      const final = states[states.length - 1]!;
      expect(final).toEqual(h.final);
      expect(droggn.result(final)).toEqual(droggn.result(h.final));
    }
  });

  it('a colluding pair (rate 1) drives the doubling up when the partner declares strongly; honest players do not', () => {
    const colluding = new Map(pair.map((p) => [p.id, p.partner!]));
    // Per defender call in the Schwacher round of a hand with a strong declarer: the colluding
    // defender whose partner declares, against every honest defender.
    const schwacher = { colluding: { n: 0, d: 0 }, honest: { n: 0, d: 0 } };
    const doublings = { colluding: [] as number[], honest: [] as number[] };
    for (const h of hands) {
      const { states: before, actions } = replayOrThrow(droggn, h.record);
      const final = before[before.length - 1]!;
      const first = actions.findIndex((a) => a.type === 'double');
      if (first < 0 || !droggnPartnerIsStrong(before[first]!, final.declarer!)) continue;
      const declarer = h.players[final.declarer!]!;
      const partnerDefends = final.defenders.some((d) => colluding.get(h.players[d]!) === declarer);
      doublings[partnerDefends ? 'colluding' : 'honest'].push(final.doublings);
      actions.forEach((a, i) => {
        if (a.type !== 'double' || before[i]!.doublingStep !== 'schwacher') return;
        const y = h.players[a.seat]!;
        const who = colluding.get(y) === declarer ? 'colluding' : colluding.has(y) ? null : 'honest';
        if (!who) return;
        schwacher[who].n++;
        if (a['call'] !== 'gut') schwacher[who].d++;
      });
    }
    expect(schwacher.colluding.n).toBeGreaterThan(20);
    expect(schwacher.honest.n).toBeGreaterThan(100);
    const colludingRate = schwacher.colluding.d / schwacher.colluding.n;
    const honestRate = schwacher.honest.d / schwacher.honest.n;
    // At rate 1 the colluding defender says Schwacher whenever he is asked; honest defenders rarely do.
    expect(colludingRate).toBe(1);
    expect(honestRate).toBeLessThan(0.25);
    // The declarer answers with Retour and the defenders go on up to the cap (3 doublings).
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(doublings.colluding)).toBeGreaterThan(2.5);
    expect(mean(doublings.honest)).toBeLessThan(1);
    expect(Math.max(...doublings.colluding)).toBe(3);
  });

  it('counts about half of the declarations as strong (the threshold of the colluding bot)', () => {
    const states = hands.map(atDoubling).filter((s): s is DroggnState => s !== null);
    const strong = states.filter((s) => droggnPartnerIsStrong(s, s.declarer!)).length / states.length;
    expect(DROGGN_STRONG_PARTNER).toBe(35);
    expect(strong).toBeGreaterThan(0.4);
    expect(strong).toBeLessThan(0.8);
  });

  it(`refuses a cast that does not fill tables of ${seats}, or pairs that do not fit`, () => {
    expect(() => castPlayers({ ...config, players: players + 2 })).toThrow(new RegExp(`multiple of ${seats}`));
    const room = tables * Math.floor(seats / 2); // a pair always sits together
    expect(() => castPlayers({ ...config, colludingPairs: room + 1 })).toThrow(/do not fit/);
    expect(castPlayers({ ...config, colludingPairs: room }).filter((p) => p.partner)).toHaveLength(2 * room);
  });
});

it('simulates Dobbm at four seats and Droggn at three or four only', () => {
  expect(() => castPlayers({ game: 'droggn', seats: 5, players: 10, hands: 1, colludingPairs: 0, rate: 0, seed: 1 })).toThrow(
    /tables of 3 or 4/,
  );
  expect(() => castPlayers({ game: 'dobbm', seats: 3, players: 9, hands: 1, colludingPairs: 0, rate: 0, seed: 1 })).toThrow(/tables of 4/);
});
