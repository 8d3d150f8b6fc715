import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ok, type HandEvent, type HandView, type Table } from '../api.js';

/**
 * The moves of this hand that a seat's substitute made for its player (events marked `by:
 * "substitute"`), so that the table can say so instead of showing them as the player's own.
 * The view does not carry who made a move: the hand's log is read again after a move that a
 * substitute could have made — one a person's seat was to make at a table with a turn clock, or
 * while a seat is away.
 */
export function useSubstituted(table: Table, view: HandView): HandEvent[] {
  const [events, setEvents] = useState<HandEvent[]>([]);
  const before = useRef<HandView | null>(null);
  useEffect(() => {
    const prev = before.current;
    before.current = view;
    if (prev?.id !== view.id) setEvents([]);
    const person = (seat: number) => Boolean(table.seats[seat]?.playerId && !table.seats[seat]?.bot);
    const possible =
      prev !== null &&
      prev.id === view.id &&
      prev.seq < view.seq &&
      prev.toAct.some(person) &&
      (table.turnSeconds !== null || (prev.away?.length ?? 0) > 0 || (view.away?.length ?? 0) > 0);
    if (!possible) return;
    let live = true;
    api.GET('/hands/{id}/events', { params: { path: { id: view.id } } }).then(
      (r) => live && setEvents(ok(r).filter((e) => e.by === 'substitute')),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [view.id, view.seq]);
  return events;
}
