/**
 * Worked examples of S1 (docs/rules/README.md#sources) as docs/contract.md hand records with their results, worked
 * out by hand (see examples.spec.ts for the arithmetic). For engine tests and for the
 * service's end-to-end tests (`POST /hand-records`). Plain JSON data.
 */
import type { HandRecord } from '../core/record.js';
import type { Action, Card } from '../core/types.js';

export type DobbmHandRecord = HandRecord<'dobbm'>;

// Seat 0 declares; defenders 1 (eight acorns), 2 (eight bells), 3 (H6 and seven leaves).
const declarerHand = ['HS', 'H10', 'HK', 'HO', 'HU', 'H9', 'A6', 'B6'];
const acorns = ['AS', 'A10', 'AK', 'AO', 'AU', 'A9', 'A8', 'A7'];
const bells = ['BS', 'B10', 'BK', 'BO', 'BU', 'B9', 'B8', 'B7'];
const leaves = ['H6', 'LK', 'LO', 'LU', 'L9', 'L8', 'L7', 'L6'];
/** The Dobb: 21 points (LS 11 + L10 10), with two low hearts to cover the sow. */
const dobb = ['H8', 'H7', 'LS', 'L10'];

const a = (seat: number, type: string, field: string, value: unknown): Action => ({ seat, type, [field]: value });
const play = (seat: number, card: Card): Action => a(seat, 'play', 'card', card);

/**
 * Eight tricks: seat 0 wins six heart leads (his 30 points plus the defenders' throw-ins),
 * then loses A6 to AS and B6 under seat 1's A10 lead. `seat3` = what seat 3 throws on the
 * six heart tricks (H6 first, forced); its other two leaves go on tricks 7 and 8.
 */
function tricks(seat3: Card[]): Action[] {
  const rest = leaves.filter((c) => !seat3.includes(c));
  const s1 = ['A8', 'A7', 'A9', 'AU', 'AO', 'AK']; // 9 points
  const s2 = ['B7', 'B8', 'B9', 'BU', 'BO', 'BK']; // 9 points
  const out: Action[] = [];
  ['HS', 'H10', 'HK', 'HO', 'HU', 'H9'].forEach((c, i) => out.push(play(0, c), play(1, s1[i]!), play(2, s2[i]!), play(3, seat3[i]!)));
  out.push(play(0, 'A6'), play(1, 'AS'), play(2, 'B10'), play(3, rest[0]!));
  out.push(play(1, 'A10'), play(2, 'BS'), play(3, rest[1]!), play(0, 'B6'));
  return out;
}
/** D = 30 + 9 + 9 + 3 (LO) + 21 = 72. */
export const throwIns72 = ['H6', 'L7', 'LO', 'L8', 'L9', 'L6'];
/** D = 30 + 9 + 9 + 7 (LK, LO) + 21 = 76. */
export const throwIns76 = ['H6', 'LK', 'LO', 'L8', 'L9', 'L6'];

export const schwacherAndRetour: Action[] = [
  a(1, 'double', 'call', 'schwacher'),
  a(0, 'double', 'call', 'retour'),
  a(1, 'double', 'call', 'gut'),
  a(2, 'double', 'call', 'gut'),
  a(3, 'double', 'call', 'gut'),
];
export const allGut: Action[] = [a(1, 'double', 'call', 'gut'), a(2, 'double', 'call', 'gut'), a(3, 'double', 'call', 'gut')];

/** The S1 deal as a hand record: dealer 3 (four players) or the sitting-out seat 4 (five). */
export function s1Record(
  contract: 'dobbm' | 'solo',
  rules: Record<string, unknown>,
  throwIns: Card[],
  doubling: Action[],
): DobbmHandRecord {
  const five = rules['players'] === 5;
  const bids = [a(0, 'bid', 'bid', contract), a(1, 'bid', 'bid', 'pass'), a(2, 'bid', 'bid', 'pass'), a(3, 'bid', 'bid', 'pass')];
  // Dobbm: lay away LS and L10 (21 points) covered by H8 and H7 — the sow rule holds.
  const exchange = contract === 'dobbm' ? [a(0, 'discard', 'cards', ['LS', 'H8', 'L10', 'H7'])] : [];
  return {
    game: 'dobbm',
    rules,
    dealer: five ? 4 : 3,
    hands: five ? [declarerHand, acorns, bells, leaves, null] : [declarerHand, acorns, bells, leaves],
    talon: dobb,
    actions: [...bids, ...exchange, ...doubling, ...tricks(throwIns)],
  };
}

type S1Example = { name: string; record: DobbmHandRecord; cardPoints: number; multiplier: number; scores: number[] };
const example = (name: string, record: DobbmHandRecord, cardPoints: number, multiplier: number, scores: number[]): S1Example => ({
  name,
  record,
  cardPoints,
  multiplier,
  scores,
});
const schwacherOnly = [a(1, 'double', 'call', 'gut'), a(2, 'double', 'call', 'schwacher'), a(0, 'double', 'call', 'gut')];

/** S1's worked examples with the payments S1 states: name, record, the declarer's card points, multiplier, scores. */
export const s1Examples: S1Example[] = [
  example(
    'Dobbm 72, Schwacher + Retour, 60 Schilling, four players',
    s1Record('dobbm', { stake: 60 }, throwIns72, schwacherAndRetour),
    72,
    4,
    [144, -48, -48, -48],
  ),
  example(
    'Dobbm 72, Schwacher + Retour, 60 Schilling, five players',
    s1Record('dobbm', { stake: 60, players: 5 }, throwIns72, schwacherAndRetour),
    72,
    4,
    [192, -48, -48, -48, -48],
  ),
  example(
    'Solo 72, Schwacher + Retour, 60 Schilling, four players',
    s1Record('solo', { stake: 60 }, throwIns72, schwacherAndRetour),
    72,
    4,
    [288, -96, -96, -96],
  ),
  example(
    'Solo 72, Schwacher + Retour, 60 Schilling, five players',
    s1Record('solo', { stake: 60, players: 5 }, throwIns72, schwacherAndRetour),
    72,
    4,
    [384, -96, -96, -96, -96],
  ),
  example('Solo 76 at 12 Schilling', s1Record('solo', { stake: 12 }, throwIns76, allGut), 76, 1, [24, -8, -8, -8]),
  example(
    'Solo 76 at 12 Schilling after a Schwacher',
    s1Record('solo', { stake: 12 }, throwIns76, schwacherOnly),
    76,
    2,
    [48, -16, -16, -16],
  ),
];
