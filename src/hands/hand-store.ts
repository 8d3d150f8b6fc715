import type { DatabaseService, Tx } from '../database/database.service.js';
import { ApiError } from '../common/problems.js';
import { isUuid } from '../common/ids.js';
import { chain, eventColumns, eventParams, eventValues, GENESIS_HASH, type NewEvent, type StoredEvent } from './event-hash.js';
import {
  toHandRow,
  HAND_COLUMNS,
  projectionColumns,
  stateToStore,
  AWAY_AFTER_MISSES,
  awaySinceWith,
  missesWith,
  type SeatTurn,
  type HandProjection,
  type HandRow,
  type NewHand,
  type RawHand,
} from './hand-row.js';

/**
 * The hand store: the hand's stream, its append and its reads — the statements on `events`,
 * `idempotent_responses`, the routing table `hand_tables` and the hand's own row of `hands`
 * (docs/design.md#event-log). Each module's own questions about hands stand in that module's
 * store (bots/bot-store.ts, collusion/audit-hands.ts, records/record-store.ts,
 * ledgers/ledger-store.ts, tables/table-store.ts). Events are append-only, PK (table_id, hand_id,
 * seq), unique (table_id, command_id), hash-chained `hash = sha256(prev_hash ‖ canonical JSON of
 * the event)`; `append` is their only writer and moves the hand row's projection in the same
 * statement. Every statement on the hot path names its table (docs/scaling.md): the rows are
 * keyed by table_id, so on Citus each is routed to one shard; `HOT_PATH_SQL` lists them for
 * test/sharding.spec.ts. Reads across tables say so.
 */

/** The pool or a transaction's connection. */
export type Queryable = Pick<Tx, 'query'>;

/**
 * Where the writer believes the hand stands: not yet there (`open`: the row as first written),
 * or at a seq and hash; the append happens only if it still does.
 */
export type Expected = { open: NewHand } | (HandAt & { seq: number; lastHash: string; stateSeq: number; away: readonly number[] });

/** Where a hand's rows are: its table (the shard key) and its id. */
export interface HandAt {
  tableId: string;
  handId: string;
}

export interface AppendOptions {
  /**
   * The answer to an Idempotency-Key, stored with the event: its JSON, taken after
   * `beforeCommit` has run, so the hook may still add to the answer (the next hand's id).
   */
  idempotency?: { key: string; requestHash: string; answer: () => string };
  /** Runs in the append's transaction once the event is in (the table session: ledger, next deal). */
  beforeCommit?: (tx: Tx, appended: Appended) => Promise<void>;
  /** The acting seat's presence bookkeeping (absent: `acted` by the event's seat, none for a seatless event). */
  turn?: SeatTurn;
}

/**
 * The one append: a new hand with its opening events, or one event after `expected` — each a
 * single statement (a new hand's route to `hand_tables` follows in its transaction). For an
 * existing hand its conditional UPDATE (`seq` and `status` as expected) is the hand row's lock
 * and the expected-version check at once: of concurrent writers with the same expectation
 * exactly one updates the row; the others write nothing and get `appended: false` (a conflict,
 * as is a duplicate key). With `beforeCommit` the statement, the hook and the idempotent answer
 * share one transaction — on `via`'s, if it is one already.
 */
export async function append(
  via: DatabaseService | Tx,
  expected: Expected,
  events: NewEvent | readonly NewEvent[],
  p: HandProjection,
  opts: AppendOptions = {},
): Promise<Appended> {
  const list = Array.isArray(events) ? (events as readonly NewEvent[]) : [events as NewEvent];
  const inTx = !('pool' in via);
  if (!opts.beforeCommit && 'open' in expected && !inTx) {
    // A new hand is two statements (the hand with its events, then its route): one transaction.
    return via.transaction((tx) => appendStatement(tx, expected, list, p, undefined, undefined));
  }
  if (!opts.beforeCommit) {
    const written = appendStatement(inTx ? via : via.pool, expected, list, p, opts.idempotency, opts.turn);
    // A new hand's id is fresh: a duplicate there is a fault, not a lost race.
    return 'open' in expected ? written : written.catch(conflictOnDuplicate);
  }
  const hook = opts.beforeCommit;
  const work = async (tx: Tx) => {
    const res = await appendStatement(tx, expected, list, p, undefined, opts.turn);
    if (!res.appended) return res;
    await hook(tx, res);
    const idem = opts.idempotency;
    if (idem) {
      const at = atOf(expected);
      await tx.query({
        name: 'idem-put',
        text: SQL.idemPut,
        values: [at.tableId, idem.key, at.handId, idem.answer(), idem.requestHash],
      });
    }
    return res;
  };
  return inTx ? work(via) : via.transaction(work).catch(conflictOnDuplicate);
}

