import { removeCards } from '../core/cards.js';
import { accept, Codes, reject } from '../core/rejections.js';
import type { Applied, Card } from '../core/types.js';
import { countFace, distinct, followSuitIn, trickWinnerIndex } from './cards.js';
import { announcementsOpen, forcedAfterTrick } from './announcements.js';
import { DokoCodes } from './codes.js';
import { active, partyOf, seatToPlay, stateTrumps } from './parties.js';
import { copyState, withChanges, type DokoState, type DokoTrick } from './state.js';

/** Cards this seat may play now: follow suit (trump is a suit) if possible, else any (docs/rules/doppelkopf.md#play). */
export function legalCards(s: DokoState, seat: number): Card[] {
  if (seatToPlay(s) !== seat) return [];
  const hand = s.hands[seat]!;
  const cur = s.current!;
  if (cur.plays.length === 0) return distinct(hand);
  const followSuit = followSuitIn(stateTrumps(s));
  const led = followSuit(cur.plays[0].card);
  const same: Card[] = [];
  for (const c of hand) if (followSuit(c) === led && !same.includes(c)) same.push(c);
  return same.length > 0 ? same : distinct(hand);
}

/** `legalCards(s, seat).includes(card)` for a held card on the seat's turn, without listing them. */
function followsSuit(s: DokoState, hand: readonly Card[], card: Card): boolean {
  const cur = s.current!;
  if (cur.plays.length === 0) return true;
  const followSuit = followSuitIn(stateTrumps(s));
  const led = followSuit(cur.plays[0].card);
  return followSuit(card) === led || !hand.some((c) => followSuit(c) === led);
}

export function applyPlay(s: DokoState, seat: number, card: Card): Applied<DokoState> {
  if (s.phase === 'over') return reject(Codes.HAND_OVER, 'the hand is over');
  if (s.phase !== 'play') return reject(Codes.WRONG_PHASE, 'cards are not played yet');
  if (seatToPlay(s) !== seat) return reject(Codes.NOT_YOUR_TURN, 'not your turn to play');
  const rest = removeCards(s.hands[seat]!, [card]);
  if (!rest) return reject(Codes.CARD_NOT_HELD, `you do not hold ${card}`);
  if (!followsSuit(s, s.hands[seat]!, card)) return reject(Codes.MUST_FOLLOW_SUIT, 'you must follow suit');
  const hands = s.hands.slice();
  hands[seat] = rest;
  const current: DokoTrick = { leader: s.current!.leader, plays: [...s.current!.plays, { seat, card }] };
  const next = copyState(s);
  next.hands = hands;
  next.current = current;
  return accept(current.plays.length === active(s).length ? completeTrick(next) : next);
}

const NONE_PROMOTED: readonly number[] = [];

/**
 * Piglets (Schweinchen) and super-piglets rank above every trump (docs/rules/doppelkopf.md#play); with
 * `.firstOnly` only the first one played in the deal is promoted.
 */
function promotions(s: DokoState, trick: DokoTrick): readonly number[] {
  if (s.piglets === null && s.superPiglets === null) return NONE_PROMOTED;
  const earlier = (face: Card): boolean => s.tricks.some((t) => t.plays.some((p) => p.card === face));
  return trick.plays.map((p) => {
    if (p.card === 'D9' && s.superPiglets === p.seat && !(s.options['piglets.firstOnly'] && earlier('D9'))) return 2;
    if (p.card === 'DA' && s.piglets === p.seat && !(s.options['piglets.firstOnly'] && earlier('DA'))) return 1;
    return 0;
  });
}

function completeTrick(s: DokoState): DokoState {
  const trick = s.current!;
  const trickNo = s.tricks.length + 1;
  const last = s.hands.every((h) => h === null || h.length === 0);
  const trumps = stateTrumps(s);
  const w = trickWinnerIndex(
    trick.plays.map((p) => p.card),
    { trumps, dullen: s.options.dullen, lastTrick: last, promoted: promotions(s, trick) },
  );
  const done: DokoTrick = { leader: trick.leader, plays: trick.plays, winner: trick.plays[w].seat };
  let next = copyState(s);
  next.tricks = [...s.tricks, done];
  next.current = last ? null : { leader: done.winner!, plays: [] };
  next.phase = last ? 'over' : 'play';
  next = weddingAfterTrick(next, done, trickNo, trumps);
  return forcedAfterTrick(next, done, trickNo);
}

