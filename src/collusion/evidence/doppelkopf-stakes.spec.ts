/**
 * The stakes of a Doppelkopf announcement against the engine's actual payments: under random rule
 * profiles, deals and contracts, one more announcement is slipped into a played hand and the hand is
 * replayed; what changed in each seat's score must follow the sides and shares `stakesOf` claims.
 */
import fc from 'fast-check';
import { playDrawn, ruleProfileArb, sessionArb, type Bot } from '../../engine/core/profiles.testkit.js';
import { seededRng } from '../../engine/core/rng.js';
import type { Action, HandResult } from '../../engine/core/types.js';
import { heuristicBot, randomBot } from '../../engine/doppelkopf/bots.js';
import { act, acts, allHealthy, applyAny, dealWith, opts, playFirstLegal } from '../../engine/doppelkopf/deals.testkit.js';
import { doppelkopf } from '../../engine/doppelkopf/index.js';
import { optionSchema } from '../../engine/doppelkopf/options.js';
import { result } from '../../engine/doppelkopf/result.js';
import { legalActions, toAct } from '../../engine/doppelkopf/rules.js';
import type { DokoState } from '../../engine/doppelkopf/state.js';
import { callStakes, stakesOf, type DokoStakes } from './doppelkopf-stakes.js';

const BOTS: Bot<DokoState>[] = [randomBot, heuristicBot(), heuristicBot({ soloFrom: 24, announceFrom: 16 })];
const seated = (s: DokoState): number[] => s.hands.flatMap((h, seat) => (h === null ? [] : [seat]));
/** Every seat with something to do, announcements included (they are open to every seat). */
const actors = (s: DokoState): number[] => seated(s).filter((seat) => legalActions(s, seat).length > 0);

/** Re's value `v_Re` as the engine's result states it: the winner's value, negative when Kontra won. */
const vReOf = (r: HandResult): number => (r.details!['winner'] === 'kontra' ? -r.gameValue! : r.gameValue!);

/** Applies `rest` after `s`, leaving out the announcements the extra one made refused (already made or implied). */
function replayRest(s: DokoState, rest: readonly Action[]): DokoState {
  for (const a of rest) {
    const r = applyAny(s, a);
    if (r.ok) s = r.state;
    else if (a.type !== 'announce') throw new Error(`${JSON.stringify(a)} refused after the extra announcement: ${r.rejection.code}`);
  }
  return s;
}

/** The twelve highest trumps of a normal game or a diamond solo: wins every trick. */
const STRONG = ['H10', 'H10', 'CQ', 'CQ', 'SQ', 'SQ', 'HQ', 'HQ', 'DQ', 'DQ', 'CJ', 'CJ'];

interface Seen {
  even: number;
  uneven: number;
  allyGained: number;
  fivePlayers: number;
}

/** Makes `call` in `s`, plays `rest` and checks the change of every score against `stakes`. */
function checkExtraCall(s: DokoState, rest: readonly Action[], call: Action, r: HandResult, stakes: DokoStakes, seen: Seen): void {
  const first = applyAny(s, call);
  if (!first.ok) throw new Error(`a listed announcement refused: ${first.rejection.code}`);
  const after = result(replayRest(first.state, rest))!;
  const delta = r.scores.map((x, seat) => after.scores[seat]! - x + 0);
  const active = stakes.sides.flatMap((x, seat) => (x === null ? [] : [seat]));
  const re = r.parties!['re']![0]!;
  // Every change is the seat's share of one common change of Re's value.
  const k = after.scores[re]! / stakes.shares[re]! - vReOf(r);
  delta.forEach((d, seat) => expect([seat, d]).toEqual([seat, stakes.shares[seat]! * k + 0]));
  const caller = callStakes(stakes, call.seat)!;
  expect(caller.movesValue).toBe(stakes.parties === 'uneven');
  for (const ally of caller.allies) {
    // Caller and opponent together gain what the others lose.
    const pair = delta[call.seat]! + delta[ally.seat]!;
    expect(pair).toBe(ally.pairShares * k + 0);
    expect(pair + ally.payers.reduce((a, p) => a + delta[p.seat]!, 0)).toBe(0);
  }
  if (stakes.parties === 'even') {
    seen.even++;
    for (const a of active) for (const b of active) if (stakes.sides[a] !== stakes.sides[b]) expect(delta[a]! + delta[b]!).toBe(0);
    return;
  }
  seen.uneven++;
  const alone = stakes.alone!;
  const wonBoth = r.details!['winner'] === stakes.sides[alone] && after.details!['winner'] === stakes.sides[alone];
  if (!wonBoth || after.gameValue! <= r.gameValue!) return;
  // The lone player won and the value rose: each defender, as his ally, is better off with him, the other two pay.
  seen.allyGained++;
  for (const ally of active.filter((x) => x !== alone)) {
    expect(delta[alone]! + delta[ally]!).toBeGreaterThan(0);
    for (const honest of active.filter((x) => x !== alone && x !== ally)) expect(delta[honest]).toBeLessThan(0);
  }
}