/** Whether the event went in, its hash, the seq whose state the hand row now holds, and the seats away after it (and since when). */
export interface Appended {
  appended: boolean;
  hash: string;
  stateSeq: number;
  away: number[];
  misses: number[];
  awaySince: (Date | null)[];
}

const atOf = (e: Expected): HandAt => ('open' in e ? { tableId: e.open.tableId, handId: e.open.id } : e);

/**
 * The conditional append of one event. Besides the projection it keeps the acting seat's
 * presence (`SeatTurn`, $20 the seat + 1 for the 1-based `misses`, $21 the kind). The writer's
 * copy must also still have the row's away seats ($22): a person's leaving or return
 * (`setAway`) changes them without an event, and the copy's deadline was computed from them.
 */
const appendEventSql = (idem: boolean): string => `WITH upd AS (
             UPDATE hands SET state = COALESCE($3::jsonb, state), state_seq = CASE WHEN $3::jsonb IS NULL THEN state_seq ELSE $4 END,
                              seq = $4, phase = $5, to_act = $6, status = $7, result = $8::jsonb, deadline = $9, last_hash = $10, finished_at = $11,
                              away = CASE $21::text
                                WHEN 'acted' THEN array_remove(away, $20::int - 1)
                                WHEN 'missed' THEN CASE WHEN COALESCE(misses[$20::int], 0) + 1 >= ${AWAY_AFTER_MISSES} AND NOT ($20::int - 1 = ANY(away))
                                                   THEN array_append(away, $20::int - 1) ELSE away END
                                ELSE away END,
                              misses = CASE
                                WHEN $21::text = 'missed' THEN ${missesWith('$20::int', 'COALESCE(misses[$20::int], 0) + 1')}
                                WHEN $21::text = 'acted' AND COALESCE(misses[$20::int], 0) > 0 THEN ${missesWith('$20::int', '0')}
                                ELSE misses END,
                              away_since = CASE
                                WHEN $21::text = 'acted' AND $20::int - 1 = ANY(away) THEN ${awaySinceWith('$20::int', 'NULL')}
                                WHEN $21::text = 'missed' AND COALESCE(misses[$20::int], 0) + 1 >= ${AWAY_AFTER_MISSES} AND NOT ($20::int - 1 = ANY(away))
                                  THEN ${awaySinceWith('$20::int', 'now()')}
                                ELSE away_since END
             WHERE table_id = $19 AND id = $1 AND seq = $2 AND status = 'active' AND away = $22::int[] RETURNING table_id, id, away, misses, away_since),
           ev AS (
             INSERT INTO events (table_id, hand_id, seq, type, seat, payload, command_id, created_at, prev_hash, by, hash)
             SELECT upd.table_id, upd.id, $4, $12, $13, $14::jsonb, $15, $16, $17, $18, $10 FROM upd)
           ${idem ? ', idem AS (INSERT INTO idempotent_responses (table_id, key, hand_id, status, body, request_hash) SELECT upd.table_id, $23, upd.id, 200, $24, $25 FROM upd)' : ''}
           SELECT away, misses, away_since FROM upd`;

/** Inserts the hand and its first events; the route (hand_tables, a reference table) is a statement of its own. */
const openHandSql = (events: number): string => `WITH h AS (
       INSERT INTO hands (id, table_id, number, game, options, seat_count, dealer, setup, seating, seed, deck, dealt_hands,
                          state, seq, phase, to_act, status, result, deadline, last_hash, source, created_at, finished_at, state_seq,
                          turn_seconds, away, misses, away_since, held_until, ready)
       VALUES ($1,$2,$3,$4,$5::jsonb,$6,$7,$8::jsonb,$9::jsonb,$10,$11::jsonb,$12::jsonb,$13::jsonb,$14,$15,$16,$17,$18::jsonb,$19,$20,$21,$22,$23,$14,
               $24,$25::int[],$26::int[],$27::timestamptz[],$28::timestamptz,$29::int[])
       RETURNING id)
     INSERT INTO events (table_id, hand_id, seq, type, seat, payload, command_id, created_at, prev_hash, by, hash)
     VALUES ${eventValues(29, events)}`;

