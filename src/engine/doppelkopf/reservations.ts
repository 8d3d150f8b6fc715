import { accept, Codes, reject } from '../core/rejections.js';
import type { Applied, Card } from '../core/types.js';
import { countFace, rankOf, SOLOS, trumpsOf } from './cards.js';
import { DokoCodes } from './codes.js';
import { active, forehand } from './parties.js';
import { withChanges, type DeclaredContract, type DokoState, type ReservationCall, type WeddingType } from './state.js';

/** Next seat to give its R1 call (GESUND/VORBEHALT), in active order from the dealer. */
export function nextReservationSeat(s: DokoState): number | null {
  if (s.phase !== 'reservations') return null;
  return active(s)[s.reservations.length] ?? null;
}

/** Next VORBEHALT player to name his contract (R2), in reservation order. */
export function nextContractSeat(s: DokoState): number | null {
  if (s.phase !== 'contracts') return null;
  const pending = s.reservations.filter((r) => r.call === 'vorbehalt' && !s.contractCalls.some((c) => c.seat === r.seat));
  return pending[0]?.seat ?? null;
}

/** Throw-in with five nines (48 cards only) or five kings (docs/rules/doppelkopf.md#house-rules). */
function throwInReason(s: DokoState, seat: number): 'fiveNines' | 'fiveKings' | null {
  const hand = s.hands[seat] ?? [];
  const count = (r: string): number => hand.filter((c) => rankOf(c) === r).length;
  if (s.options['throwIn.fiveNines'] && s.options.deck === 48 && count('9') >= 5) return 'fiveNines';
  if (s.options['throwIn.fiveKings'] && count('K') >= 5) return 'fiveKings';
  return null;
}

const isVorgefuehrt = (s: DokoState, seat: number): boolean => s.context.vorfuehrung === seat;

/** Poverty (Armut) trumps by normal-game trumps; `countFoxes = false` ignores `DA` (docs/rules/doppelkopf.md#wedding-poverty). */
/** The trumps a poverty counts (`poverty.countFoxes`): it reads only the rules, so a hand's rules will do. */
export function povertyTrumps(s: Pick<DokoState, 'options'>, hand: readonly Card[]): Card[] {
  const trumps = trumpsOf('normal', s.options.deck);
  return hand.filter((c) => trumps.includes(c) && (s.options['poverty.countFoxes'] || c !== 'DA'));
}

export function legalReservationCalls(s: DokoState, seat: number): ReservationCall[] {
  if (nextReservationSeat(s) !== seat) return [];
  const calls: ReservationCall[] = isVorgefuehrt(s, seat) ? ['vorbehalt'] : ['gesund', 'vorbehalt'];
  if (throwInReason(s, seat)) calls.push('throwin');
  return calls;
}

export function legalContracts(s: DokoState, seat: number): { contract: DeclaredContract; wedding?: WeddingType }[] {
  if (nextContractSeat(s) !== seat) return [];
  const hand = s.hands[seat] ?? [];
  const out: { contract: DeclaredContract; wedding?: WeddingType }[] = SOLOS.map((c) => ({ contract: c }));
  if (isVorgefuehrt(s, seat)) return out;
  if (countFace(hand, 'CQ') === 2) {
    // Without callable types the one wedding is listed without a type (an explicit "first" is accepted too).
    if (s.options['wedding.callableTypes'])
      for (const w of ['first', 'trump', 'nontrump'] as const) out.push({ contract: 'hochzeit', wedding: w });
    else out.push({ contract: 'hochzeit' });
  }
  if (s.options['poverty.enabled'] && povertyTrumps(s, hand).length <= 3) out.push({ contract: 'armut' });
  return out;
}

export function applyReservation(s: DokoState, seat: number, call: ReservationCall): Applied<DokoState> {
  if (s.phase !== 'reservations') return reject(Codes.WRONG_PHASE, 'reservations are over');
  if (nextReservationSeat(s) !== seat) return reject(Codes.NOT_YOUR_TURN, 'not your turn to reserve');
  if (call === 'throwin') {
    const reason = throwInReason(s, seat);
    if (!reason) return reject(DokoCodes.NOT_ENTITLED, 'no five nines or five kings to throw in with');
    return accept(withChanges(s, { reservations: [...s.reservations, { seat, call }], phase: 'over', thrownIn: { seat, reason } }));
  }
  if (call === 'gesund' && isVorgefuehrt(s, seat)) return reject(DokoCodes.MUST_DECLARE_SOLO, 'a Vorführung: you must declare a solo');
  const next: DokoState = withChanges(s, { reservations: [...s.reservations, { seat, call }] });
  if (next.reservations.length < active(s).length) return accept(next);
  if (next.reservations.some((r) => r.call === 'vorbehalt')) return accept(withChanges(next, { phase: 'contracts' }));
  return accept(startNormal(next));
}

