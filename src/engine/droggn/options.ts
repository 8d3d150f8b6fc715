import { MAX_STAKE, TECHNICAL_MAX_DOUBLINGS } from '../core/doubling.js';
import { parseOptionsOf, type OptionSchema, type OptionsOf } from '../core/options.js';
import type { OptionsParse } from '../core/rejections.js';

/**
 * The Droggn rule profile (RULES.md §3, option names without the `droggn.` prefix).
 * Kept as the flat dotted record core produces, so `nestOptions` echoes it unchanged.
 */
export const optionSchema = {
  /** Seats at the table; with four the dealer sits out ("er feiert"), RULES.md §3.2. */
  players: { kind: 'enum', values: [3, 4], default: 3 },
  /** Deal pattern, RULES.md §3.4 / §3.16 #6. */
  deal: { kind: 'enum', values: ['7x3', 'talonAfterRound2', '5-5-5-3-3'], default: '7x3' },
  /** King rule of the discard, RULES.md §3.6 / §3.16 #8. */
  'discard.kingCover': { kind: 'enum', values: ['perKing', 'anyTrump'], default: 'perKing' },
  /** Talon shown to all in an Ansager, RULES.md §3.6 / §3.16 #5. */
  'talon.expose': { kind: 'enum', values: ['never', 'ansagerOnly'], default: 'never' },
  /** A request for one's own card uses up the right to buy, RULES.md §3.16 #13. */
  'buy.invalidRequestForfeits': { kind: 'bool', default: false },
  /** Gstieß (fool) may not be played to trick 21, RULES.md §3.9 / §3.16 #4. */
  'gstiess.lastTrickIllegal': { kind: 'bool', default: false },
  /** Card points the declarer needs, RULES.md §3.11 / §3.16 #1. */
  winThreshold: { kind: 'enum', values: [37, 38, 'tieLastTrick'], default: 37 },
  /** "Kleine und Gstieß Ultimo", RULES.md §3.11 / §3.16 #7. */
  kleineGstiessUltimo: { kind: 'bool', default: false },
  /** Whether the Mord bonus 50 is doubled, RULES.md §3.11 / §3.16 #3. */
  'mord.doubling': { kind: 'enum', values: ['whole', 'excludeBonus'], default: 'whole' },
  /** Pagat items in a Super Mord, RULES.md §3.11 / §3.16 #2. */
  'mord.pagatItems': { kind: 'enum', values: ['allOrNothing', 'additive'], default: 'allOrNothing' },
  /** Doubling cap as in Dobbm §1.8 (`null` = unlimited), which §3.8 adopts. */
  'doubling.maxDoublings': { kind: 'int', min: 0, max: TECHNICAL_MAX_DOUBLINGS, default: null, allowNull: true },
  /** Table-emulation mode of RULES.md §3.13. */
  irregularities: { kind: 'enum', values: ['reject', 'penalize'], default: 'reject' },
  /** Minor currency units (Groschen) per paper point at settlement, RULES.md §3.12. */
  stake: { kind: 'int', min: 1, max: MAX_STAKE, default: 10 },
} as const satisfies OptionSchema;

export type DroggnOptions = OptionsOf<typeof optionSchema>;

export const parseOptions = (input: unknown): OptionsParse<DroggnOptions> => parseOptionsOf(optionSchema, input);

/** The default profile, for tests and bots. */
export function defaultOptions(overrides: Partial<DroggnOptions> = {}): DroggnOptions {
  const parsed = parseOptions(overrides);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  return parsed.options;
}