/**
 * The seats of a hand under way that the host offers to a newcomer (docs/contract.md#handover):
 * an offer lives on the table's seat, and holds only while the player it was made for is away —
 * one made before the player last went away has lapsed, whether or not its withdrawal was written.
 */
const OFFERED_SEATS = `(SELECT array_agg(s.seat ORDER BY s.seat) FROM table_seats s
    WHERE h.status = 'active' AND s.table_id = h.table_id AND s.offered_at IS NOT NULL AND s.seat = ANY(h.away)
      AND s.offered_at >= h.away_since[s.seat + 1]) AS offered`;

/**
 * A hand row with the actions of the events after its stored state (`state_tail`, replayed by
 * `toHandRow`): the same shard's rows, found by the events' primary key.
 */
const HAND_READ = `${HAND_COLUMNS}, ${OFFERED_SEATS},
  (SELECT json_agg(e.payload ORDER BY e.seq) FROM events e WHERE e.table_id = h.table_id AND e.hand_id = h.id AND e.seq > h.state_seq)
  AS state_tail`;

/** Every seat of the hand is the caller ($3), ready already, away, or a bot's ($4); an UPDATE's SET reads the row as it was. */
const ALL_READY = `(SELECT bool_and(s = $3::int OR s = ANY(ready) OR s = ANY(away) OR s = ANY($4::int[])) FROM generate_series(0, seat_count - 1) AS s)`;

/** Hot-path statements by name (the pg prepared-statement name where one is used). */
const SQL = {
  appendEvent: appendEventSql(false),
  appendEventIdem: appendEventSql(true),
  openHand: openHandSql(1),
  idemPut: 'INSERT INTO idempotent_responses (table_id, key, hand_id, status, body, request_hash) VALUES ($1, $2, $3, 200, $4, $5)',
  hand: `SELECT ${HAND_READ} FROM hands h WHERE h.table_id = $1 AND h.id = $2`,
  handForUpdate: `SELECT ${HAND_READ} FROM hands h WHERE h.table_id = $1 AND h.id = $2 FOR UPDATE OF h`,
  handWithAnswer: `SELECT ${HAND_READ}, i.body AS answer_body, i.request_hash AS answer_request_hash
    FROM hands h LEFT JOIN idempotent_responses i ON i.table_id = h.table_id AND i.key = $3 WHERE h.table_id = $1 AND h.id = $2`,
  handSeq: `SELECT h.seq, h.status, h.away, h.deadline, h.ready, ${OFFERED_SEATS} FROM hands h WHERE h.table_id = $1 AND h.id = $2`,
  idemGet: 'SELECT body, request_hash FROM idempotent_responses WHERE table_id = $1 AND key = $2',
  events: `SELECT table_id, hand_id, seq, type, seat, payload, command_id, created_at, prev_hash, hash, by FROM events
    WHERE table_id = $1 AND hand_id = $2 ORDER BY seq`,
  nextHand: 'SELECT id FROM hands WHERE table_id = $1 AND number > $2 ORDER BY number LIMIT 1',
  // Only a change: a seat already away, or already back, keeps its deadline as it is. A seat
  // back while it is to act has its clock from when it came to act (the time of the hand's last
  // event), not a fresh one: going away and coming back again and again gains no time.
  setAway: `UPDATE hands SET
       away = CASE WHEN $4::boolean THEN array_append(away, $3::int) ELSE array_remove(away, $3::int) END,
       misses = CASE WHEN COALESCE(misses[$3::int + 1], 0) > 0 THEN ${missesWith('$3::int + 1', '0')} ELSE misses END,
       away_since = ${awaySinceWith('$3::int + 1', 'CASE WHEN $4::boolean THEN now() END')},
       deadline = CASE
         WHEN NOT ($3::int = ANY(to_act)) THEN deadline
         WHEN $4::boolean THEN now() + $5::int * interval '1 millisecond'
         WHEN turn_seconds IS NULL THEN NULL
         ELSE GREATEST(now(), COALESCE((SELECT e.created_at FROM events e WHERE e.table_id = hands.table_id AND e.hand_id = hands.id AND e.seq = hands.seq),
                                       now()) + turn_seconds * interval '1 second') END
     WHERE table_id = $1 AND id = $2 AND status = 'active' AND ($3::int = ANY(away)) <> $4::boolean
     RETURNING seq, status`,
  handStatus: 'SELECT seq, status FROM hands WHERE table_id = $1 AND id = $2',
  // A seat's person has read the last result. Once every seat is ready, away ($4: its bots'
  // seats) or the caller, the wait ends now and the clock of the seat to act moves up by the
  // wait it no longer has: it still starts when the hand does, not before.
  markReady: `UPDATE hands SET ready = array_append(ready, $3::int),
       held_until = CASE WHEN ${ALL_READY} THEN NULL ELSE held_until END,
       deadline = CASE WHEN ${ALL_READY} THEN deadline - (held_until - now()) ELSE deadline END
     WHERE table_id = $1 AND id = $2 AND status = 'active' AND seq = 0 AND held_until > now() AND NOT ($3::int = ANY(ready))
     RETURNING held_until, ready`,
  hold: 'SELECT seq, held_until, ready FROM hands WHERE table_id = $1 AND id = $2',
} as const;

