import type { HandView } from '../api.js';
import type { GameId } from '../cards/index.js';
import { t } from '../i18n/index.js';
import { cardName, cardNames, contractName, levelName, partyName, weddingName } from '../phrasebook/index.js';
import { sortHand } from './sort.js';

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
  /** The viewer's cards, sorted as players hold them. */
  hand: string[];
  trick: Trick;
  /** The completed tricks whose cards the viewer may see, oldest first. */
  tricks: Trick[];
  lastTrick: Trick | null;
  /** Tricks completed so far, those whose cards the viewer may no longer see included. */
  tricksPlayed: number;
  handSize(seat: number): number | null;
  tricksWon(seat: number): number;
  /** A buy that took a card from the viewer's hand (Droggn): what went, what came, and who bought it. */
  boughtFromMe: { card: string; give: string | null; by: number } | null;
  /** The public record so far: bids, calls, doublings, announcements…, as label → text. */
  record: [string, string][];
}

const asTrick = (t: unknown): Trick => {
  const o = (t ?? {}) as Partial<Trick>;
  return { leader: o.leader ?? 0, plays: Array.isArray(o.plays) ? o.plays : [], winner: o.winner };
};

/** `cardsEach`: how many cards each seat is dealt (Doppelkopf's view lists no hand sizes). */
export function modelOf(
  game: GameId,
  v: HandView,
  seats: number,
  nameOf: (seat: number) => string,
  cardsEach: number | null = null,
): TableModel {
  const view = v as HandView & Record<string, unknown>;
  const mySeat = typeof view.seat === 'number' ? view.seat : null;
  const hand = sortHand(game, (view.hand as string[] | undefined) ?? [], view.contract);
  const trick = asTrick(game === 'droggn' ? view.trick : view.currentTrick);
  const allTricks = ((view.tricks as unknown[]) ?? []).map(asTrick);
  const tricks = allTricks.filter((tr) => tr.plays.length > 0);
  const lastTrick = tricks.length && tricks[tricks.length - 1] === allTricks[allTricks.length - 1] ? tricks[tricks.length - 1]! : null;
  const sizes = view.handSizes as number[] | undefined;
  const played = (seat: number) => (trick.plays.some((p) => p.seat === seat) ? 1 : 0);
  const handSize = (seat: number): number | null => {
    if (sizes) return sizes[seat] ?? null;
    if (mySeat !== null) return hand.length + played(mySeat) - played(seat);
    return cardsEach === null ? null : Math.max(0, cardsEach - allTricks.length - played(seat));
  };
  const tricksWon = (seat: number): number => allTricks.filter((tr) => tr.winner === seat).length;
  return {
    game,
    seats,
    mySeat,
    hand,
    trick,
    tricks,
    lastTrick,
    tricksPlayed: allTricks.length,
    handSize,
    tricksWon,
    record: recordOf(game, view, nameOf),
    boughtFromMe: boughtFrom(view, mySeat),
  };
}

function boughtFrom(view: Record<string, unknown>, mySeat: number | null): TableModel['boughtFromMe'] {
  const buy = view.buy as { kind?: string; card?: string; from?: number; give?: string } | null | undefined;
  if (mySeat === null || buy?.kind !== 'bought' || buy.from !== mySeat || !buy.card || typeof view.declarer !== 'number') return null;
  return { card: buy.card, give: buy.give ?? null, by: view.declarer };
}

/** Public facts worth showing, in words. */
function recordOf(game: GameId, view: Record<string, unknown>, nameOf: (seat: number) => string): [string, string][] {
  const out: [string, string][] = [];
  const list = (key: string, label: string, text: (e: Record<string, unknown>) => string) => {
    const entries = view[key];
    if (Array.isArray(entries) && entries.length) out.push([label, entries.map((e) => text(e as Record<string, unknown>)).join(', ')]);
  };
  const seat = (e: Record<string, unknown>) => nameOf(Number(e.seat));
  const bid = (b: unknown) => (b === 'pass' ? t('buttons.pass') : contractName(b));
  list('bids', t('record.bids'), (e) => `${seat(e)}: ${bid(e.bid)}`);
  list(
    'reservations',
    t('record.reservations'),
    (e) => `${seat(e)}: ${t(`buttons.${e.call === 'vorbehalt' ? 'vorbehalt' : e.call === 'throwin' ? 'throwin' : 'gesund'}`)}`,
  );
  list('contractCalls', t('record.declarations'), (e) => `${seat(e)}: ${e.contract ? contractName(e.contract) : '—'}`);
  list('calls', t('record.doublings'), (e) => `${seat(e)}: ${String(e.call).charAt(0).toUpperCase()}${String(e.call).slice(1)}`);
  list('layouts', t('record.laidOut'), (e) => `${seat(e)}: ${e.card ? cardName(game, String(e.card)) : t('record.nothing')}`);
  list('announcements', t('record.announcements'), (e) => `${seat(e)}: ${levelName(e.level, e.party)}`);
  if (view.contract) out.push([t('record.contract'), contractName(view.contract)]);
  if (typeof view.declarer === 'number') out.push([t('record.declarer'), nameOf(view.declarer)]);
  if (typeof view.multiplier === 'number' && view.multiplier > 1) out.push([t('record.multiplier'), `×${view.multiplier}`]);
  if (view.party) out.push([t('record.party'), partyName(view.party)]);
  const wedding = view.wedding as { type?: unknown; partner?: number | null } | null | undefined;
  if (wedding)
    out.push([
      t('record.wedding'),
      [weddingName(wedding.type), typeof wedding.partner === 'number' ? nameOf(wedding.partner) : ''].filter(Boolean).join(' — '),
    ]);
  const cards = (key: string, label: string) => {
    const c = view[key];
    if (Array.isArray(c) && c.length && c.every((x) => typeof x === 'string')) out.push([label, cardNames(game, c as string[])]);
  };
  // Droggn's buy: the bought card and its seller are public; the card given back only to the two involved.
  const buy = view.buy as { kind?: string; card?: string; from?: number; give?: string } | null | undefined;
  if (buy?.kind === 'bought' && buy.card && typeof buy.from === 'number' && typeof view.declarer === 'number')
    out.push([
      t('record.buy'),
      buy.give
        ? t('record.boughtGiving', {
            name: nameOf(view.declarer),
            card: cardName(game, buy.card),
            from: nameOf(buy.from),
            give: cardName(game, buy.give),
          })
        : t('record.bought', { name: nameOf(view.declarer), card: cardName(game, buy.card), from: nameOf(buy.from) }),
    ]);
  cards('talon', t('record.talon'));
  cards('dobb', t('record.dobb'));
  cards('discard', t('record.discard'));
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
