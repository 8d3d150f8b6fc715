/** Test support for the Droggn property specs: no view shows a card its viewer may not know. */
import type { Action, Card } from '../core/types.js';
import { DECK, isCard } from './cards.js';
import { droggn } from './index.js';
import type { DroggnState } from './state.js';

/** Cards `seat` may know, computed from the state's record rather than from the view code. */
function knowable(s: DroggnState, seat: number): Set<Card> {
  if (s.phase === 'over') return new Set(DECK);
  const known = new Set<Card>([...(s.dealtHands[seat] ?? []), ...(s.hands[seat] ?? [])]);
  for (const t of s.tricks) for (const p of t.plays) known.add(p.card);
  for (const p of s.trick) known.add(p.card);
  for (const l of s.layouts) known.add(l.card);
  const declares = seat === s.declarer;
  if (
    (declares && (s.contract === 'ansager' || s.contract === 'solo')) ||
    (s.contract === 'ansager' && s.options['talon.expose'] === 'ansagerOnly')
  )
    s.talon.forEach((c) => known.add(c));
  if (declares && s.discard) s.discard.forEach((c) => known.add(c));
  if (s.buy?.kind === 'bought') {
    known.add(s.buy.card);
    if (declares || seat === s.buy.from) known.add(s.buy.give);
  }
  return known;
}

function cardsIn(value: unknown, out: Card[] = []): Card[] {
  if (typeof value === 'string' && isCard(value)) out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => cardsIn(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => cardsIn(v, out));
  return out;
}

export function checkViews(s: DroggnState): void {
  for (let seat = 0; seat < s.options.players; seat++) {
    const { legalActions, ...rest } = droggn.view(s, { kind: 'seat', seat });
    const known = knowable(s, seat);
    for (const c of cardsIn(rest)) if (!known.has(c)) throw new Error(`seat ${seat} sees ${c} in phase ${s.phase}`);
    // a buy request names a card the declarer does not hold; every other card in a legal action is his
    for (const a of legalActions as Action[]) for (const c of cardsIn(a.type === 'buy' ? a.give : a)) expect(s.hands[seat]).toContain(c);
  }
  const spectator = new Set(cardsIn(droggn.view(s, { kind: 'spectator' })));
  const seatless = knowable(s, -1);
  for (const c of spectator) if (!seatless.has(c)) throw new Error(`a spectator sees ${c}`);
}
