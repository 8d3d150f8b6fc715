import { createHash } from 'node:crypto';
import type { HandRecord } from '../engine/index.js';
import { uuidFromDigest } from '../common/ids.js';

/**
 * What makes two hand records the same hand: the game, its rules as the engine parsed them, the
 * dealer, the deal's context, the cards, the actions and who sat where — not the ids, seed or
 * result an export adds. Written as JSON with sorted keys, so the order of a body's fields
 * does not matter, and hashed (SHA-256).
 */
export function recordDigest(record: HandRecord, options: Record<string, unknown>, seating: (string | null)[]): string {
  const cards = record.deck ? { deck: record.deck } : { hands: record.hands, talon: record.talon ?? [] };
  const content = {
    game: record.game,
    options,
    dealer: record.dealer,
    context: record.context ?? null,
    ...cards,
    actions: record.actions,
    seating,
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/**
 * The id an imported record is stored under, drawn from its digest: the same record imported
 * twice meets its first copy's primary key, on any instance, in one statement, and no extra
 * index is needed.
 */
export const importedHandId = (digest: string): string => uuidFromDigest(digest);

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