/** The statements every request on a table's hands runs (view, act, end of hand, next deal, long poll). */
export const HOT_PATH_SQL: Readonly<Record<string, string>> = SQL;

/**
 * The one statement that knows only a hand's id: its route, read from the reference table
 * `hand_tables` (a copy on every node, so the lookup is local and routes the rest).
 */
export const ROUTE_SQL = 'SELECT table_id FROM hand_tables WHERE hand_id = $1';
const ROUTE_PUT_SQL = 'INSERT INTO hand_tables (hand_id, table_id) VALUES ($1, $2)';

async function appendStatement(
  q: Queryable,
  expected: Expected,
  events: readonly NewEvent[],
  p: HandProjection,
  idem: AppendOptions['idempotency'],
  turn: SeatTurn | undefined,
): Promise<Appended> {
  if ('open' in expected) {
    const { away, misses, awaySince } = expected.open;
    return { appended: true, hash: await openStatement(q, expected.open, events, p), stateSeq: p.seq, away, misses, awaySince };
  }
  const [e] = chain(expected, expected.lastHash, events) as [StoredEvent];
  const state = stateToStore(p, expected.stateSeq);
  const values: unknown[] = [
    expected.handId,
    expected.seq,
    ...projectionColumns(p, state),
    e.hash,
    p.finishedAt,
    ...eventColumns(e),
    expected.tableId,
    (turn?.seat ?? e.seat ?? 0) + 1,
    turn?.kind ?? (e.seat === null ? 'none' : 'acted'),
    expected.away,
  ];
  if (idem) values.push(idem.key, idem.answer(), idem.requestHash);
  const { rows } = await q.query<{ away: number[] | null; misses: number[] | null; away_since: (Date | null)[] | null }>({
    name: idem ? 'append-event-idem' : 'append-event',
    text: idem ? SQL.appendEventIdem : SQL.appendEvent,
    values,
  });
  return {
    appended: rows.length === 1,
    hash: e.hash,
    stateSeq: state === null ? expected.stateSeq : p.seq,
    away: rows[0]?.away ?? [],
    misses: rows[0]?.misses ?? [],
    awaySince: rows[0]?.away_since ?? [],
  };
}

/** Inserts a hand with its opening event (seq 0) and any further events, and its route; returns the last hash. */
async function openStatement(q: Queryable, hand: NewHand, events: readonly NewEvent[], p: HandProjection): Promise<string> {
  const stored = chain({ tableId: hand.tableId, handId: hand.id }, GENESIS_HASH, events);
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
    ...projectionColumns(p, JSON.stringify(p.state)),
    last.hash,
    hand.source,
    last.createdAt,
    p.finishedAt,
    hand.turnSeconds,
    hand.away,
    hand.misses,
    hand.awaySince,
    hand.heldUntil ?? null,
    hand.ready ?? [],
  ];
  // Sent together (the pool pipelines); a new hand is always written inside a transaction.
  await Promise.all([
    q.query(openHandSql(stored.length), [...handParams, ...eventParams(stored)]),
    q.query({ name: 'hand-route-put', text: ROUTE_PUT_SQL, values: [hand.id, hand.tableId] }),
  ]);
  return last.hash;
}