/** docs/rules/doppelkopf.md#wedding-poverty: the first qualifying trick of 1–3 won by another player finds the partner. */
function weddingAfterTrick(s: DokoState, t: DokoTrick, trickNo: number, trumps: readonly Card[]): DokoState {
  if (s.contract !== 'hochzeit' || s.weddingPartner !== null || s.weddingFailed) return s;
  const ledTrump = trumps.includes(t.plays[0].card);
  const qualifies = s.weddingType === 'trump' ? ledTrump : s.weddingType === 'nontrump' ? !ledTrump : true;
  if (qualifies && t.winner !== s.declarer) return withChanges(s, { weddingPartner: t.winner!, weddingTrick: trickNo });
  if (trickNo >= 3) return withChanges(s, { weddingFailed: true });
  return s;
}

/** Piglets exist in contracts whose trumps hold `DA` as in a normal game (docs/rules/doppelkopf.md#decision-17). */
function pigletsContract(s: DokoState): boolean {
  const c = s.contract;
  if (c === 'normal' || c === 'hochzeit' || c === 'armut') return true;
  return (c === 'solo-d' || c === 'silent-solo') && s.options['piglets.inDiamondSolo'];
}

/** Declared before the first lead (docs/rules/doppelkopf.md#play). */
const beforeFirstLead = (s: DokoState): boolean => s.phase === 'play' && s.tricks.length === 0 && (s.current?.plays.length ?? 0) === 0;

export function canDeclarePiglets(s: DokoState, seat: number): boolean {
  return s.options.piglets && pigletsContract(s) && beforeFirstLead(s) && s.piglets === null && countFace(s.hands[seat] ?? [], 'DA') === 2;
}

export function canDeclareSuperPiglets(s: DokoState, seat: number): boolean {
  return (
    s.options['piglets.super'] &&
    s.options.deck === 48 &&
    beforeFirstLead(s) &&
    s.piglets !== null &&
    s.superPiglets === null &&
    countFace(s.hands[seat] ?? [], 'D9') === 2
  );
}

export function applyPiglets(s: DokoState, seat: number, superPiglets: boolean): Applied<DokoState> {
  if (!s.options.piglets || (superPiglets && !s.options['piglets.super']))
    return reject(DokoCodes.NOT_ENTITLED, 'piglets are not played at this table');
  if (s.phase === 'over') return reject(Codes.HAND_OVER, 'the hand is over');
  if (s.phase !== 'play') return reject(Codes.WRONG_PHASE, 'piglets are declared when play begins');
  if (!pigletsContract(s)) return reject(DokoCodes.NOT_ENTITLED, 'no piglets in this contract');
  if (!beforeFirstLead(s)) return reject(DokoCodes.PIGLETS_TOO_LATE, 'piglets are declared before the first lead');
  if (superPiglets) {
    if (!canDeclareSuperPiglets(s, seat)) return reject(DokoCodes.NOT_ENTITLED, 'super-piglets need declared piglets and both D9');
    return accept(withChanges(s, { superPiglets: seat }));
  }
  if (!canDeclarePiglets(s, seat)) return reject(DokoCodes.NOT_ENTITLED, 'piglets need both DA');
  const next: DokoState = withChanges(s, { piglets: seat });
  // `.forceAnnouncement`: the holder's party is announced at once, if it is known yet.
  if (!s.options['piglets.forceAnnouncement'] || !announcementsOpen(next)) return accept(next);
  const party = partyOf(next, seat);
  if (next.announcements.some((a) => a.party === party)) return accept(next);
  return accept(withChanges(next, { announcements: [...next.announcements, { seat, party, level: 0, forced: true }] }));
}