describe('Doppelkopf stakes against the engine (docs/rules/doppelkopf.md#player-scores)', () => {
  it('sides and shares are the engine’s payments; one more announcement moves nothing across an even table and two shares to a soloist’s ally', () => {
    const seen: Seen = { even: 0, uneven: 0, allyGained: 0, fivePlayers: 0 };
    fc.assert(
      fc.property(sessionArb(optionSchema), fc.nat(), (drawn, pick) => {
        const { options, played } = playDrawn(doppelkopf, drawn, BOTS, { actors });
        const rng = seededRng(pick);
        for (const hand of played) {
          const r = result(hand.final)!;
          const stakes = stakesOf(hand.final);
          if (r.status !== 'finished') {
            expect(stakes).toBeNull();
            continue;
          }
          if (!stakes) throw new Error('a finished hand without stakes');
          // The sides are the result's parties; a dealer sitting out has none and is paid nothing.
          const parties = r.parties!;
          for (let seat = 0; seat < options.players; seat++) {
            const side = parties['re']!.includes(seat) ? 're' : parties['kontra']!.includes(seat) ? 'kontra' : null;
            expect([seat, stakes.sides[seat]]).toEqual([seat, side]);
            expect([seat, stakes.shares[seat]! * vReOf(r) + 0]).toEqual([seat, r.scores[seat]! + 0]);
          }
          // The lone player of an uneven hand is the one the engine scores as a solo's declarer.
          expect(stakes.alone).toBe(r.declarer);
          if (options.players === 5) seen.fivePlayers++;

          // One more announcement, legal at some moment: in an even hand one drawn at random, in an
          // uneven one (rarer) every one there is.
          const tries = hand.states.flatMap((s, i) =>
            s.phase !== 'play'
              ? []
              : seated(s).flatMap((seat) =>
                  legalActions(s, seat)
                    .filter((a) => a.type === 'announce')
                    .map((call) => ({ i, call })),
                ),
          );
          if (tries.length === 0) continue;
          for (const { i, call } of stakes.parties === 'even' ? [rng.pick(tries)] : tries) {
            // The parties are fixed by the time anybody may announce.
            expect(stakesOf(hand.states[i]!)).toEqual(stakes);
            checkExtraCall(hand.states[i]!, hand.actions.slice(i), call, r, stakes, seen);
          }
        }
      }),
      { numRuns: 40 },
    );
    // The run must have reached every case it claims to check.
    expect(seen.even).toBeGreaterThan(0);
    expect(seen.uneven).toBeGreaterThan(0);
    expect(seen.fivePlayers).toBeGreaterThan(0);
  });

  it('a strong soloist under any rule profile: an extra announcement he wins with gains each defender with him what the other two pay', () => {
    const seen: Seen = { even: 0, uneven: 0, allyGained: 0, fivePlayers: 0 };
    fc.assert(
      fc.property(ruleProfileArb(optionSchema), fc.nat(), fc.nat(3), (profile, seed, soloist) => {
        const parsed = doppelkopf.parseOptions(profile.rules);
        if (!parsed.ok) throw new Error(parsed.rejection.message);
        const o = parsed.options;
        const rng = seededRng(seed);
        // The last seat deals, so at a table of five it sits out and seats 0–3 play.
        let s = dealWith(o, { [soloist]: STRONG.slice(0, o.deck / 4) }, o.players - 1);
        const states = [s];
        const actions: Action[] = [];
        const step = (a: Action): void => {
          s = act(s, a);
          states.push(s);
          actions.push(a);
        };
        while (s.phase === 'reservations') {
          const seat = toAct(s)[0]!;
          step({ seat, type: 'reservation', call: seat === soloist ? 'vorbehalt' : 'gesund' });
        }
        step(rng.pick(legalActions(s, soloist).filter((a) => a.type === 'contract' && a.contract.startsWith('solo-'))));
        // Played without announcements, so that each one slipped in below raises the value.
        while (s.phase !== 'over') {
          const seat = toAct(s)[0]!;
          step(rng.pick(legalActions(s, seat).filter((a) => a.type !== 'announce')));
        }
        const r = result(s)!;
        const stakes = stakesOf(s)!;
        expect(stakes.alone).toBe(soloist);
        for (const [i, state] of states.entries()) {
          if (state.phase !== 'play') continue;
          for (const seat of seated(state))
            for (const call of legalActions(state, seat).filter((a) => a.type === 'announce'))
              checkExtraCall(state, actions.slice(i), call, r, stakes, seen);
        }
      }),
      { numRuns: 15 },
    );
    expect(seen.allyGained).toBeGreaterThan(0);
  });
});

const say = (seat: number, level: string): Action => ({ seat, type: 'announce', level });
const reserve = (caller: number, call: Action): Action[] => [
  ...[0, 1, 2, 3].map((seat) => ({ seat, type: 'reservation', call: seat === caller ? 'vorbehalt' : 'gesund' })),
  call,
];

