import type { View } from './bots.testkit.js';

/** Every string value anywhere in a JSON document. */
function strings(doc: unknown, out: string[] = []): string[] {
  if (typeof doc === 'string') out.push(doc);
  else if (Array.isArray(doc)) for (const v of doc) strings(v, out);
  else if (doc && typeof doc === 'object') for (const v of Object.values(doc)) strings(v, out);
  return out;
}

const cardsIn = (v: unknown): string[] => (Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string') : []);

/**
 * A seat's legal actions name cards it may ask for, which is not knowledge of who holds them:
 * Droggn's Ansager may buy any card he lacks (and all of those are in the defenders' hands, which
 * he can work out anyway). Everything else in the view counts.
 */
function withoutBuyRequests(doc: View): unknown {
  if (!Array.isArray(doc.legalActions)) return doc;
  return { ...doc, legalActions: doc.legalActions.filter((a) => a.type !== 'buy') };
}

/**
 * The hidden-information oracle (docs/design.md#hidden-information). What a seat may not know right
 * now, taken from the auditor's view: the cards in the other seats' hands, and (unless it is the
 * declarer, who took them) the talon/Dobb and the discard. Whatever the spectator view shows is
 * public and exempt (pass the spectator's view and event log), and so is any face the seat holds
 * itself (Doppelkopf has every face twice) or named in an action of its own.
 * None of those cards may appear anywhere in `doc` (a seat's view or its event log).
 */
export function assertNothingHidden(
  doc: View,
  auditor: View,
  spectator: unknown,
  ownView: View = doc,
  auditorLog: { seat: number | null; payload: unknown }[] = [],
): void {
  if (auditor.result) return; // over: everything is public
  const seat = ownView.seat as number;
  const publicCards = new Set(spectator ? strings(spectator) : []);
  const own = new Set(cardsIn(ownView.hand));
  // What the seat did itself (a card it gave when selling, its discard) it knows.
  for (const e of auditorLog) if (e.seat === seat) for (const c of strings(e.payload)) own.add(c);
  const hidden = new Set<string>();
  const hands = (auditor.hands as unknown[] | undefined) ?? [];
  hands.forEach((h, s) => {
    if (s !== seat) for (const c of cardsIn(h)) hidden.add(c);
  });
  // Only a declarer who picked the talon up knows it (Dobbm "dobbm", Droggn Ansager/Solo);
  // in a Dobbm Solo and a Droggn Super/Super Mord it stays face down for him too.
  const tookTalon =
    auditor.declarer === seat &&
    ['dobbm', 'ansager', 'solo'].includes(String(auditor.contract)) &&
    !(auditor.game === 'dobbm' && auditor.contract === 'solo');
  if (!tookTalon) for (const key of ['dobb', 'talon']) for (const c of cardsIn(auditor[key])) hidden.add(c);
  if (auditor.declarer !== seat) for (const c of cardsIn(auditor.discard)) hidden.add(c);
  const seen = new Set(strings(withoutBuyRequests(doc)));
  const leaked = [...hidden].filter((c) => seen.has(c) && !publicCards.has(c) && !own.has(c));
  if (leaked.length) throw new Error(`seat ${seat} can see hidden cards ${leaked.join(', ')}`);
}
