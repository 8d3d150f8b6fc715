import { ApiError } from '../common/problems.js';

/**
 * Greetings at the table (docs/ratings.md#greetings): a seat sends one of a fixed set of phrases
 * on the table's socket, and every socket following the table — seats and spectators, on every
 * instance — gets it with the seat that sent it. No free text: nothing to moderate; each reader's
 * page words the phrase in its own language.
 */
const GREETINGS = ['hello', 'goodLuck', 'wellPlayed', 'thanks', 'sorry', 'gottaGo'] as const;
export type Greeting = (typeof GREETINGS)[number];

/** What every socket following the table is sent: `{"greeting": {seat, phrase}}`. */
export interface Greeted {
  tableId: string;
  seat: number;
  phrase: Greeting;
}

/** A player's greetings: at most one every GAP_MS, and BURST within WINDOW_MS. */
const GAP_MS = 2_000;
const BURST = 6;
const WINDOW_MS = 60_000;

/**
 * The limit of greetings per player, on the instance holding the player's socket: a player with
 * sockets on two instances may send twice as many, which is harmless for six fixed phrases.
 */
export class GreetingLimit {
  private readonly sent = new Map<string, number[]>();

  /** Takes one greeting of `playerId` at `now`, or throws RATE_LIMITED. */
  take(playerId: string, now: number): void {
    const recent = (this.sent.get(playerId) ?? []).filter((t) => now - t < WINDOW_MS);
    const last = recent.at(-1);
    if ((last !== undefined && now - last < GAP_MS) || recent.length >= BURST) {
      this.sent.set(playerId, recent);
      throw ApiError.of('RATE_LIMITED', `at most one greeting every ${GAP_MS / 1000} s and ${BURST} a minute`);
    }
    recent.push(now);
    this.sent.set(playerId, recent);
    // Forget players who have been quiet for a window, so the map does not grow without bound.
    if (this.sent.size > 10_000) for (const [p, ts] of this.sent) if (now - (ts.at(-1) ?? 0) >= WINDOW_MS) this.sent.delete(p);
  }
}

/** A frame `{"greeting": <phrase>, "ref"?}`, or null when the frame is something else (an action). */
export function greetingOf(msg: unknown): { phrase: Greeting | null; ref: string | number | null } | null {
  if (typeof msg !== 'object' || msg === null || !('greeting' in msg)) return null;
  const { greeting, ref } = msg as { greeting: unknown; ref?: unknown };
  const known = (GREETINGS as readonly unknown[]).includes(greeting);
  return { phrase: known ? (greeting as Greeting) : null, ref: typeof ref === 'string' || typeof ref === 'number' ? ref : null };
}

/** The phrase of a greeting frame, or VALIDATION_FAILED for any other text. */
export function knownPhrase(phrase: Greeting | null): Greeting {
  if (phrase === null) throw ApiError.of('VALIDATION_FAILED', `greeting: one of ${GREETINGS.join(', ')}`);
  return phrase;
}
