import { createHash } from 'node:crypto';
import { isPermutationOf, type Action, type Card, type Game, type HandRecord } from '../engine/index.js';
import { uuidFromDigest } from '../common/ids.js';

/**
 * A hand record's canonical form: what makes two records the same hand, written one way only.
 * Every spelling of one hand is one hand, so that histories and the collusion audit count it
 * once:
 *
 * - the game, its rules as the engine parsed them (nested, flat or omitted defaults alike), the
 *   dealer and who sat where;
 * - the cards as the hands and talon they were dealt, one list per seat in seat order (`null`
 *   for a seat dealt none), each list in card-code order: a deck and the hands-plus-talon form
 *   of the same deal are one, and so are two orders of one hand;
 * - the actions as the game parsed them;
 * - the context with its empty values dropped (`context: {}`, `{"x": null}` and none are one);
 * - not the ids, seed or result an export adds.
 *
 * Null when the record cannot be the record of any hand (a deck that is not the game's, an
 * action of no known shape): the replay then refuses it, naming why.
 */
export function canonicalRecord(
  game: Game,
  record: HandRecord,
  options: Record<string, unknown>,
  seating: readonly (string | null)[],
): Record<string, unknown> | null {
  const cards = dealtCardsOf(game, record, options);
  if (!cards) return null;
  const actions: Action[] = [];
  for (const raw of record.actions) {
    const parsed = game.parseAction(raw);
    if (!parsed.ok) return null;
    actions.push(parsed.action);
  }
  const context = normalContext(record.context);
  return {
    game: record.game,
    options,
    dealer: record.dealer,
    ...(context ? { context } : {}),
    hands: cards.hands.map((h) => (h && h.length > 0 ? [...h].sort(byCode) : null)),
    talon: [...cards.talon].sort(byCode),
    actions,
    seating,
  };
}

/** The SHA-256 of a canonical form (`canonicalRecord`), written as JSON with sorted keys. */
export const recordDigest = (canonical: Record<string, unknown>): string =>
  createHash('sha256').update(canonicalJson(canonical)).digest('hex');

/**
 * The id an imported record is stored under, drawn from its digest: the same record imported
 * twice meets its first copy's primary key, on any instance, in one statement, and no extra
 * index is needed.
 */
export const importedHandId = (digest: string): string => uuidFromDigest(digest);

/** The record with its context as the canonical form counts it (none when empty): what an import stores and replays. */
export function withNormalContext<R extends HandRecord>(record: R): R {
  const { context: given, ...rest } = record;
  const context = normalContext(given);
  return (context ? { ...rest, context } : rest) as R;
}

/**
 * A deal's context without its empty values (null, "", [] and {}, at any depth), or undefined
 * when nothing is left: the engines read a missing flag and an empty one alike, so `context: {}`
 * and no context are one deal.
 */
function normalContext(context: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined {
  const kept = withoutEmpty(context);
  return kept !== undefined && typeof kept === 'object' && !Array.isArray(kept) ? (kept as Record<string, unknown>) : undefined;
}

function withoutEmpty(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value.map((v) => withoutEmpty(v) ?? null);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => {
      const kept = withoutEmpty(v);
      return kept === undefined ? [] : [[k, kept] as const];
    });
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

/** The hands and talon of the record's deal: a deck is dealt out by the game's pattern (null for a deck that is not the game's). */
function dealtCardsOf(game: Game, record: HandRecord, options: unknown): { hands: (Card[] | null)[]; talon: Card[] } | null {
  if (!record.deck) return { hands: record.hands.map((h) => h ?? null), talon: record.talon ?? [] };
  if (!isPermutationOf(record.deck, game.deck(options))) return null;
  return game.dealtCards(options, record.deck, { dealer: record.dealer });
}

const byCode = (a: Card, b: Card): number => (a < b ? -1 : a > b ? 1 : 0);

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
