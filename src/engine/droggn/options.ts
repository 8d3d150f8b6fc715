import { MAX_STAKE, TECHNICAL_MAX_DOUBLINGS } from '../core/doubling.js';
import { parseOptionsOf, type OptionSchema, type OptionsOf } from '../core/options.js';
import type { OptionsParse } from '../core/rejections.js';

/**
 * The Droggn rule profile (docs/rules/droggn.md, option names without the `droggn.` prefix).
 * Kept as the flat dotted record core produces, so `nestOptions` echoes it unchanged.
 */
export const optionSchema = {
  /** Seats at the table; with four the dealer sits out ("er feiert"), docs/rules/droggn.md#players. */
  players: { kind: 'enum', values: [3, 4], default: 3 },
  /** Deal pattern, docs/rules/droggn.md#deal / docs/rules/droggn.md#decision-6. */
  deal: { kind: 'enum', values: ['7x3', 'talonAfterRound2', '5-5-5-3-3'], default: '7x3' },
  /** King rule of the discard, docs/rules/droggn.md#exchange / docs/rules/droggn.md#decision-8. */
  'discard.kingCover': { kind: 'enum', values: ['perKing', 'anyTrump'], default: 'perKing' },
  /** Talon shown to all in an Ansager, docs/rules/droggn.md#exchange / docs/rules/droggn.md#decision-5. */
  'talon.expose': { kind: 'enum', values: ['never', 'ansagerOnly'], default: 'never' },
  /** A request for one's own card uses up the right to buy, docs/rules/droggn.md#decision-13. */
  'buy.invalidRequestForfeits': { kind: 'bool', default: false },
  /** Gstieß (fool) may not be played to trick 21, docs/rules/droggn.md#play / docs/rules/droggn.md#decision-4. */
  'gstiess.lastTrickIllegal': { kind: 'bool', default: false },
  /** Card points the declarer needs, docs/rules/droggn.md#scoring / docs/rules/droggn.md#decision-1. */
  winThreshold: { kind: 'enum', values: [37, 38, 'tieLastTrick'], default: 37 },
  /** "Kleine und Gstieß Ultimo", docs/rules/droggn.md#scoring / docs/rules/droggn.md#decision-7. */
  kleineGstiessUltimo: { kind: 'bool', default: false },
  /** Whether the Mord bonus 50 is doubled, docs/rules/droggn.md#scoring / docs/rules/droggn.md#decision-3. */
  'mord.doubling': { kind: 'enum', values: ['whole', 'excludeBonus'], default: 'whole' },
  /** Pagat items in a Super Mord, docs/rules/droggn.md#scoring / docs/rules/droggn.md#decision-2. */
  'mord.pagatItems': { kind: 'enum', values: ['allOrNothing', 'additive'], default: 'allOrNothing' },
  /** Doubling cap as in Dobbm docs/rules/dobbm.md#doubling (`null` = unlimited), which docs/rules/droggn.md#doubling adopts. */
  'doubling.maxDoublings': { kind: 'int', min: 0, max: TECHNICAL_MAX_DOUBLINGS, default: null, allowNull: true },
  /** Table-emulation mode of docs/rules/droggn.md#irregularities. */
  irregularities: { kind: 'enum', values: ['reject', 'penalize'], default: 'reject' },
  /** Minor currency units (Groschen) per paper point at settlement, docs/rules/droggn.md#settlement. */
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