/** A duplicate key (event seq, command id or idempotency key) means a concurrent writer won: a conflict, not an error. */
function conflictOnDuplicate(err: unknown): Appended {
  if ((err as { code?: string })?.code === '23505') return { appended: false, hash: '', stateSeq: -1, away: [], misses: [], awaySince: [] };
  throw err;
}

/** An answer stored for an Idempotency-Key: its body and the hash of the request that earned it. */
export interface StoredAnswer {
  body: string;
  requestHash: string | null;
}

/**
 * The table a hand's rows live under, from the routing table (any hand: dealt or imported);
 * undefined when there is no such hand. The route never changes, so callers may keep it.
 */
export async function routeOf(q: Queryable, handId: string): Promise<string | undefined> {
  if (!isUuid(handId)) return undefined;
  const { rows } = await q.query<{ table_id: string }>({ name: 'hand-route', text: ROUTE_SQL, values: [handId] });
  return rows[0]?.table_id;
}

/** A hand by id alone: its route, then the hand (the audit's reads; the action path keeps routes in HandCache). */
export async function findHand(q: Queryable, handId: string): Promise<HandRow> {
  const tableId = await routeOf(q, handId);
  if (!tableId) throw ApiError.of('HAND_NOT_FOUND', `no hand ${handId}`);
  return loadHand(q, { tableId, handId });
}

/**
 * Reads a hand; `lock` takes its row lock for the rest of the transaction (the session end),
 * `answerTo` brings the answer stored for that idempotency key in the same statement.
 */
export async function loadHand(
  q: Queryable,
  at: HandAt,
  opts: { lock?: boolean; answerTo?: string } = {},
): Promise<HandRow & { answer?: StoredAnswer }> {
  const { tableId, handId: id } = at;
  if (!isUuid(id)) throw ApiError.of('HAND_NOT_FOUND', `no hand ${id}`);
  const { lock = false, answerTo } = opts;
  const { rows } = await q.query<RawHand & { answer_body?: string | null; answer_request_hash?: string | null }>(
    answerTo === undefined
      ? { name: lock ? 'hand-for-update' : 'hand', text: lock ? SQL.handForUpdate : SQL.hand, values: [tableId, id] }
      : { name: 'hand-with-answer', text: SQL.handWithAnswer, values: [tableId, id, answerTo] },
  );
  const r = rows[0];
  if (!r) throw ApiError.of('HAND_NOT_FOUND', `no hand ${id}`);
  const hand = toHandRow(r);
  return r.answer_body ? { ...hand, answer: { body: r.answer_body, requestHash: r.answer_request_hash ?? null } } : hand;
}

/**
 * The narrow read that tells whether a cached copy is still current: the row's seq and status,
 * and its seats away, offered and deadline (which change without an event). Undefined when there is no such hand.
 */
export async function peekHand(q: Queryable, at: HandAt): Promise<HandPeek | undefined> {
  const { rows } = await q.query<HandPeek>({
    name: 'hand-seq',
    text: SQL.handSeq,
    values: [at.tableId, at.handId],
  });
  return rows[0];
}

/** What peekHand reads: a hand's seq and status and what its views say of the seats. */
export interface HandPeek {
  seq: number;
  status: string;
  away: number[] | null;
  deadline: Date | null;
  offered: number[] | null;
  ready: number[] | null;
}

/** The answer stored for an idempotency key, if any (after a lost race, when the winner may have been a retry). */
export async function storedAnswer(q: Queryable, tableId: string, key: string): Promise<StoredAnswer | undefined> {
  const { rows } = await q.query<{ body: string; request_hash: string | null }>({
    name: 'idem-get',
    text: SQL.idemGet,
    values: [tableId, key],
  });
  return rows[0] ? { body: rows[0].body, requestHash: rows[0].request_hash } : undefined;
}

