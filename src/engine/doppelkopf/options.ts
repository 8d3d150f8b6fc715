import { parseOptionsOf, type OptionSchema, type OptionsOf } from '../core/options.js';
import type { OptionsParse } from '../core/rejections.js';

/**
 * The Doppelkopf rule profile (docs/rules/doppelkopf.md#players–docs/rules/doppelkopf.md#decisions), names without the `doko.` prefix.
 * House rules default off; the defaults are the DDV-like decisions of docs/rules/doppelkopf.md
 * (one exception kept for stored hands: docs/rules/doppelkopf.md#decision-19).
 */
export const optionSchema = {
  players: { kind: 'enum', values: [4, 5], default: 4 },
  deck: { kind: 'enum', values: [48, 40], default: 48 },
  deal40: { kind: 'enum', values: ['3-4-3', '5x2'], default: '3-4-3' },
  mode: { kind: 'enum', values: ['informal', 'tournament'], default: 'informal' },
  /** Counted deals of an informal session; `null`/0 = open-ended (docs/rules/doppelkopf.md#sessions). */
  'session.deals': { kind: 'int', min: 0, default: 0, allowNull: true },
  vorfuehrung: { kind: 'enum', values: ['atEnd', 'whenRemainingEqualsOwed'], default: 'atEnd' },
  soloistLeadsLustsolo: { kind: 'bool', default: false },
  revealLosingReservations: { kind: 'bool', default: false },
  dullen: { kind: 'enum', values: ['first', 'second', 'secondExceptLast'], default: 'first' },
  piglets: { kind: 'bool', default: false },
  'piglets.firstOnly': { kind: 'bool', default: false },
  'piglets.forceAnnouncement': { kind: 'bool', default: false },
  'piglets.inDiamondSolo': { kind: 'bool', default: false },
  'piglets.super': { kind: 'bool', default: false },
  review: { kind: 'enum', values: ['lastTrick', 'none', 'ownSide'], default: 'lastTrick' },
  'wedding.callableTypes': { kind: 'bool', default: false },
  'poverty.enabled': { kind: 'bool', default: false },
  'poverty.countFoxes': { kind: 'bool', default: true },
  'poverty.passExactlyTrumps': { kind: 'bool', default: false },
  'poverty.announceTrumpsReturned': { kind: 'bool', default: false },
  'poverty.rank': { kind: 'enum', values: ['aboveWedding', 'belowWedding'], default: 'aboveWedding' },
  forcedAnnouncement: { kind: 'bool', default: false },
  'forcedAnnouncement.further': { kind: 'bool', default: false },
  announcementTiming: { kind: 'enum', values: ['anyTime', 'ownTurnOnly'], default: 'anyTime' },
  lateReplyAbsagen: { kind: 'enum', values: ['allowed', 'refused'], default: 'allowed' },
  'throwIn.fiveNines': { kind: 'bool', default: false },
  'throwIn.fiveKings': { kind: 'bool', default: false },
  halfChicken: { kind: 'bool', default: false },
  'extras.foxLastTrickDouble': { kind: 'bool', default: false },
  'extras.lostCharlie': { kind: 'bool', default: false },
  'extras.lizzieMiller': { kind: 'bool', default: false },
  against90: { kind: 'enum', values: [120, 121], default: 120 },
  loserCannotGain: { kind: 'bool', default: false },
} as const satisfies OptionSchema;

/** Flat, typed view of the profile; keys are the docs/rules/doppelkopf.md names. */
export type DokoOptions = OptionsOf<typeof optionSchema>;

export const parseOptions = (input: unknown): OptionsParse<DokoOptions> => parseOptionsOf(optionSchema, input);

/** All defaults: the tests' and bots' starting profile. */
export function defaultOptions(overrides: Record<string, unknown> = {}): DokoOptions {
  const parsed = parseOptions(overrides);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  return parsed.options;
}
