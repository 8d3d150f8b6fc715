import type { HandResult } from '../engine/index.js';
import type { Tx } from '../database/database.service.js';
import { canonicalJson, sha256Hex } from './canonical.js';

/**
 * The append-only hand log (DESIGN.md "Event log"): one row per event, PK (hand_id, seq),
 * unique command_id, and a hash chain `hash = sha256(prev_hash ‖ canonical JSON of the event)`.
 * `openHand` and `appendEvent` are the only writers; each writes the events together with
 * the hand's projection in one statement, inside the caller's transaction.
 */
export const GENESIS_HASH = '0'.repeat(64);

export interface NewEvent {
  seq: number;
  type: string;
  seat: number | null;
  payload: Record<string, unknown>;
  commandId: string;
  createdAt: Date;
}

export interface StoredEvent extends NewEvent {
  handId: string;
  prevHash: string;
  hash: string;
}

/** What a hand row says about the hand's current state (kept in step with its last event). */
export interface HandProjection {
  state: unknown;
  seq: number;
  phase: string;
  toAct: number[];
  status: string;
  result: HandResult | null;
  finishedAt: Date | null;
}

/** The hand row as first written (besides the projection). */
export interface NewHand {
  id: string;
  tableId: string | null;
  number: number | null;
  game: string;
  options: unknown;
  seatCount: number;
  dealer: number;
  setup: unknown;
  seating: (string | null)[];
  seed: string;
  deck: string[] | null;
  dealtHands: unknown;
  source: 'table' | 'record';
}

/** The hashed form: every column but the hashes themselves, keys sorted (events/canonical.ts). */
export function eventHash(handId: string, prevHash: string, e: NewEvent): string {
  const body = {
    handId,
    seq: e.seq,
    type: e.type,
    seat: e.seat,
    payload: e.payload,
    commandId: e.commandId,
    createdAt: e.createdAt.toISOString(),
  };
  return sha256Hex(prevHash + canonicalJson(body));
}

function chain(handId: string, prevHash: string, events: readonly NewEvent[]): StoredEvent[] {
  let prev = prevHash;
  return events.map((e) => {
    const hash = eventHash(handId, prev, e);
    const stored = { ...e, handId, prevHash: prev, hash };
    prev = hash;
    return stored;
  });
}

const EVENT_COLUMNS = 9;
const eventValues = (offset: number, count: number): string =>
  Array.from({ length: count }, (_, i) => {
    const b = offset + i * EVENT_COLUMNS;
    return `($${b + 1},$${b + 2},$${b + 3},$${b + 4},$${b + 5}::jsonb,$${b + 6},$${b + 7},$${b + 8},$${b + 9})`;
  }).join(',');
const eventParams = (events: readonly StoredEvent[]): unknown[] =>
  events.flatMap((e) => [e.handId, e.seq, e.type, e.seat, JSON.stringify(e.payload), e.commandId, e.createdAt, e.prevHash, e.hash]);

/** Inserts a hand with its opening event (seq 0) and any further events; returns the last hash. */
export async function openHand(tx: Tx, hand: NewHand, events: readonly NewEvent[], projection: HandProjection): Promise<string> {
  const stored = chain(hand.id, GENESIS_HASH, events);
  const last = stored[stored.length - 1]!;
  const handParams = [
    hand.id,
    hand.tableId,
    hand.number,
    hand.game,
    JSON.stringify(hand.options),
    hand.seatCount,
    hand.dealer,
    JSON.stringify(hand.setup),
    JSON.stringify(hand.seating),
    hand.seed,
    hand.deck ? JSON.stringify(hand.deck) : null,
    hand.dealtHands ? JSON.stringify(hand.dealtHands) : null,
    JSON.stringify(projection.state),
    projection.seq,
    projection.phase,
    projection.toAct,
    projection.status,
    projection.result === null ? null : JSON.stringify(projection.result),
    last.hash,
    hand.source,
    last.createdAt,
    projection.finishedAt,
  ];
  await tx.query(
    `WITH h AS (
       INSERT INTO hands (id, table_id, number, game, options, seat_count, dealer, setup, seating, seed, deck, dealt_hands,
                          state, seq, phase, to_act, status, result, last_hash, source, created_at, finished_at)
       VALUES ($1,$2,$3,$4,$5::jsonb,$6,$7,$8::jsonb,$9::jsonb,$10,$11::jsonb,$12::jsonb,$13::jsonb,$14,$15,$16,$17,$18::jsonb,$19,$20,$21,$22)
       RETURNING id)
     INSERT INTO events (hand_id, seq, type, seat, payload, command_id, created_at, prev_hash, hash)
     VALUES ${eventValues(handParams.length, stored.length)}`,
    [...handParams, ...eventParams(stored)],
  );
  return last.hash;
}

