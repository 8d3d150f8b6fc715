/** Test support for the Doppelkopf property specs: no view shows a card its viewer may not know. */
import type { Card } from '../core/types.js';
import { dokoDeck, isCard } from './cards.js';
import type { DokoState } from './state.js';
import { view } from './view.js';

/** Cards a seat may know: its hand, every card played, the poverty cards it gave or took; once the deal is over, all of them (the view then shows what was dealt). */
function knowable(s: DokoState, seat: number): Map<Card, number> {
  if (s.phase === 'over') return new Map(dokoDeck(s.options.deck).map((c) => [c, Infinity]));
  const known: Card[] = [...s.tricks.flatMap((t) => t.plays.map((p) => p.card)), ...(s.current?.plays.map((p) => p.card) ?? [])];
  if (s.poverty && (s.poverty.pauper === seat || s.poverty.acceptor === seat))
    known.push(...(s.poverty.passed ?? []), ...(s.poverty.returned ?? []));
  const m = new Map<Card, number>();
  for (const c of known) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

function cardsIn(x: unknown, out: Card[]): Card[] {
  if (typeof x === 'string') {
    if (isCard(x)) out.push(x);
  } else if (Array.isArray(x)) x.forEach((y) => cardsIn(y, out));
  else if (x && typeof x === 'object') Object.values(x).forEach((y) => cardsIn(y, out));
  return out;
}

export function checkView(s: DokoState, seat: number): void {
  const v = view(s, { kind: 'seat', seat });
  expect(v.hand).toEqual(s.hands[seat]);
  const { hand: _h, legalActions: la, ...rest } = v;
  const own = s.hands[seat] ?? [];
  for (const c of cardsIn(la, [])) expect(own).toContain(c);
  const known = knowable(s, seat);
  const seen = new Map<Card, number>();
  for (const c of cardsIn(rest, [])) seen.set(c, (seen.get(c) ?? 0) + 1);
  for (const [c, k] of seen) expect([c, k <= (known.get(c) ?? 0)]).toEqual([c, true]);
}