/** No VORBEHALT: a normal game, or a silent solo for the holder of both `CQ` (docs/rules/doppelkopf.md#reservations). */
function startNormal(s: DokoState): DokoState {
  const silent = active(s).find((seat) => countFace(s.hands[seat] ?? [], 'CQ') === 2);
  if (silent !== undefined) return startPlay(withChanges(s, { contract: 'silent-solo', declarer: silent }), forehand(s));
  return startPlay(withChanges(s, { contract: 'normal' }), forehand(s));
}

export function startPlay(s: DokoState, leader: number): DokoState {
  return withChanges(s, { phase: 'play', current: { leader, plays: [] } });
}

export function applyContract(
  s: DokoState,
  seat: number,
  contract: DeclaredContract,
  wedding: WeddingType | undefined,
): Applied<DokoState> {
  if (s.phase !== 'contracts') return reject(Codes.WRONG_PHASE, 'no contract is asked for now');
  if (nextContractSeat(s) !== seat) return reject(Codes.NOT_YOUR_TURN, 'not your turn to name a contract');
  if (isVorgefuehrt(s, seat) && !contract.startsWith('solo-'))
    return reject(DokoCodes.MUST_DECLARE_SOLO, 'a Vorführung: you must declare a solo');
  if (wedding !== undefined && contract !== 'hochzeit') return reject(Codes.CALL_NOT_ALLOWED, 'a wedding type goes with hochzeit only');
  const allowed = legalContracts(s, seat).some(
    (c) => c.contract === contract && (contract !== 'hochzeit' || (c.wedding ?? 'first') === (wedding ?? 'first')),
  );
  if (!allowed) return reject(DokoCodes.NOT_ENTITLED, `you may not declare ${contract}${wedding ? ` (${wedding})` : ''}`);
  const call = contract === 'hochzeit' ? { seat, contract, wedding: wedding ?? 'first' } : { seat, contract };
  const next: DokoState = withChanges(s, { contractCalls: [...s.contractCalls, call] });
  if (nextContractSeat(next) !== null) return accept(next);
  return accept(resolve(next));
}

/** docs/rules/doppelkopf.md#reservations: PFLICHT 4 > LUST 3 > ARMUT 2 > HOCHZEIT 1; `poverty.rank` moves Armut below. */
export function reservationRank(s: DokoState, seat: number, contract: DeclaredContract): number {
  if (contract.startsWith('solo-')) return isCompulsory(s, seat) ? 4 : 3;
  if (contract === 'armut') return s.options['poverty.rank'] === 'belowWedding' ? 0.5 : 2;
  return 1;
}

/** Tournament mode: a player's first solo of the session is his compulsory solo (docs/rules/doppelkopf.md#reservations). */
const isCompulsory = (s: DokoState, seat: number): boolean =>
  s.options.mode === 'tournament' && !(s.context.compulsoryDone ?? []).includes(seat);

function resolve(s: DokoState): DokoState {
  // contractCalls are in R1 order, so the first of equal rank wins (docs/rules/doppelkopf.md#decision-15).
  let win = s.contractCalls[0];
  for (const c of s.contractCalls) if (reservationRank(s, c.seat, c.contract) > reservationRank(s, win.seat, win.contract)) win = c;
  if (win.contract === 'armut') {
    return withChanges(s, {
      phase: 'poverty',
      contract: 'armut',
      poverty: { pauper: win.seat, passed: null, declined: [], acceptor: null, returned: null },
    });
  }
  if (win.contract === 'hochzeit') {
    return startPlay(withChanges(s, { contract: 'hochzeit', declarer: win.seat, weddingType: win.wedding ?? 'first' }), forehand(s));
  }
  const compulsory = reservationRank(s, win.seat, win.contract) === 4;
  // docs/rules/doppelkopf.md#deal: the soloist leads a compulsory solo; a free solo only with the option.
  const leader = compulsory || s.options.soloistLeadsLustsolo ? win.seat : forehand(s);
  return startPlay(withChanges(s, { contract: win.contract, declarer: win.seat, compulsory }), leader);
}
