import { MAX_STAKE, TECHNICAL_MAX_DOUBLINGS } from '../core/doubling.js';
import { parseOptionRecord, type OptionSchema } from '../core/options.js';
import type { OptionsParse } from '../core/types.js';

/**
 * The Dobbm rule profile, RULES.md §1.14 (names without the `dobbm.` prefix; defaults first).
 * `doubling.maxDoublings: null` is "unlimited".
 */
export const dobbmOptionSchema: OptionSchema = {
  players: { kind: 'enum', values: [4, 5], default: 4 },
  stake: { kind: 'int', min: 1, max: MAX_STAKE, default: 12 },
  rounding: { kind: 'enum', values: ['ceil', 'exact'], default: 'ceil' },
  'doubling.firstSpeaker': { kind: 'enum', values: ['declarerLeft', 'dealerLeft'], default: 'declarerLeft' },
  'doubling.maxDoublings': { kind: 'int', min: 0, max: TECHNICAL_MAX_DOUBLINGS, allowNull: true, default: null as unknown as number },
  'discard.heartSowIsSow': { kind: 'bool', default: true },
  zeroTrickTransfer: { kind: 'enum', values: ['allContracts', 'ordinaryOnly'], default: 'allContracts' },
  'mussrunde.enabled': { kind: 'bool', default: true },
  'mussrunde.whoMayCall': { kind: 'enum', values: ['host', 'anyPlayer'], default: 'host' },
  irregularities: { kind: 'enum', values: ['reject', 'penalize'], default: 'reject' },
  'penalty.includeDoublings': { kind: 'bool', default: true },
  'penalty.dealerPays': { kind: 'bool', default: true },
};

/** The typed profile the engine reads (flat names, as `parseOptionRecord` returns them). */
export interface DobbmOptions {
  players: 4 | 5;
  /** `S`: what one opponent pays for a Match (all eight tricks) in an undoubled Dobbm. */
  stake: number;
  rounding: 'ceil' | 'exact';
  'doubling.firstSpeaker': 'declarerLeft' | 'dealerLeft';
  'doubling.maxDoublings': number | null;
  'discard.heartSowIsSow': boolean;
  zeroTrickTransfer: 'allContracts' | 'ordinaryOnly';
  'mussrunde.enabled': boolean;
  'mussrunde.whoMayCall': 'host' | 'anyPlayer';
  irregularities: 'reject' | 'penalize';
  'penalty.includeDoublings': boolean;
  'penalty.dealerPays': boolean;
}

export function parseDobbmOptions(input: unknown): OptionsParse<DobbmOptions> {
  const parsed = parseOptionRecord(dobbmOptionSchema, input);
  if (!parsed.ok) return parsed;
  return { ok: true, options: parsed.options as unknown as DobbmOptions };
}

/** The default profile, for tests, bots and benchmarks. */
export function defaultDobbmOptions(overrides: Partial<DobbmOptions> = {}): DobbmOptions {
  const parsed = parseDobbmOptions(overrides);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  return parsed.options;
}
