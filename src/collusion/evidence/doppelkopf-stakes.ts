/**
 * Where an announcement (Ansage: Re/Kontra; Absage: keine 90 … schwarz) can move value between
 * players who sit on opposite sides in Doppelkopf (docs/rules/doppelkopf.md#announcements,
 * docs/rules/doppelkopf.md#player-scores). Every announcement raises the game value the winning
 * party collects; whether that can profit a pair across the table depends only on how many
 * players each party has. The sides and shares are read from the engine's own party assignment
 * and player scores, never restated here, so a change of the rules reaches the audit unasked.
 */
import type { ContractKind } from '../../engine/doppelkopf/cards.js';
import { partySeats } from '../../engine/doppelkopf/parties.js';
import { playerScores } from '../../engine/doppelkopf/scoring.js';
import type { DokoState, Party } from '../../engine/doppelkopf/state.js';

/** The parties of a hand once they are fixed, and what each seat is paid per point of Re's value. */
export interface DokoStakes {
  contract: ContractKind;
  /** Per seat: Re or Kontra, or null for a dealer sitting out at a table of five. */
  sides: (Party | null)[];
  /**
   * Per seat: his score per point of `v_Re` (Re's game value, negative when Kontra wins), as the
   * engine's player scores give it: 1 or −1 when the parties are even; the lone player 3 and each
   * of the three against him −1 when they are not; 0 for a seat sitting out.
   */
  shares: number[];
  /** `even`: two against two; `uneven`: one player against three. */
  parties: 'even' | 'uneven';
  /** The player alone on his side in an uneven hand (soloist, silent soloist, a wedding's suitor without partner). */
  alone: number | null;
}

/** What the pair of a caller and one opponent gains per point the hand's value rises. */
export interface AllyStakes {
  seat: number;
  /** `shares[caller] + shares[ally]`: the pair's combined score per point of `v_Re`; 0 when even. */
  pairShares: number;
  /** The other active seats (the honest players if the pair colludes) and their shares. */
  payers: { seat: number; shares: number }[];
}

/** An announcement by `caller`: can it move value from two honest players to one of his opponents? */
export interface CallStakes {
  caller: number;
  side: Party;
  /** Every seat on the other side, as the caller's possible ally. */
  allies: AllyStakes[];
  /** True when some ally's pair gains or loses with the value: only in an uneven hand. */
  movesValue: boolean;
}

/**
 * The stakes of a hand from the moment the parties are fixed (play, or over): null before the
 * contract is settled, in a wedding before its partner is found (nobody may announce yet), and for
 * a hand thrown in (nobody is paid).
 */
export function stakesOf(s: DokoState): DokoStakes | null {
  if (s.thrownIn || s.contract === null || (s.phase !== 'play' && s.phase !== 'over')) return null;
  if (s.contract === 'hochzeit' && s.weddingPartner === null && !s.weddingFailed) return null;
  const parties = partySeats(s);
  const n = s.options.players;
  // The engine's player scores at a value of one point are each seat's share of that point.
  const shares = playerScores(n, parties, 1).map((x) => x + 0);
  const sides: (Party | null)[] = Array.from({ length: n }, () => null);
  for (const seat of parties.re) sides[seat] = 're';
  for (const seat of parties.kontra) sides[seat] = 'kontra';
  const even = parties.re.length === parties.kontra.length;
  const lone = parties.re.length === 1 ? parties.re[0]! : parties.kontra.length === 1 ? parties.kontra[0]! : null;
  return {
    contract: s.contract,
    sides,
    shares,
    parties: even ? 'even' : 'uneven',
    alone: even ? null : lone,
  };
}

/** The stakes of an announcement by `caller` in a hand with these stakes (null for a seat sitting out). */
export function callStakes(stakes: DokoStakes, caller: number): CallStakes | null {
  const side = stakes.sides[caller];
  if (!side) return null;
  const activeSeats = stakes.sides.flatMap((x, seat) => (x === null ? [] : [seat]));
  const allies: AllyStakes[] = activeSeats
    .filter((seat) => stakes.sides[seat] !== null && stakes.sides[seat] !== side)
    .map((seat) => ({
      seat,
      pairShares: stakes.shares[caller]! + stakes.shares[seat]! + 0,
      payers: activeSeats.filter((x) => x !== caller && x !== seat).map((x) => ({ seat: x, shares: stakes.shares[x]! })),
    }));
  return { caller, side, allies, movesValue: allies.some((a) => a.pairShares !== 0) };
}
