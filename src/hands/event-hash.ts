import { canonicalJson, sha256Hex } from '../events/canonical.js';

/**
 * An event's hash chain (docs/design.md#event-log): `hash = sha256(prev_hash ‖ canonical JSON of
 * the event)`, and its row in `events`. The append writes both (hand-store.ts) and the records'
 * verify checks the chain, so it stands here on its own rather than in either.
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

/** An event's row in `events`: the columns both inserting statements write. */
const EVENT_COLUMNS = 11;
/** The placeholders of `count` events' rows in an INSERT, their parameters from `$offset + 1` on. */
export const eventValues = (offset: number, count: number): string =>
  Array.from({ length: count }, (_, i) => {
    const b = offset + i * EVENT_COLUMNS;
    return `($${b + 1},$${b + 2},$${b + 3},$${b + 4},$${b + 5},$${b + 6}::jsonb,$${b + 7},$${b + 8},$${b + 9},$${b + 10},$${b + 11})`;
  }).join(',');
/** An event's own columns, in the order both inserting statements take them. */
export const eventColumns = (e: StoredEvent): unknown[] => [
  e.type,
  e.seat,
  JSON.stringify(e.payload),
  e.commandId,
  e.createdAt,
  e.prevHash,
  e.by ?? null,
];
/** The parameters of events' rows, in the order `eventValues` places them. */
export const eventParams = (events: readonly StoredEvent[]): unknown[] =>
  events.flatMap((e) => [e.tableId, e.handId, e.seq, ...eventColumns(e), e.hash]);