/** Where the writer believes the hand stands; the append happens only if it still does. */
export interface Expectation {
  seq: number;
  lastHash: string;
}

/**
 * Appends one event after `expected` and moves the hand's projection along — one statement,
 * hence one transaction. Its conditional UPDATE (`seq` and `status` as expected) is the
 * hand row's lock and the expected-version check at once: of concurrent writers with the same
 * expectation exactly one updates the row; the others update nothing, insert nothing and get
 * `false` (a conflict). The primary key (hand_id, seq) backs this up. With `answer`, the
 * response to an Idempotency-Key is stored in the same statement.
 */
export async function appendEvent(
  q: Pick<Tx, 'query'>,
  handId: string,
  expected: Expectation,
  event: NewEvent,
  p: HandProjection,
  answer?: { key: string; body: string; requestHash: string },
): Promise<{ appended: boolean; hash: string }> {
  const [stored] = chain(handId, expected.lastHash, [event]);
  const e = stored!;
  const values: unknown[] = [
    handId,
    expected.seq,
    JSON.stringify(p.state),
    p.seq,
    p.phase,
    p.toAct,
    p.status,
    p.result === null ? null : JSON.stringify(p.result),
    e.hash,
    p.finishedAt,
    e.type,
    e.seat,
    JSON.stringify(e.payload),
    e.commandId,
    e.createdAt,
    e.prevHash,
  ];
  if (answer) values.push(answer.key, answer.body, answer.requestHash);
  const { rows } = await q.query<{ n: number }>({
    name: answer ? 'append-event-idem' : 'append-event',
    text: `WITH upd AS (
             UPDATE hands SET state = $3::jsonb, seq = $4, phase = $5, to_act = $6, status = $7, result = $8::jsonb,
                              last_hash = $9, finished_at = $10
             WHERE id = $1 AND seq = $2 AND status = 'active' RETURNING id),
           ev AS (
             INSERT INTO events (hand_id, seq, type, seat, payload, command_id, created_at, prev_hash, hash)
             SELECT upd.id, $4, $11, $12, $13::jsonb, $14, $15, $16, $9 FROM upd)
           ${answer ? ', idem AS (INSERT INTO idempotent_responses (key, hand_id, status, body, request_hash) SELECT $17, upd.id, 200, $18, $19 FROM upd)' : ''}
           SELECT count(*)::int AS n FROM upd`,
    values,
  });
  return { appended: rows[0]!.n === 1, hash: e.hash };
}

interface EventRow {
  hand_id: string;
  seq: number;
  type: string;
  seat: number | null;
  payload: Record<string, unknown>;
  command_id: string;
  created_at: Date;
  prev_hash: string;
  hash: string;
}

/** The whole log of a hand in seq order. */
export async function readEvents(q: Pick<Tx, 'query'>, handId: string): Promise<StoredEvent[]> {
  const { rows } = await q.query<EventRow>(
    'SELECT hand_id, seq, type, seat, payload, command_id, created_at, prev_hash, hash FROM events WHERE hand_id = $1 ORDER BY seq',
    [handId],
  );
  return rows.map((r) => ({
    handId: r.hand_id,
    seq: r.seq,
    type: r.type,
    seat: r.seat,
    payload: r.payload,
    commandId: r.command_id,
    createdAt: r.created_at,
    prevHash: r.prev_hash,
    hash: r.hash,
  }));
}
