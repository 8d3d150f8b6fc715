import { Codes } from '../core/rejections.js';
import { droggn } from './index.js';

describe('action shapes (docs/contract.md#actions, Droggn)', () => {
  it.each([
    { seat: 0, type: 'bid', bid: 'supermord' },
    { seat: 1, type: 'discard', cards: ['S4', 'S5', 'T2'] },
    { seat: 0, type: 'buy', card: 'T21', give: 'S4' },
    { seat: 0, type: 'buy', card: null },
    { seat: 0, type: 'ready', layout: null },
    { seat: 0, type: 'ready', layout: 'GS' },
    { seat: 2, type: 'layout', card: 'T1' },
    { seat: 2, type: 'double', call: 'retour' },
    { seat: 2, type: 'play', card: 'T1' },
    { seat: 2, type: 'irregularity', offender: 1 },
  ])('accepts %j', (raw) => {
    expect(droggn.parseAction(raw)).toEqual({ ok: true, action: raw });
  });

  it.each([
    ['not an object', 'play'],
    ['unknown type', { seat: 0, type: 'claim' }],
    ['missing seat', { type: 'bid', bid: 'pass' }],
    ['unknown bid', { seat: 0, type: 'bid', bid: 'dobbm' }],
    ['cards not an array', { seat: 0, type: 'discard', cards: 'S4' }],
    ['buy without give', { seat: 0, type: 'buy', card: 'T21' }],
    ['ready without layout', { seat: 0, type: 'ready' }],
    ['unknown call', { seat: 0, type: 'double', call: 'kontra' }],
    ['card a number', { seat: 0, type: 'play', card: 7 }],
  ])('rejects %s with BAD_ACTION', (_name, raw) => {
    const r = droggn.parseAction(raw);
    expect(r.ok ? null : r.rejection.code).toBe(Codes.BAD_ACTION);
  });
});

describe('rule options (docs/rules/droggn.md, without the droggn. prefix)', () => {
  it('fills the defaults', () => {
    expect(droggn.parseOptions({})).toEqual({
      ok: true,
      options: {
        players: 3,
        deal: '7x3',
        'discard.kingCover': 'perKing',
        'talon.expose': 'never',
        'buy.invalidRequestForfeits': false,
        'gstiess.lastTrickIllegal': false,
        winThreshold: 37,
        kleineGstiessUltimo: false,
        'mord.doubling': 'whole',
        'mord.pagatItems': 'allOrNothing',
        'doubling.maxDoublings': null,
        irregularities: 'reject',
        stake: 10,
      },
    });
  });
  it('takes nested and flat dotted names', () => {
    const nested = droggn.parseOptions({ players: 4, mord: { pagatItems: 'additive' }, discard: { kingCover: 'anyTrump' } });
    const flat = droggn.parseOptions({ players: 4, 'mord.pagatItems': 'additive', 'discard.kingCover': 'anyTrump' });
    expect(nested).toEqual(flat);
    expect(nested).toMatchObject({ ok: true, options: { players: 4, 'mord.pagatItems': 'additive' } });
  });
  it('names an unknown option or a bad value', () => {
    expect(droggn.parseOptions({ mord: { bonus: 1 } })).toMatchObject({ ok: false, rejection: { code: Codes.UNKNOWN_OPTION } });
    expect(droggn.parseOptions({ players: 5 })).toMatchObject({
      ok: false,
      rejection: { code: Codes.INVALID_OPTION, message: expect.stringContaining('players') },
    });
    expect(droggn.parseOptions({ winThreshold: 36 })).toMatchObject({ ok: false, rejection: { code: Codes.INVALID_OPTION } });
  });
  it('seats and deck follow the options', () => {
    const o = droggn.parseOptions({ players: 4 });
    if (!o.ok) throw new Error();
    expect(droggn.seatCount(o.options)).toBe(4);
    expect(droggn.deck(o.options)).toHaveLength(66);
  });
});
