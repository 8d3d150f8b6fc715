import { createHash } from 'node:crypto';
import type { HandRecord } from '../engine/index.js';

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
 * The id an imported record is stored under, drawn from its digest (a UUID of version 8, RFC
 * 9562's custom layout): the same record imported twice meets its first copy's primary key, on
 * any instance, in one statement, and no extra index is needed.
 */
export function importedHandId(digest: string): string {
  const hex = digest.slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
