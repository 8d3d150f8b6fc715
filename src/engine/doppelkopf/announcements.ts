import { accept, Codes, reject } from '../core/rejections.js';
import type { Applied } from '../core/types.js';
import { cardPoints } from './cards.js';
import { DokoCodes } from './codes.js';
import { cardsPlayed, partyOf, seatToPlay } from './parties.js';
import { copyState, withChanges, type DokoState, type DokoTrick, type Party } from './state.js';

/** Announcement names of docs/contract.md → level (docs/rules/doppelkopf.md#announcements). */
export const LEVEL_NAMES = ['re', 'kontra', 'no90', 'no60', 'no30', 'schwarz'] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

const levelOf = (name: LevelName): number => Math.max(0, LEVEL_NAMES.indexOf(name) - 1);
const nameOf = (level: number, party: Party): LevelName => (level === 0 ? party : LEVEL_NAMES[level + 1]);

/** Highest level a party announced, -1 for none. */
export function partyLevel(s: DokoState, party: Party): number {
  let l = -1;
  for (const a of s.announcements) if (a.party === party && a.level > l) l = a.level;
  return l;
}

/** σ: a wedding shifts the windows by c−1, or by 2 once it has become a solo (docs/rules/doppelkopf.md#announcements). */
function shift(s: DokoState): number {
  if (s.contract !== 'hochzeit') return 0;
  if (s.weddingFailed) return 2;
  return s.weddingTrick === null ? 0 : s.weddingTrick - 1;
}

/** No announcement before play, nor in a wedding before the partner is known. */
export const announcementsOpen = (s: DokoState): boolean =>
  s.phase === 'play' && !(s.contract === 'hochzeit' && s.weddingPartner === null && !s.weddingFailed);

/** What one seat's announcement windows depend on, gathered once per question (docs/rules/doppelkopf.md#announcements). */
interface Windows {
  party: Party;
  /** `p`, the cards this seat has played. */
  played: number;
  sigma: number;
  /** Highest level of the own party and of the other one, -1 for none. */
  own: number;
  other: number;
  /** The own party's Re/Kontra came as a late reply. */
  repliedLate: boolean;
  /** `lateReplyAbsagen: refused`: no Absage after a late reply. */
  refusesAfterReply: boolean;
}

function windows(s: DokoState, seat: number, party: Party): Windows {
  return {
    party,
    played: cardsPlayed(s, seat),
    sigma: shift(s),
    own: partyLevel(s, party),
    other: partyLevel(s, party === 're' ? 'kontra' : 're'),
    repliedLate: s.announcements.some((a) => a.party === party && a.reply),
    refusesAfterReply: s.options.lateReplyAbsagen === 'refused',
  };
}

/** Own initiative: level `L` while at most `L + 1 + σ` cards are played. */
const ownWindow = (w: Windows, level: number): boolean => w.played <= level + 1 + w.sigma;

/** The party's Re/Kontra would come now only as a reply to the other party. */
const lateReply = (w: Windows): boolean => w.own < 0 && !ownWindow(w, 0);

/** One level's window for this seat: own initiative, or a level-0 reply (docs/rules/doppelkopf.md#announcements). */
function levelInTime(w: Windows, level: number): boolean {
  if (ownWindow(w, level)) return true;
  return level === 0 && w.other >= 0 && w.played <= w.other + 2 + w.sigma;
}

/** Why `level` may not be announced now, given the checks before the party's levels passed. */
function levelProblem(w: Windows, level: number): Applied<Party> | null {
  if (level <= w.own) return reject(DokoCodes.ALREADY_ANNOUNCED, `${w.party} already announced this level`);
  // Every implied lower level must itself be in time (docs/rules/doppelkopf.md#announcements).
  for (let l = w.own + 1; l <= level; l++) {
    if (!levelInTime(w, l)) return reject(DokoCodes.ANNOUNCEMENT_TOO_LATE, `too late for ${nameOf(l, w.party)}`);
  }
  // `lateReplyAbsagen: refused` (DDV): a party whose Re/Kontra was a late reply says nothing more.
  if (level > 0 && w.refusesAfterReply && (w.repliedLate || lateReply(w))) {
    return reject(DokoCodes.ANNOUNCEMENT_TOO_LATE, `no Absage after ${w.party} as a late reply`);
  }
  return null;
}

/** docs/rules/doppelkopf.md#decision-12: the alternative restricts announcements to one's own turn. */
const outOfTurn = (s: DokoState, seat: number): boolean => s.options.announcementTiming === 'ownTurnOnly' && seatToPlay(s) !== seat;

function checkAnnouncement(s: DokoState, seat: number, name: LevelName): Applied<Party> {
  if (!announcementsOpen(s)) return reject(DokoCodes.ANNOUNCEMENT_NOT_OPEN, 'announcements are not open now');
  if (outOfTurn(s, seat)) return reject(Codes.NOT_YOUR_TURN, 'announcements only on your own turn');
  const party = partyOf(s, seat);
  if ((name === 're' || name === 'kontra') && name !== party) return reject(DokoCodes.WRONG_PARTY, `you play for ${party}`);
  return levelProblem(windows(s, seat, party), levelOf(name)) ?? accept(party);
}

export function announce(s: DokoState, seat: number, name: LevelName): Applied<DokoState> {
  const ok = checkAnnouncement(s, seat, name);
  if (!ok.ok) return ok;
  const next = copyState(s);
  const reply = lateReply(windows(s, seat, ok.state)) ? { reply: true as const } : {};
  next.announcements = [...s.announcements, { seat, party: ok.state, level: levelOf(name), ...reply }];
  return accept(next);
}

/** Levels this seat could announce now (each a separate legal action), as `checkAnnouncement` decides. */
export function legalAnnouncements(s: DokoState, seat: number): LevelName[] {
  if (!announcementsOpen(s) || outOfTurn(s, seat)) return [];
  const party = partyOf(s, seat);
  const w = windows(s, seat, party);
  const names: LevelName[] = [party, 'no90', 'no60', 'no30', 'schwarz'];
  return names.filter((n) => levelProblem(w, levelOf(n)) === null);
}

/**
 * `forcedAnnouncement` (docs/rules/doppelkopf.md#announcements): the first trick (in a wedding the first after the
 * deciding one) worth ≥ 30 books the winner's Ansage, or with `.further` the next level.
 */
export function forcedAfterTrick(s: DokoState, trick: DokoTrick, trickNo: number): DokoState {
  if (!s.options.forcedAnnouncement || trick.winner === undefined) return s;
  const first = s.contract === 'hochzeit' ? (s.weddingFailed ? 4 : (s.weddingTrick ?? 99) + 1) : 1;
  if (trickNo !== first) return s;
  if (trick.plays.reduce((a, p) => a + cardPoints(p.card), 0) < 30) return s;
  const seat = trick.winner;
  const party = partyOf(s, seat);
  const own = partyLevel(s, party);
  if (own >= 0 && !s.options['forcedAnnouncement.further']) return s;
  const level = own + 1;
  // The missing Ansage is booked whatever the window; a further level only if in time.
  if (level > 4 || (level > 0 && !levelInTime(windows(s, seat, party), level))) return s;
  return withChanges(s, { announcements: [...s.announcements, { seat, party, level, forced: true }] });
}
