/**
 * The solver's compact card representation. Card index = suit × 9 + rank, with suits in the
 * order H, L, A, B (hearts = suit 0, the permanent trumps, docs/rules/dobbm.md#summary) and rank 0 = Sow
 * (highest) … 8 = Six. A hand is four 9-bit masks, one per suit: bit r set = rank r held, so a
 * lower bit is a higher card and "the highest card in a mask" is its lowest set bit.
 */
export const SUIT_LETTERS = ['H', 'L', 'A', 'B'] as const;
export const RANK_TOKENS = ['S', '10', 'K', 'O', 'U', '9', '8', '7', '6'] as const;
/** Card points by rank, docs/rules/dobbm.md#cards: Sow 11, Ten 10, King 4, Ober 3, Unter 2, rest 0. */
export const RANK_POINTS: readonly number[] = [11, 10, 4, 3, 2, 0, 0, 0, 0];
export const HEARTS = 0;

const CODE_TO_INDEX = new Map<string, number>();
const INDEX_TO_CODE: string[] = [];
SUIT_LETTERS.forEach((s, si) =>
  RANK_TOKENS.forEach((r, ri) => {
    CODE_TO_INDEX.set(s + r, si * 9 + ri);
    INDEX_TO_CODE.push(s + r);
  }),
);

export const ALL_CARDS: readonly string[] = Object.freeze(INDEX_TO_CODE.slice());

export function cardIndex(code: string): number {
  const i = CODE_TO_INDEX.get(code);
  if (i === undefined) throw new Error(`not a Dobbm card: ${code}`);
  return i;
}
export const cardCode = (index: number): string => INDEX_TO_CODE[index]!;
const suitOfIndex = (index: number): number => (index / 9) | 0;
const rankOfIndex = (index: number): number => index % 9;
const pointsOfIndex = (index: number): number => RANK_POINTS[index % 9]!;

export function pointsOfCodes(codes: readonly string[]): number {
  let total = 0;
  for (const c of codes) total += pointsOfIndex(cardIndex(c));
  return total;
}

/** Four suit masks from card codes. */
export function toSuitMasks(codes: readonly string[]): number[] {
  const masks = [0, 0, 0, 0];
  for (const c of codes) {
    const i = cardIndex(c);
    masks[suitOfIndex(i)]! |= 1 << rankOfIndex(i);
  }
  return masks;
}

/** Sum of card points of the ranks in a 9-bit mask (precomputed: used at every node). */
export const MASK_POINTS: Int32Array = (() => {
  const t = new Int32Array(512);
  for (let m = 0; m < 512; m++) {
    let p = 0;
    for (let r = 0; r < 9; r++) if (m & (1 << r)) p += RANK_POINTS[r]!;
    t[m] = p;
  }
  return t;
})();

/** docs/rules/dobbm.md#scoring: `base = R(|D − 60| × S / 60)`, rounding up by default; exact as a rational. */
export function basePayment(declarerPoints: number, stake: number, rounding: 'ceil' | 'exact'): number {
  const diff = Math.abs(declarerPoints - 60);
  const raw = (diff * stake) / 60;
  // integer ceiling: every started 60/S card points costs a full unit
  return rounding === 'ceil' ? Math.floor((diff * stake + 59) / 60) : raw;
}
