import type { Table } from '../api.js';
import { t } from '../i18n/index.js';

/** Seats are counted from 1 on the page, as players count them (the bots' names count so too). */
export const seatNumber = (seat: number): number => seat + 1;

/** What the page calls the person (or bot) in a seat: the name, "Bot 3" for the bot in seat 3, else "Seat 3". */
export function seatNames(table: Table | null): (seat: number) => string {
  return (seat) => {
    const s = table?.seats[seat];
    if (s?.bot) return t('seats.botName', { n: seatNumber(seat) });
    return s?.name ?? t('seats.seat', { n: seatNumber(seat) });
  };
}

/**
 * The table as the hand numbered `number` was dealt: a seat handed on from a later hand on
 * (`fromHand`) shows the player who holds it in this one.
 */
export function asDealt(table: Table, number: number | null | undefined, nameOf: (playerId: string) => string): Table {
  const earlier = (s: Table['seats'][number]) => s.fromHand !== null && s.previousPlayerId !== null && (number ?? 0) < s.fromHand;
  if (!table.seats.some(earlier)) return table;
  return {
    ...table,
    seats: table.seats.map((s) => (earlier(s) ? { ...s, playerId: s.previousPlayerId, name: nameOf(s.previousPlayerId!), bot: null } : s)),
  };
}
