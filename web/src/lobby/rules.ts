import type { Game } from '../api.js';
import { optionLabel, optionValue, type GameId } from '../phrasebook/index.js';

/**
 * A table's nested rule profile as the dotted option names of GET /games (`doubling.firstSpeaker`);
 * an option that is also a parent (`piglets` beside `piglets.super`) is nested as `enabled`.
 */
function flatten(rules: Record<string, unknown>, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [k, v] of Object.entries(rules)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v as Record<string, unknown>, `${prefix}${k}.`, out);
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

/** The options in which a table differs from its game's defaults, in words ("Stake per Match: 24"). */
export function changedRules(game: Game | undefined, rules: Record<string, unknown>): string[] {
  if (!game) return [];
  const flat = flatten(rules);
  const valueOf = (name: string) => (name in flat ? flat[name] : flat[`${name}.enabled`]);
  return game.options
    .filter((o) => valueOf(o.name) !== undefined && valueOf(o.name) !== o.default)
    .map((o) => `${optionLabel(game.id as GameId, o.name)}: ${optionValue(valueOf(o.name))}`);
}