describe('Doppelkopf stakes per contract (docs/rules/doppelkopf.md#player-scores)', () => {
  it('normal game: the holders of CQ are Re, two against two, one share each; no pair across the table gains', () => {
    const s = allHealthy(dealWith(opts(), { 0: ['CQ'], 2: ['CQ'] }));
    const stakes = stakesOf(s)!;
    expect(stakes).toMatchObject({
      contract: 'normal',
      sides: ['re', 'kontra', 're', 'kontra'],
      shares: [1, -1, 1, -1],
      parties: 'even',
      alone: null,
    });
    const call = callStakes(stakes, 1)!;
    expect(call.allies.map((a) => [a.seat, a.pairShares])).toEqual([
      [0, 0],
      [2, 0],
    ]);
    expect(call.movesValue).toBe(false);
  });

  it('wedding: no stakes before the partner is found, then suitor and partner against two', () => {
    const hands = { 0: ['H10', 'CA'], 1: ['CQ', 'CQ', 'C10'], 2: ['CK'], 3: ['C9'] };
    const s = acts(dealWith(opts(), hands), reserve(1, { seat: 1, type: 'contract', contract: 'hochzeit' }));
    expect(stakesOf(s)).toBeNull();
    const found = playFirstLegal(s, 1);
    expect(stakesOf(found)).toMatchObject({ sides: ['re', 're', 'kontra', 'kontra'], shares: [1, 1, -1, -1], parties: 'even' });
  });

  it('a wedding without partner is played alone: the suitor takes three shares', () => {
    const s = playFirstLegal(acts(dealWith(opts(), { 1: STRONG }), reserve(1, { seat: 1, type: 'contract', contract: 'hochzeit' })), 3);
    expect(stakesOf(s)).toMatchObject({
      sides: ['kontra', 're', 'kontra', 'kontra'],
      shares: [-1, 3, -1, -1],
      parties: 'uneven',
      alone: 1,
    });
  });

  it('poverty: pauper and acceptor against two, whoever holds the CQ', () => {
    const poor = ['CA', 'CA', 'C10', 'C10', 'CK', 'CK', 'SA', 'SA', 'S10', 'S10', 'SK', 'DA'];
    const s = acts(dealWith(opts({ poverty: { enabled: true } }), { 0: poor, 1: ['CQ', 'CQ'] }), [
      ...reserve(0, { seat: 0, type: 'contract', contract: 'armut' }),
      { seat: 0, type: 'poverty', cards: ['DA', 'CK', 'CK'] },
      { seat: 1, type: 'poverty-answer', accept: false },
      { seat: 2, type: 'poverty-answer', accept: true },
      { seat: 2, type: 'poverty-return', cards: ['CK', 'CK', 'DA'] },
    ]);
    expect(stakesOf(s)).toMatchObject({ contract: 'armut', sides: ['re', 'kontra', 're', 'kontra'], parties: 'even', alone: null });
  });

  it('declared solo: a defender allied with the soloist gains two shares with him, the other two pay one each', () => {
    const s = acts(dealWith(opts(), { 2: ['CQ'] }), reserve(2, { seat: 2, type: 'contract', contract: 'solo-q' }));
    const stakes = stakesOf(s)!;
    expect(stakes).toMatchObject({ sides: ['kontra', 'kontra', 're', 'kontra'], shares: [-1, -1, 3, -1], parties: 'uneven', alone: 2 });
    const call = callStakes(stakes, 0)!;
    expect(call.movesValue).toBe(true);
    expect(call.allies).toEqual([
      {
        seat: 2,
        pairShares: 2,
        payers: [
          { seat: 1, shares: -1 },
          { seat: 3, shares: -1 },
        ],
      },
    ]);
  });

  it('silent solo (stilles Solo): the holder of both CQ who said nothing plays alone', () => {
    const s = allHealthy(dealWith(opts(), { 3: ['CQ', 'CQ'] }));
    expect(stakesOf(s)).toMatchObject({
      contract: 'silent-solo',
      sides: ['kontra', 'kontra', 'kontra', 're'],
      shares: [-1, -1, -1, 3],
      alone: 3,
    });
  });

  it('five at the table: the dealer sitting out has no side and no share', () => {
    const s = allHealthy(dealWith(opts({ players: 5 }), { 0: ['CQ'], 1: ['CQ'] }, 4));
    expect(stakesOf(s)).toMatchObject({ sides: ['re', 're', 'kontra', 'kontra', null], shares: [1, 1, -1, -1, 0] });
    expect(callStakes(stakesOf(s)!, 4)).toBeNull();
  });

  it('the signature: Kontra against a strong diamond solo costs the caller 2 and pays the soloist 6 (Kontra announced: +2)', () => {
    const solo = acts(dealWith(opts(), { 0: STRONG }), reserve(0, { seat: 0, type: 'contract', contract: 'solo-d' }));
    const plain = result(playFirstLegal(solo))!;
    const kontra = result(playFirstLegal(acts(solo, [say(1, 'kontra')])))!;
    expect([plain.details!['winner'], kontra.details!['winner']]).toEqual(['re', 're']);
    const delta = kontra.scores.map((x, seat) => x - plain.scores[seat]!);
    expect(delta).toEqual([6, -2, -2, -2]);
    // The caller and the soloist together gain 4 — what the two honest defenders lose.
    expect(delta[0]! + delta[1]!).toBe(4);
  });
});
