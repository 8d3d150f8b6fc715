import { trumpsOf, type ContractKind } from './cards.js';
import { activeSeatsOf } from './deal.js';
import type { DokoState, Party, PlayedCard } from './state.js';

const isSoloContract = (c: ContractKind | null): boolean => c === 'silent-solo' || (c !== null && c.startsWith('solo-'));

/** Scored as a solo: declared, silent, or a wedding without partner (docs/rules/doppelkopf.md#wedding-poverty, docs/rules/doppelkopf.md#extra-points). */
export const scoredAsSolo = (s: DokoState): boolean => isSoloContract(s.contract) || (s.contract === 'hochzeit' && s.weddingFailed);

export const stateTrumps = (s: DokoState): readonly string[] => trumpsOf(s.contract ?? 'normal', s.options.deck);

export const seatCount = (s: DokoState): number => s.options.players;
export const active = (s: DokoState): readonly number[] => activeSeatsOf(s.options, s.dealer);
export const forehand = (s: DokoState): number => active(s)[0];

/**
 * The party of a seat (docs/rules/doppelkopf.md#announcements): normal game Re iff dealt a `CQ`; solo: soloist;
 * wedding: suitor and partner; poverty: pauper and acceptor.
 */
export function partyOf(s: DokoState, seat: number): Party {
  switch (s.contract) {
    case 'hochzeit':
      return seat === s.declarer || seat === s.weddingPartner ? 're' : 'kontra';
    case 'armut':
      return seat === s.poverty?.pauper || seat === s.poverty?.acceptor ? 're' : 'kontra';
    case 'normal':
    case null:
      return (s.dealt[seat] ?? []).includes('CQ') ? 're' : 'kontra';
    default:
      return seat === s.declarer ? 're' : 'kontra';
  }
}

export function partySeats(s: DokoState): { re: number[]; kontra: number[] } {
  const re: number[] = [];
  const kontra: number[] = [];
  for (const seat of active(s)) (partyOf(s, seat) === 're' ? re : kontra).push(seat);
  re.sort((a, b) => a - b);
  kontra.sort((a, b) => a - b);
  return { re, kontra };
}

/** Cards this seat has played so far in the deal (`p` of docs/rules/doppelkopf.md#announcements). */
export function cardsPlayed(s: DokoState, seat: number): number {
  let p = 0;
  for (const t of s.tricks) if (playedIn(t.plays, seat)) p++;
  if (s.current && playedIn(s.current.plays, seat)) p++;
  return p;
}

function playedIn(plays: readonly PlayedCard[], seat: number): boolean {
  for (const x of plays) if (x.seat === seat) return true;
  return false;
}

/** The seat whose card the current trick waits for, or null. */
export function seatToPlay(s: DokoState): number | null {
  if (s.phase !== 'play' || !s.current) return null;
  const order = active(s);
  const i = order.indexOf(s.current.leader);
  return order[(i + s.current.plays.length) % order.length];
}
