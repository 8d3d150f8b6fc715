import { MAX_STAKE, TECHNICAL_MAX_DOUBLINGS } from '../core/doubling.js';
import { parseOptionRecord, type OptionSchema } from '../core/options.js';
import type { OptionsParse } from '../core/types.js';

/**
 * The Droggn rule profile (RULES.md §3, option names without the `droggn.` prefix).
 * Kept as the flat dotted record core produces, so `nestOptions` echoes it unchanged.
 */
export interface DroggnOptions {
  /** Seats at the table; with four the dealer sits out ("er feiert"), RULES.md §3.2. */
  players: 3 | 4;
  /** Deal pattern, RULES.md §3.4 / §3.16 #6. */
  deal: '7x3' | 'talonAfterRound2' | '5-5-5-3-3';
  /** King rule of the discard, RULES.md §3.6 / §3.16 #8. */
  'discard.kingCover': 'perKing' | 'anyTrump';
  /** Talon shown to all in an Ansager, RULES.md §3.6 / §3.16 #5. */
  'talon.expose': 'never' | 'ansagerOnly';
  /** A request for one's own card uses up the right to buy, RULES.md §3.16 #13. */
  'buy.invalidRequestForfeits': boolean;
  /** Gstieß (fool) may not be played to trick 21, RULES.md §3.9 / §3.16 #4. */
  'gstiess.lastTrickIllegal': boolean;
  /** Card points the declarer needs, RULES.md §3.11 / §3.16 #1. */
  winThreshold: 37 | 38 | 'tieLastTrick';
  /** "Kleine und Gstieß Ultimo", RULES.md §3.11 / §3.16 #7. */
  kleineGstiessUltimo: boolean;
  /** Whether the Mord bonus 50 is doubled, RULES.md §3.11 / §3.16 #3. */
  'mord.doubling': 'whole' | 'excludeBonus';
  /** Pagat items in a Super Mord, RULES.md §3.11 / §3.16 #2. */
  'mord.pagatItems': 'allOrNothing' | 'additive';
  /** Doubling cap as in Dobbm §1.8 (`null` = unlimited), which §3.8 adopts. */
  'doubling.maxDoublings': number | null;
  /** Table-emulation mode of RULES.md §3.13. */
  irregularities: 'reject' | 'penalize';
  /** Minor currency units (Groschen) per paper point at settlement, RULES.md §3.12. */
  stake: number;
}

export const droggnOptionSchema: OptionSchema = {
  players: { kind: 'enum', values: [3, 4], default: 3 },
  deal: { kind: 'enum', values: ['7x3', 'talonAfterRound2', '5-5-5-3-3'], default: '7x3' },
  'discard.kingCover': { kind: 'enum', values: ['perKing', 'anyTrump'], default: 'perKing' },
  'talon.expose': { kind: 'enum', values: ['never', 'ansagerOnly'], default: 'never' },
  'buy.invalidRequestForfeits': { kind: 'bool', default: false },
  'gstiess.lastTrickIllegal': { kind: 'bool', default: false },
  winThreshold: { kind: 'enum', values: [37, 38, 'tieLastTrick'], default: 37 },
  kleineGstiessUltimo: { kind: 'bool', default: false },
  'mord.doubling': { kind: 'enum', values: ['whole', 'excludeBonus'], default: 'whole' },
  'mord.pagatItems': { kind: 'enum', values: ['allOrNothing', 'additive'], default: 'allOrNothing' },
  'doubling.maxDoublings': { kind: 'int', min: 0, max: TECHNICAL_MAX_DOUBLINGS, default: null as unknown as number, allowNull: true },
  irregularities: { kind: 'enum', values: ['reject', 'penalize'], default: 'reject' },
  stake: { kind: 'int', min: 1, max: MAX_STAKE, default: 10 },
};

export function parseDroggnOptions(input: unknown): OptionsParse<DroggnOptions> {
  const parsed = parseOptionRecord(droggnOptionSchema, input);
  if (!parsed.ok) return parsed;
  return { ok: true, options: parsed.options as unknown as DroggnOptions };
}

/** The default profile, for tests and bots. */
export function defaultOptions(overrides: Partial<DroggnOptions> = {}): DroggnOptions {
  const parsed = parseDroggnOptions(overrides);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  return parsed.options;
}