/** The whole log of a hand in seq order. */
export async function readEvents(q: Queryable, at: HandAt): Promise<StoredEvent[]> {
  const { rows } = await q.query<{
    table_id: string;
    hand_id: string;
    seq: number;
    type: string;
    seat: number | null;
    payload: Record<string, unknown>;
    command_id: string;
    created_at: Date;
    prev_hash: string;
    hash: string;
    by: string | null;
  }>({ name: 'events', text: SQL.events, values: [at.tableId, at.handId] });
  return rows.map((r) => ({
    tableId: r.table_id,
    handId: r.hand_id,
    seq: r.seq,
    type: r.type,
    seat: r.seat,
    payload: r.payload,
    commandId: r.command_id,
    createdAt: r.created_at,
    prevHash: r.prev_hash,
    hash: r.hash,
    ...(r.by === 'substitute' ? { by: r.by } : {}),
  }));
}

/** The hand dealt at the table after hand number `number`, if any. */
export async function nextHandId(q: Queryable, tableId: string, number: number): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>({ name: 'next-hand', text: SQL.nextHand, values: [tableId, number] });
  return rows[0]?.id;
}

/** What `setAway` did: the seat `changed` (at the hand's `seq`), was so already (`unchanged`), or the hand is not being played (`closed`). */
export type AwayChange = { kind: 'changed'; seq: number; status: string } | { kind: 'unchanged' | 'closed' };

/**
 * A seat's person leaves (`away`: its substitute plays from its next decision, at a bot's pace;
 * the time it went is kept) or is back (its clock runs again when it is to act). Not an event:
 * the hand's log records who played each action (`by`), and this only says who will play the
 * next. A seat already away, or not away, is left as it is — its deadline too, so that no call
 * can hold its clock off.
 */
export async function setAway(q: Queryable, at: HandAt, seat: number, away: boolean, awayPaceMs: number): Promise<AwayChange> {
  const { rows } = await q.query<{ seq: number; status: string }>({
    name: 'set-away',
    text: SQL.setAway,
    values: [at.tableId, at.handId, seat, away, awayPaceMs],
  });
  if (rows[0]) return { kind: 'changed', seq: rows[0].seq, status: rows[0].status };
  const now = await q.query<{ status: string }>({ name: 'hand-status', text: SQL.handStatus, values: [at.tableId, at.handId] });
  return { kind: now.rows[0]?.status === 'active' ? 'unchanged' : 'closed' };
}

/** A hand's wait for the people to read the last result: until when (null: it does not wait), and who said "next". */
export interface Hold {
  heldUntil: Date | null;
  ready: number[];
  changed: boolean;
}

/**
 * The seat's person has read the table's last result (POST /tables/{id}/ready). Only while the
 * hand waits, before its first move; a seat ready already changes nothing, so repeating it is
 * harmless. `bots`: the seats bots hold, which never keep a hand waiting.
 */
export async function markReady(q: Queryable, at: HandAt, seat: number, bots: readonly number[]): Promise<Hold> {
  const { rows } = await q.query<{ held_until: Date | null; ready: number[] }>({
    name: 'mark-ready',
    text: SQL.markReady,
    values: [at.tableId, at.handId, seat, bots],
  });
  if (rows[0]) return { heldUntil: rows[0].held_until, ready: rows[0].ready, changed: true };
  return { ...(await holdOf(q, at)), changed: false };
}

/** The hand's wait as it is now: none once it has moved or the time has passed. */
export async function holdOf(q: Queryable, at: HandAt): Promise<Omit<Hold, 'changed'>> {
  const { rows } = await q.query<{ seq: number; held_until: Date | null; ready: number[] | null }>({
    name: 'hand-hold',
    text: SQL.hold,
    values: [at.tableId, at.handId],
  });
  const row = rows[0];
  const waits = row !== undefined && row.seq === 0 && row.held_until !== null && row.held_until.getTime() > Date.now();
  return { heldUntil: waits ? row.held_until : null, ready: row?.seq === 0 ? (row.ready ?? []) : [] };
}

/** How the API names a hand's table: an imported record's own table is a storage detail, shown as null. */
export const SHOWN_TABLE_ID = `CASE WHEN h.source = 'record' THEN NULL ELSE h.table_id END AS table_id`;
