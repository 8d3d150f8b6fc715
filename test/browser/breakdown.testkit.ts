import type { Page } from 'playwright-core';
import { auditorView } from './play.testkit.js';
import type { Site } from './support.testkit.js';

type Figure = { kind: string; value: number; side: string | null };
type Result = { declarer: number | null; parties: Record<string, number[]> | null; details?: { winner?: string | null } };

/**
 * The result's breakdown adds up to the scores the table booked: the figures the page shows
 * (its lines' `data-figure`) are combined as the rules count (docs/rules/), and what comes out
 * must be each seat's score in the table's ledger (GET /tables/{id}/ledger); who declared and who
 * won are the auditor's view of the hand. Answers false for a thrown-in hand (nothing to sum).
 */
export async function expectBreakdownSums(page: Page, site: Site, game: string, tableId: string, handId: string): Promise<boolean> {
  const get = async <T>(path: string): Promise<T> => (await (await fetch(`${site.url}${path}`)).json()) as T;
  const ledger = await get<{ entries: { handId: string; status: string; scores: number[] }[] }>(`/tables/${tableId}/ledger`);
  const entry = ledger.entries.find((e) => e.handId === handId)!;
  if (entry.status !== 'finished') return false;
  const table = await get<{ seatCount: number; rules: { stake: number; rounding: string } }>(`/tables/${tableId}`);
  const result = (await auditorView(site, handId)).result as Result;
  const figures: Figure[] = await page.locator('[data-testid=breakdown] li[data-figure]').evaluateAll((els) =>
    els.map((e) => ({
      kind: e.getAttribute('data-figure')!,
      value: Number(e.getAttribute('data-value')),
      side: e.getAttribute('data-side'),
    })),
  );
  const of = (kind: string) => figures.filter((f) => f.kind === kind);
  const product = (kind: string) => of(kind).reduce((p, f) => p * f.value, 1);
  const scores = entry.scores;
  const declarer = result.declarer!;
  const others = scores.map((_, seat) => seat).filter((seat) => seat !== declarer);
  const where = { game, handId, figures };
  /** Without the sign of a zero: −0 and 0 are the same score. */
  const z = (n: number) => n + 0;

  if (game === 'dobbm') {
    // docs/rules/dobbm.md#scoring: each opponent pays R(|D − 60| × stake / 60) × Solo × 2^k.
    const [difference] = of('difference');
    const raw = (difference!.value * table.rules.stake) / 60;
    const rounded = table.rules.rounding === 'ceil' ? Math.ceil(raw) : Math.round(raw * 100) / 100;
    const perOpponent = of('perOpponent')[0]!.value;
    expect({ ...where, perOpponent }).toEqual({ ...where, perOpponent: rounded * product('factor') });
    expect({ ...where, declarer: Math.abs(scores[declarer]!) }).toEqual({ ...where, declarer: perOpponent * others.length });
    for (const seat of others)
      expect({ ...where, seat, score: scores[seat] }).toEqual({ ...where, seat, score: z(-scores[declarer]! / others.length) });
    return true;
  }
  if (game === 'droggn') {
    // docs/rules/droggn.md#scoring: Δ = the game's score + the declarer's Pagat items − the defenders'; declarer +Δ(n−1), each other −Δ.
    const delta = of('gameScore')[0]!.value + of('item').reduce((sum, f) => sum + (f.side === 'declarer' ? f.value : -f.value), 0);
    expect({ ...where, declarer: scores[declarer] }).toEqual({ ...where, declarer: z(delta * others.length) });
    for (const seat of others) expect({ ...where, seat, score: scores[seat] }).toEqual({ ...where, seat, score: z(-delta) });
    return true;
  }
  // docs/rules/doppelkopf.md#scoring: the items sum to the game value (for Re, when nobody won);
  // Re's players get +v_Re, Kontra's −v_Re; a soloist three times his side's.
  const winner = result.details?.winner ?? null;
  const items = of('item');
  const sum = items.reduce((s, f) => s + f.value, 0);
  const vRe = winner === null ? items.reduce((s, f) => s + (f.side === 're' ? f.value : -f.value), 0) : winner === 're' ? sum : -sum;
  const soloist = of('soloist').length > 0;
  const partyOf = (seat: number) => Object.entries(result.parties!).find(([, seats]) => seats.includes(seat))?.[0];
  for (const seat of scores.keys()) {
    const party = partyOf(seat); // none: the dealer sitting out scores 0
    const expected = party === undefined ? 0 : (party === 're' ? vRe : -vRe) * (soloist && seat === declarer ? 3 : 1);
    expect({ ...where, seat, score: scores[seat] }).toEqual({ ...where, seat, score: z(expected) });
  }
  return true;
}
