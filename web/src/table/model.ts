import type { HandView } from '../api.js';
import type { GameId } from '../cards/index.js';

interface Play {
  seat: number;
  card: string;
}
export interface Trick {
  leader: number;
  plays: Play[];
  winner?: number;
}

/**
 * The three games' views differ in names (Dobbm `currentTrick`, Droggn `trick`, Doppelkopf
 * `currentTrick` or null); this reads the few things the table draws the same way for all.
 * Nothing here decides a rule: legality comes only from the view's `legalActions`.
 */
export interface TableModel {
  game: GameId;
  seats: number;
  mySeat: number | null;
  hand: string[];
  trick: Trick;
  lastTrick: Trick | null;
  handSize(seat: number): number | null;
  tricksWon(seat: number): string;
  /** The public record so far: bids, calls, doublings, announcements…, as label → text. */
  record: [string, string][];
}

const asTrick = (t: unknown): Trick => {
  const o = (t ?? {}) as Partial<Trick>;
  return { leader: o.leader ?? 0, plays: Array.isArray(o.plays) ? o.plays : [], winner: o.winner };
};

export function modelOf(game: GameId, v: HandView, seats: number, nameOf: (seat: number) => string = (s) => `seat ${s}`): TableModel {
  const view = v as HandView & Record<string, unknown>;
  const mySeat = typeof view.seat === 'number' ? view.seat : null;
  const hand = (view.hand as string[] | undefined) ?? [];
  const trick = asTrick(game === 'droggn' ? view.trick : view.currentTrick);
  const tricks = ((view.tricks as unknown[]) ?? []).map(asTrick);
  const lastTrick = tricks.length ? tricks[tricks.length - 1]! : null;
  const sizes = view.handSizes as number[] | undefined;
  const played = (seat: number) => (trick.plays.some((p) => p.seat === seat) ? 1 : 0);
  // Doppelkopf's view has no hand sizes: every seat holds as many cards as this one, give or take this trick.
  const handSize = (seat: number): number | null =>
    sizes ? (sizes[seat] ?? null) : mySeat === null ? null : hand.length + played(mySeat) - played(seat);
  const won = view.tricksWon as number[] | { declarer: number; defenders: number } | undefined;
  const declarer = view.declarer as number | null | undefined;
  const tricksWon = (seat: number): string => {
    if (Array.isArray(won)) return String(won[seat] ?? 0);
    if (!won) return '';
    if (declarer === null || declarer === undefined) return '';
    return seat === declarer ? `${won.declarer} (declarer)` : `${won.defenders} (defenders)`;
  };
  return { game, seats, mySeat, hand, trick, lastTrick, handSize, tricksWon, record: recordOf(view, nameOf) };
}

/** Public facts worth showing, in words; unknown shapes fall back to compact JSON. */
function recordOf(view: Record<string, unknown>, nameOf: (seat: number) => string): [string, string][] {
  const out: [string, string][] = [];
  const list = (key: string, label: string, text: (e: Record<string, unknown>) => string) => {
    const entries = view[key];
    if (Array.isArray(entries) && entries.length) out.push([label, entries.map((e) => text(e as Record<string, unknown>)).join(', ')]);
  };
  const seat = (e: Record<string, unknown>) => nameOf(Number(e.seat));
  list('bids', 'Bids', (e) => `${seat(e)}: ${String(e.bid)}`);
  list('reservations', 'Reservations', (e) => (typeof e === 'string' ? e : `${seat(e)}: ${String(e.call ?? JSON.stringify(e))}`));
  list('contractCalls', 'Declarations', (e) => `${seat(e)}: ${String(e.contract ?? JSON.stringify(e))}`);
  list('calls', 'Doublings', (e) => `${seat(e)}: ${String(e.call)}`);
  list('layouts', 'Laid out', (e) => `${seat(e)}: ${String(e.card ?? 'nothing')}`);
  // Doppelkopf's levels: 0 is the party's own call (Re or Kontra), then keine 90, 60, 30, schwarz.
  const LEVELS = ['', 'no 90', 'no 60', 'no 30', 'schwarz'];
  list(
    'announcements',
    'Announcements',
    (e) => `${seat(e)}: ${typeof e.level === 'number' ? LEVELS[e.level] || String(e.party) : String(e.level)}`,
  );
  if (view.contract) out.push(['Contract', String(view.contract)]);
  if (typeof view.declarer === 'number') out.push(['Declarer', nameOf(view.declarer)]);
  if (typeof view.multiplier === 'number' && view.multiplier > 1) out.push(['Multiplier', `×${view.multiplier}`]);
  if (view.party) out.push(['Your party', String(view.party)]);
  if (view.wedding) out.push(['Wedding', JSON.stringify(view.wedding)]);
  if (Array.isArray(view.talon)) out.push(['Talon', (view.talon as string[]).join(' ')]);
  if (Array.isArray(view.dobb)) out.push(['Dobb', (view.dobb as string[]).join(' ')]);
  if (Array.isArray(view.discard)) out.push(['Discard', (view.discard as string[]).join(' ')]);
  return out;
}

/** Where a seat sits, seen from `me` (bottom); play goes round bottom → left → top → right. */
export function placeOf(seat: number, me: number, n: number): string {
  const r = (seat - me + n) % n;
  const places: Record<number, string[]> = {
    3: ['bottom', 'left', 'right'],
    4: ['bottom', 'left', 'top', 'right'],
    5: ['bottom', 'left', 'topleft', 'topright', 'right'],
  };
  return (places[n] ?? places[4]!)[r] ?? 'top';
}
