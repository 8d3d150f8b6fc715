import { MAX_STAKE, TECHNICAL_MAX_DOUBLINGS } from '../core/doubling.js';
import { parseOptionsOf, type OptionSchema, type OptionsOf } from '../core/options.js';
import type { OptionsParse } from '../core/rejections.js';

/**
 * The Dobbm rule profile, docs/rules/dobbm.md#options (names without the `dobbm.` prefix; defaults first).
 * `doubling.maxDoublings: null` is "unlimited".
 */
export const optionSchema = {
  players: { kind: 'enum', values: [4, 5], default: 4 },
  /** `S`: what one opponent pays for a Match (all eight tricks) in an undoubled Dobbm. */
  stake: { kind: 'int', min: 1, max: MAX_STAKE, default: 12 },
  rounding: { kind: 'enum', values: ['ceil', 'exact'], default: 'ceil' },
  'doubling.firstSpeaker': { kind: 'enum', values: ['declarerLeft', 'dealerLeft'], default: 'declarerLeft' },
  'doubling.maxDoublings': { kind: 'int', min: 0, max: TECHNICAL_MAX_DOUBLINGS, allowNull: true, default: null },
  'discard.heartSowIsSow': { kind: 'bool', default: true },
  zeroTrickTransfer: { kind: 'enum', values: ['allContracts', 'ordinaryOnly'], default: 'allContracts' },
  'mussrunde.enabled': { kind: 'bool', default: true },
  'mussrunde.whoMayCall': { kind: 'enum', values: ['host', 'anyPlayer'], default: 'host' },
  irregularities: { kind: 'enum', values: ['reject', 'penalize'], default: 'reject' },
  'penalty.includeDoublings': { kind: 'bool', default: true },
  'penalty.dealerPays': { kind: 'bool', default: true },
} as const satisfies OptionSchema;

/** The typed profile the engine reads (flat names, as `parseOptionRecord` returns them). */
export type DobbmOptions = OptionsOf<typeof optionSchema>;

export const parseOptions = (input: unknown): OptionsParse<DobbmOptions> => parseOptionsOf(optionSchema, input);

/** The default profile, for tests, bots and benchmarks. */
export function defaultOptions(overrides: Partial<DobbmOptions> = {}): DobbmOptions {
  const parsed = parseOptions(overrides);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  return parsed.options;
}
