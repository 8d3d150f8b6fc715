/** The `Game` object as the service sees it: options, action shapes, registry. */
import { games } from '../index.js';
import { dobbm } from './index.js';

describe('parseOptions (docs/rules/dobbm.md#options, names without the dobbm. prefix)', () => {
  it('fills every default', () => {
    const r = dobbm.parseOptions({});
    expect(r.ok && r.options).toEqual({
      players: 4,
      stake: 12,
      rounding: 'ceil',
      'doubling.firstSpeaker': 'declarerLeft',
      'doubling.maxDoublings': null,
      'discard.heartSowIsSow': true,
      zeroTrickTransfer: 'allContracts',
      'mussrunde.enabled': true,
      'mussrunde.whoMayCall': 'host',
      irregularities: 'reject',
      'penalty.includeDoublings': true,
      'penalty.dealerPays': true,
    });
  });
  it('takes nested and flat dotted names alike', () => {
    const nested = dobbm.parseOptions({ players: 5, doubling: { firstSpeaker: 'dealerLeft', maxDoublings: 3 } });
    const flat = dobbm.parseOptions({ players: 5, 'doubling.firstSpeaker': 'dealerLeft', 'doubling.maxDoublings': 3 });
    expect(nested).toEqual(flat);
    expect(nested.ok && nested.options['doubling.maxDoublings']).toBe(3);
  });
  it.each([
    [{ players: 3 }, 'INVALID_OPTION', 'players'],
    [{ stake: 0 }, 'INVALID_OPTION', 'stake'],
    [{ stake: 1.5 }, 'INVALID_OPTION', 'stake'],
    [{ rounding: 'floor' }, 'INVALID_OPTION', 'rounding'],
    [{ doubling: { maxDoublings: -1 } }, 'INVALID_OPTION', 'doubling.maxDoublings'],
    [{ doubling: { firstSpeaker: 'anyone' } }, 'INVALID_OPTION', 'doubling.firstSpeaker'],
    [{ trumps: 'bells' }, 'UNKNOWN_OPTION', 'trumps'],
    [{ discard: { heartSowIsPig: true } }, 'UNKNOWN_OPTION', 'discard.heartSowIsPig'],
  ])('%j → %s naming %s', (input, code, name) => {
    const r = dobbm.parseOptions(input);
    expect(!r.ok && r.rejection.code).toBe(code);
    expect(!r.ok && r.rejection.message).toContain(name);
  });
});

describe('parseAction: the JSON shapes of docs/contract.md', () => {
  it.each([
    { seat: 1, type: 'bid', bid: 'dobbm' },
    { seat: 0, type: 'discard', cards: ['HS', 'H7', 'L6', 'A6'] },
    { seat: 2, type: 'double', call: 'schwacher' },
    { seat: 3, type: 'play', card: 'B10' },
    { seat: 3, type: 'irregularity', offender: 1 },
  ])('accepts %j', (raw) => {
    expect(dobbm.parseAction(raw)).toEqual({ ok: true, action: raw });
  });
  it('refuses unknown extra fields by name (UNKNOWN_FIELDS), as every game does', () => {
    expect(dobbm.parseAction({ seat: 1, type: 'bid', bid: 'pass', note: 'weiter' })).toEqual({
      ok: false,
      rejection: { code: 'UNKNOWN_FIELDS', message: 'a "bid" action has no field "note"' },
    });
  });
  it.each([
    null,
    'bid',
    [],
    {},
    { type: 'bid', bid: 'pass' },
    { seat: -1, type: 'bid', bid: 'pass' },
    { seat: 1, type: 'raise' },
    { seat: 1, type: 'bid', bid: 'ansager' },
    { seat: 1, type: 'bid' },
    { seat: 1, type: 'discard', cards: 'HS' },
    { seat: 1, type: 'discard', cards: [1, 2, 3, 4] },
    { seat: 1, type: 'double', call: 'kontra' },
    { seat: 1, type: 'play', card: 7 },
    { seat: 1, type: 'irregularity' },
  ])('refuses %j with BAD_ACTION', (raw) => {
    const r = dobbm.parseAction(raw);
    expect(!r.ok && r.rejection.code).toBe('BAD_ACTION');
  });
  it('a well-formed unknown card goes through (apply answers CARD_NOT_HELD)', () => {
    expect(dobbm.parseAction({ seat: 0, type: 'play', card: 'Z9' }).ok).toBe(true);
  });
});

describe('the registry', () => {
  it('serves the Dobbm engine under "dobbm"', () => {
    expect(games.dobbm).toBe(dobbm);
    const five = dobbm.parseOptions({ players: 5 });
    if (!five.ok) throw new Error(five.rejection.message);
    expect(dobbm.seatCount(five.options)).toBe(5);
    expect(new Set(dobbm.deck(five.options)).size).toBe(36);
  });
});
