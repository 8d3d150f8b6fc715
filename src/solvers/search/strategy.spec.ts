import { describe, expect, it } from '@jest/globals';
import { seededRng } from '../../engine/core/rng.js';
import { DECK } from '../../engine/droggn/index.js';
import { dokoDeck } from '../../engine/doppelkopf/cards.js';
import { shuffled } from '../sampling.js';
import { chooseAction, chooseBotAction, dokoSoloStrength, doublingsOf, STRONG_THRESHOLDS, THRESHOLDS, type SeatView } from './strategy.js';

describe('the beginner’s doublings', () => {
  // Every trump: as strong a Droggn hand as there is, so only the cap keeps the beginner from raising.
  const trumps = DECK.filter((c) => c.startsWith('T'));
  const doubling = (multiplier: number): SeatView => ({
    seat: 0,
    phase: 'doubling',
    declarer: 0,
    multiplier,
    hand: trumps,
    legalActions: [
      { seat: 0, type: 'double', call: 'gut' },
      { seat: 0, type: 'double', call: 'retour' },
    ],
  });

  it('reads Droggn’s doublings from the multiplier its view shows', () => {
    expect([1, 2, 4, 8].map((m) => doublingsOf(doubling(m)))).toEqual([0, 1, 2, 3]);
  });

  it('raises with a strong Droggn hand, but no more once the stake was doubled twice', () => {
    expect(chooseBotAction('heuristic', 'droggn', doubling(2), seededRng(1))).toEqual({ type: 'double', call: 'retour' });
    expect(chooseBotAction('heuristic', 'droggn', doubling(4), seededRng(1))).toEqual({ type: 'double', call: 'gut' });
  });
});

describe('the thresholds a bot reserves by', () => {
  it('a Doppelkopf hand between the strong bot’s solo threshold and the beginner’s: a reservation for one, healthy for the other', () => {
    const rng = seededRng(5);
    let hand: string[] = [];
    // dealt hands until one falls between the two thresholds (a few per cent of hands do)
    for (let i = 0; i < 5000; i++) {
      hand = shuffled(dokoDeck(48), rng).slice(0, 12);
      const s = dokoSoloStrength(hand);
      if (s >= STRONG_THRESHOLDS.dokoSoloFrom && s < THRESHOLDS.dokoSoloFrom && hand.filter((c) => c === 'CQ').length < 2) break;
    }
    const view: SeatView = {
      seat: 0,
      phase: 'reservations',
      hand,
      legalActions: [
        { type: 'reservation', call: 'gesund' },
        { type: 'reservation', call: 'vorbehalt' },
      ],
    };
    expect(chooseAction('doppelkopf', view, seededRng(1), STRONG_THRESHOLDS)).toEqual({ type: 'reservation', call: 'vorbehalt' });
    expect(chooseAction('doppelkopf', view, seededRng(1))).toEqual({ type: 'reservation', call: 'gesund' });
  });
});

describe('the beginner’s poverty (Armut)', () => {
  // Two trumps (a jack and a ten of diamonds), plain cards besides: a poor hand.
  const poor = ['HJ', 'D10', 'CA', 'CA', 'C10', 'C9', 'SA', 'S10', 'SK', 'S9', 'HA', 'HK'];
  const reserve = (rules?: Record<string, unknown>): SeatView => ({
    seat: 0,
    phase: 'reservations',
    hand: poor,
    rules,
    legalActions: [
      { seat: 0, type: 'reservation', call: 'gesund' },
      { seat: 0, type: 'reservation', call: 'vorbehalt' },
    ],
  });
  const rules = { deck: 48, 'poverty.enabled': true, 'poverty.countFoxes': true };

  it('is declared on a poor hand only when the rules it was given allow one', () => {
    expect(chooseAction('doppelkopf', reserve(rules), seededRng(1))).toEqual({ type: 'reservation', call: 'vorbehalt' });
    expect(chooseAction('doppelkopf', reserve(), seededRng(1))).toEqual({ type: 'reservation', call: 'gesund' });
    expect(chooseAction('doppelkopf', reserve({ ...rules, 'poverty.enabled': false }), seededRng(1))).toEqual({
      type: 'reservation',
      call: 'gesund',
    });
    expect(chooseAction('doppelkopf', reserve(rules), seededRng(1), { ...THRESHOLDS, dokoPovertyUpTo: 1 })).toEqual({
      type: 'reservation',
      call: 'gesund',
    });
  });

  it('the acceptor gives back plain cards and keeps his trumps and aces', () => {
    const hand = ['CQ', 'SQ', 'DJ', 'DA', 'DK', 'CA', 'C9', 'S9', 'SK', 'H9', 'HK', 'HA', 'HJ', 'D10', 'C10'];
    const returns = [
      ['CQ', 'SQ', 'DJ'],
      ['CA', 'HA', 'DA'],
      ['C9', 'S9', 'H9'],
      ['HJ', 'D10', 'C9'],
    ].map((cards) => ({ seat: 0, type: 'poverty-return', cards }));
    const view: SeatView = { seat: 0, phase: 'poverty-return', hand, legalActions: returns };
    expect(chooseAction('doppelkopf', view, seededRng(1))).toEqual({ type: 'poverty-return', cards: ['C9', 'S9', 'H9'] });
  });
});
