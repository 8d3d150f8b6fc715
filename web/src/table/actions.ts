/** An action as the view lists it (`legalActions`), without the seat, which the token names. */
export type Action = { type: string } & Record<string, unknown>;

/** `legalActions` sorted by the control that offers each: a card to click, cards to select, or a button. */
export interface Offer {
  plays: Set<string>;
  /** Actions naming several cards (discards, poverty): chosen by selecting exactly one listed set. */
  selections: { type: string; size: number; options: string[][] }[];
  /** Buying in Droggn: a card to ask for and one of one's own to give. */
  buys: { card: string; give: string }[];
  buttons: Action[];
}

export function offerOf(legal: readonly Record<string, unknown>[] | undefined): Offer {
  const offer: Offer = { plays: new Set(), selections: [], buys: [], buttons: [] };
  for (const raw of legal ?? []) {
    const { seat: _seat, ...action } = raw as Action & { seat?: number };
    if (action.type === 'play' && typeof action.card === 'string') offer.plays.add(action.card);
    else if (Array.isArray(action.cards)) {
      const cards = action.cards as string[];
      let group = offer.selections.find((s) => s.type === action.type && s.size === cards.length);
      if (!group) offer.selections.push((group = { type: action.type, size: cards.length, options: [] }));
      group.options.push(cards);
    } else if (action.type === 'buy' && typeof action.card === 'string' && typeof action.give === 'string')
      offer.buys.push({ card: action.card, give: action.give });
    else offer.buttons.push(action as Action);
  }
  return offer;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
/** The listed option the selection names, if any (Doppelkopf's twin cards make it a multiset). */
export const matching = (options: string[][], selected: readonly string[]) => options.find((o) => sameSet(o, selected)) ?? null;
