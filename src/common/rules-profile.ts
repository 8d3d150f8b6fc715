import { games, nestOptions, type GameId } from '../engine/index.js';

/**
 * A stored rule profile (flat, as the engine's parseOptions returned it) in the nested form
 * the API shows, keys in the engine's order: PostgreSQL's jsonb keeps its own key order.
 */
export function nestedRules(game: GameId, stored: Record<string, unknown>): Record<string, unknown> {
  const parsed = games[game].parseOptions(stored);
  return nestOptions(parsed.ok ? (parsed.options as Record<string, unknown>) : stored);
}
