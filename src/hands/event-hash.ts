import { canonicalJson, sha256Hex } from '../events/canonical.js';

/**
 * An event's hash chain (docs/design.md#event-log): `hash = sha256(prev_hash ‖ canonical JSON of
 * the event)`. The append writes it (hand-store.ts) and the records' verify checks it, so it
 * stands here on its own rather than in either.
 */

/** The previous hash of a hand's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** An event as it is appended and hashed. */
export interface NewEvent {
  seq: number;
  type: string;
  seat: number | null;
  payload: Record<string, unknown>;
  commandId: string;
  createdAt: Date;
  /** 'substitute': the seat's substitute played it for the seat's player (absent: the player did) */
  by?: 'substitute';
}

/**
 * The hashed form: every column but the hashes themselves, keys sorted — the canonical JSON
 * (events/canonical.ts) of { handId, seq, type, seat, payload, commandId, createdAt } and `by`
 * when a substitute played the event (absent otherwise, so earlier events hash as they did), written
 * with its keys in their sorted order, so that only the payload is canonicalised: the
 * fixed keys need no sorting, and this runs on every action.
 */
export function eventHash(handId: string, prevHash: string, e: NewEvent): string {
  const body =
    `{${e.by ? `"by":${JSON.stringify(e.by)},` : ''}"commandId":${JSON.stringify(e.commandId)},"createdAt":${JSON.stringify(e.createdAt.toISOString())},` +
    `"handId":${JSON.stringify(handId)},"payload":${canonicalJson(e.payload)},"seat":${JSON.stringify(e.seat)},` +
    `"seq":${JSON.stringify(e.seq)},"type":${JSON.stringify(e.type)}}`;
  return sha256Hex(prevHash + body);
}

/** An event as stored: its place (table and hand) and its link in the chain. */
export interface StoredEvent extends NewEvent {
  tableId: string;
  handId: string;
  prevHash: string;
  hash: string;
}

/** The table id is the row's shard key, not part of the hashed event (imported records hash tableId: null in their payload). */
export function chain(at: { tableId: string; handId: string }, prevHash: string, events: readonly NewEvent[]): StoredEvent[] {
  let prev = prevHash;
  return events.map((e) => {
    const hash = eventHash(at.handId, prev, e);
    const stored = { ...e, tableId: at.tableId, handId: at.handId, prevHash: prev, hash };
    prev = hash;
    return stored;
  });
}
