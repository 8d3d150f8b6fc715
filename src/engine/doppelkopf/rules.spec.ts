import { Codes } from '../core/rejections.js';
import { doppelkopf } from './index.js';
import { nestOptions } from '../core/options.js';

describe('parseAction: JSON shapes of docs/contract.md', () => {
  const good = [
    { seat: 0, type: 'reservation', call: 'vorbehalt' },
    { seat: 1, type: 'contract', contract: 'solo-q' },
    { seat: 1, type: 'contract', contract: 'hochzeit', wedding: 'trump' },
    { seat: 2, type: 'poverty', cards: ['DA', 'CK', 'CK'] },
    { seat: 2, type: 'poverty-answer', accept: false },
    { seat: 2, type: 'poverty-return', cards: ['C9', 'C9', 'S9'] },
    { seat: 3, type: 'piglets' },
    { seat: 3, type: 'superpiglets' },
    { seat: 3, type: 'announce', level: 'no60' },
    { seat: 0, type: 'play', card: 'H10' },
  ];

  it.each(good)('accepts %j', (a) => {
    expect(doppelkopf.parseAction(a).ok).toBe(true);
  });

  const bad = [
    null,
    [],
    'play',
    { type: 'play', card: 'H10' },
    { seat: 0, type: 'bid', bid: 'pass' },
    { seat: 0, type: 'reservation', call: 'solo' },
    { seat: 0, type: 'contract', contract: 'solo-x' },
    { seat: 0, type: 'contract', contract: 'hochzeit', wedding: 'second' },
    { seat: 0, type: 'poverty', cards: 'DA' },
    { seat: 0, type: 'poverty', cards: ['DX'] },
    { seat: 0, type: 'poverty-answer', accept: 'yes' },
    { seat: 0, type: 'announce', level: 'no120' },
    { seat: 0, type: 'play', card: 'H11' },
    { seat: 0, type: 'play' },
  ];

  it.each(bad)('refuses %j with BAD_ACTION', (a) => {
    const r = doppelkopf.parseAction(a);
    expect(r.ok === false && r.rejection.code).toBe(Codes.BAD_ACTION);
  });
});

describe('parseOptions: docs/rules/doppelkopf.md names without the doko. prefix', () => {
  it('fills defaults', () => {
    const r = doppelkopf.parseOptions({});
    expect(r.ok && [r.options.deck, r.options.dullen, r.options.review, r.options.against90]).toEqual([48, 'first', 'lastTrick', 120]);
  });

  it('takes a parent option with children nested or flat', () => {
    const nested = doppelkopf.parseOptions({ piglets: { enabled: true, super: true } });
    const flat = doppelkopf.parseOptions({ piglets: true, 'piglets.super': true });
    expect(nested).toEqual(flat);
    expect(nested.ok && nested.options['piglets.super']).toBe(true);
    expect(nested.ok && nestOptions(nested.options as unknown as Record<string, unknown>).piglets).toEqual({
      enabled: true,
      firstOnly: false,
      forceAnnouncement: false,
      inDiamondSolo: false,
      super: true,
    });
  });

  it('names an unknown option or a bad value', () => {
    const unknown = doppelkopf.parseOptions({ doko: { deck: 40 } });
    expect(unknown.ok === false && unknown.rejection.code).toBe(Codes.UNKNOWN_OPTION);
    const invalid = doppelkopf.parseOptions({ deck: 36 });
    expect(invalid.ok === false && invalid.rejection.message).toContain('"deck"');
  });

  it('seat count and deck follow the profile', () => {
    const five = doppelkopf.parseOptions({ players: 5, deck: 40 });
    if (!five.ok) throw new Error('profile refused');
    expect(doppelkopf.seatCount(five.options)).toBe(5);
    expect(doppelkopf.deck(five.options)).toHaveLength(40);
  });
});
