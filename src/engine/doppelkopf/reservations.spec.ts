import { Codes } from '../core/rejections.js';
import { thrownInResult } from '../core/result.js';
import type { Action } from '../core/types.js';
import { DokoCodes } from './codes.js';
import { result } from './result.js';
import { toAct } from './rules.js';
import { act, acts, allHealthy, codeOf, dealWith, opts } from './deals.testkit.js';
import { view } from './view.js';

const res = (seat: number, call: string): Action => ({ seat, type: 'reservation', call });
const con = (seat: number, contract: string, extra: Record<string, unknown> = {}): Action => ({
  seat,
  type: 'contract',
  contract,
  ...extra,
});
/** A pauper's hand: only one trump (DA). */
const POOR = ['CA', 'CA', 'C10', 'C10', 'CK', 'CK', 'SA', 'SA', 'S10', 'S10', 'SK', 'DA'];

describe('R1 and R2 (docs/rules/doppelkopf.md#reservations)', () => {
  it('everybody healthy with the CQs split: a normal game, forehand leads', () => {
    const s = allHealthy(dealWith(opts(), { 0: ['CQ'], 2: ['CQ'] }));
    expect(s.contract).toBe('normal');
    expect(toAct(s)).toEqual([0]);
  });

  it('reservations go in active order from the dealer', () => {
    const s = dealWith(opts(), {}, 1);
    expect(toAct(s)).toEqual([2]);
    expect(codeOf(s, res(3, 'gesund'))).toBe(Codes.NOT_YOUR_TURN);
  });

  it('holder of both CQ saying GESUND plays a silent solo that nobody else is told of', () => {
    const s = allHealthy(dealWith(opts(), { 1: ['CQ', 'CQ'] }));
    expect(s.contract).toBe('silent-solo');
    expect(s.declarer).toBe(1);
    expect(view(s, { kind: 'seat', seat: 0 }).contract).toBe('normal');
    expect(view(s, { kind: 'seat', seat: 1 }).contract).toBe('silent-solo');
    expect(view(s, { kind: 'spectator' }).declarer).toBeNull();
  });

  it('only the holder of both CQ may declare a wedding', () => {
    const s = acts(dealWith(opts(), { 0: ['CQ'], 1: ['CQ'] }), [res(0, 'vorbehalt'), res(1, 'gesund'), res(2, 'gesund'), res(3, 'gesund')]);
    expect(codeOf(s, con(0, 'hochzeit'))).toBe(DokoCodes.NOT_ENTITLED);
  });

  it('a VORBEHALT player names his contract only after all four R1 calls, in order', () => {
    let s = act(dealWith(opts(), {}), res(0, 'vorbehalt'));
    expect(codeOf(s, con(0, 'solo-c'))).toBe(Codes.WRONG_PHASE);
    s = acts(s, [res(1, 'vorbehalt'), res(2, 'gesund'), res(3, 'gesund')]);
    expect(codeOf(s, con(1, 'solo-c'))).toBe(Codes.NOT_YOUR_TURN);
    expect(codeOf(s, res(0, 'gesund'))).toBe(Codes.WRONG_PHASE);
  });

  it('a free solo beats a wedding; forehand leads a free solo (docs/rules/doppelkopf.md#decision-7 default)', () => {
    const base = acts(dealWith(opts(), { 0: ['CQ', 'CQ'] }), [
      res(0, 'vorbehalt'),
      res(1, 'gesund'),
      res(2, 'vorbehalt'),
      res(3, 'gesund'),
    ]);
    const s = acts(base, [con(0, 'hochzeit'), con(2, 'solo-q')]);
    expect([s.contract, s.declarer, s.compulsory]).toEqual(['solo-q', 2, false]);
    expect(toAct(s)).toEqual([0]);
  });

  it('docs/rules/doppelkopf.md#decision-7 alternative soloistLeadsLustsolo: the soloist leads', () => {
    const base = acts(dealWith(opts({ soloistLeadsLustsolo: true }), {}), [
      res(0, 'gesund'),
      res(1, 'gesund'),
      res(2, 'vorbehalt'),
      res(3, 'gesund'),
    ]);
    expect(toAct(act(base, con(2, 'solo-q')))).toEqual([2]);
  });

  it('docs/rules/doppelkopf.md#decision-15: equal ranks, whatever the solo type, go to the earlier player', () => {
    const base = acts(dealWith(opts(), {}), [res(0, 'gesund'), res(1, 'vorbehalt'), res(2, 'vorbehalt'), res(3, 'gesund')]);
    const s = acts(base, [con(1, 'solo-j'), con(2, 'solo-c')]);
    expect([s.contract, s.declarer]).toEqual(['solo-j', 1]);
  });

  it('tournament: a compulsory solo outranks an earlier free solo and its soloist leads', () => {
    const base = acts(dealWith(opts({ mode: 'tournament' }), {}, 3, { compulsoryDone: [1] }), [
      res(0, 'gesund'),
      res(1, 'vorbehalt'),
      res(2, 'gesund'),
      res(3, 'vorbehalt'),
    ]);
    const s = acts(base, [con(1, 'solo-f'), con(3, 'solo-d')]);
    expect([s.contract, s.declarer, s.compulsory]).toEqual(['solo-d', 3, true]);
    expect(toAct(s)).toEqual([3]);
  });

  it('docs/rules/doppelkopf.md#decision-13 default: Armut outranks Hochzeit', () => {
    const base = acts(dealWith(opts({ poverty: { enabled: true } }), { 0: POOR, 1: ['CQ', 'CQ'] }), [
      res(0, 'vorbehalt'),
      res(1, 'vorbehalt'),
      res(2, 'gesund'),
      res(3, 'gesund'),
    ]);
    const s = acts(base, [con(0, 'armut'), con(1, 'hochzeit')]);
    expect(s.contract).toBe('armut');
    expect(s.phase).toBe('poverty');
  });

  it('docs/rules/doppelkopf.md#decision-13 alternative poverty.rank = belowWedding: Hochzeit wins', () => {
    const base = acts(dealWith(opts({ poverty: { enabled: true, rank: 'belowWedding' } }), { 0: POOR, 1: ['CQ', 'CQ'] }), [
      res(0, 'vorbehalt'),
      res(1, 'vorbehalt'),
      res(2, 'gesund'),
      res(3, 'gesund'),
    ]);
    const s = acts(base, [con(0, 'armut'), con(1, 'hochzeit')]);
    expect([s.contract, s.declarer]).toEqual(['hochzeit', 1]);
  });

  it('docs/rules/doppelkopf.md#decision-14 default: a losing reservation stays private', () => {
    const base = acts(dealWith(opts(), {}), [res(0, 'vorbehalt'), res(1, 'vorbehalt'), res(2, 'gesund'), res(3, 'gesund')]);
    const s = acts(base, [con(0, 'solo-h'), con(1, 'solo-s')]);
    expect(view(s, { kind: 'seat', seat: 3 }).contractCalls).toEqual([]);
    expect(view(s, { kind: 'seat', seat: 1 }).contractCalls).toEqual([{ seat: 1, contract: 'solo-s' }]);
  });

  it('docs/rules/doppelkopf.md#decision-14 alternative revealLosingReservations: all calls are shown once resolved', () => {
    const base = acts(dealWith(opts({ revealLosingReservations: true }), {}), [
      res(0, 'vorbehalt'),
      res(1, 'vorbehalt'),
      res(2, 'gesund'),
      res(3, 'gesund'),
    ]);
    const s = acts(base, [con(0, 'solo-h'), con(1, 'solo-s')]);
    expect(view(s, { kind: 'seat', seat: 3 }).contractCalls).toEqual([
      { seat: 0, contract: 'solo-h' },
      { seat: 1, contract: 'solo-s' },
    ]);
  });

  it('a Vorführung player must declare a solo', () => {
    const s = dealWith(opts({ mode: 'tournament' }), {}, 3, { vorfuehrung: 0 });
    expect(codeOf(s, res(0, 'gesund'))).toBe(DokoCodes.MUST_DECLARE_SOLO);
    const r2 = acts(s, [res(0, 'vorbehalt'), res(1, 'gesund'), res(2, 'gesund'), res(3, 'gesund')]);
    expect(codeOf(r2, con(0, 'armut'))).toBe(DokoCodes.MUST_DECLARE_SOLO);
    expect(act(r2, con(0, 'solo-c')).compulsory).toBe(true);
  });
});

describe('throw-in (docs/rules/doppelkopf.md#house-rules)', () => {
  const kings = { 0: ['CK', 'CK', 'SK', 'SK', 'HK'] };

  it('five kings throw in at the R1 turn when the option is on: a zero result', () => {
    const s = act(dealWith(opts({ throwIn: { fiveKings: true } }), kings), res(0, 'throwin'));
    expect(s.phase).toBe('over');
    expect(result(s)).toEqual(thrownInResult([0, 0, 0, 0], { reason: 'fiveKings', seat: 0 }));
  });

  it('is refused without the option, or without five nines', () => {
    expect(codeOf(dealWith(opts(), kings), res(0, 'throwin'))).toBe(DokoCodes.NOT_ENTITLED);
    expect(codeOf(dealWith(opts({ throwIn: { fiveNines: true } }), kings), res(0, 'throwin'))).toBe(DokoCodes.NOT_ENTITLED);
    expect(
      act(dealWith(opts({ throwIn: { fiveNines: true } }), { 0: ['C9', 'C9', 'S9', 'S9', 'H9'] }), res(0, 'throwin')).thrownIn?.reason,
    ).toBe('fiveNines');
  });
});
