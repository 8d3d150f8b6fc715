import type { HandAt, Queryable } from '../hands/hand-store.js';

/**
 * The bots' store: their questions to `hands` — which hands are due for a substitute, who is to
 * act, and the park that spaces a failing substitute's tries. Each names the hand's table (its
 * shard key) except `dueHands`, the clock sweep's read across tables (docs/scaling.md).
 */

/** Statements on one hand's row by its table (one shard on Citus). */
const SQL = {
  activeTurn: `SELECT game, to_act, seating FROM hands WHERE table_id = $1 AND id = $2 AND status = 'active'`,
  parkHand: `UPDATE hands SET parks = CASE WHEN parked_seq = $3 THEN parks + 1 ELSE 1 END, parked_seq = $3,
       parked_until = now() + $4::int * interval '1 millisecond'
     WHERE table_id = $1 AND id = $2 AND seq = $3 AND status = 'active'`,
} as const;

/** The bots' part of the hot path, for test/sharding.spec.ts. */
export const HOT_PATH_SQL: Readonly<Record<string, string>> = SQL;

/** A hand whose seat to act has run out of time (hand-row.ts `deadline`): its substitute's question. */
export interface DueHand {
  at: HandAt;
  game: string;
  seq: number;
  toAct: number[];
  away: number[];
  seating: (string | null)[];
  /** the substitute's failed tries at this seq so far (`parkHand`) */
  parks: number;
}

/**
 * Due: past its deadline, and not parked at its seq (or its park is over). In the order the hands
 * became due — a parked one when its park ended — so that hands coming back from a park queue
 * behind those that were due before, and never stand for ever at the head; `$3` leaves out those
 * this instance is deciding for already, so that a slow decision takes no place in the next sweep.
 */
const DUE_HANDS_SQL = `SELECT table_id, id, game, seq, to_act, away, seating, CASE WHEN parked_seq = seq THEN parks ELSE 0 END AS parks
  FROM hands
  WHERE deadline <= $1 AND status = 'active' AND (parked_seq IS DISTINCT FROM seq OR parked_until <= $1) AND id <> ALL($3::uuid[])
  ORDER BY GREATEST(deadline, CASE WHEN parked_seq = seq THEN parked_until END) LIMIT $2`;

/**
 * The hands whose deadline has passed at `now`, the longest due first, except `deciding` — a
 * read across tables (fans out to every shard), on the index of `deadline`: a hand over has none.
 */
export async function dueHands(q: Queryable, now: Date, limit: number, deciding: readonly string[] = []): Promise<DueHand[]> {
  const { rows } = await q.query<{
    table_id: string;
    id: string;
    game: string;
    seq: number;
    to_act: number[] | null;
    away: number[] | null;
    seating: (string | null)[];
    parks: number;
  }>({ name: 'due-hands', text: DUE_HANDS_SQL, values: [now, limit, deciding] });
  return rows.map((r) => ({
    at: { tableId: r.table_id, handId: r.id },
    game: r.game,
    seq: r.seq,
    toAct: r.to_act ?? [],
    away: r.away ?? [],
    seating: r.seating,
    parks: r.parks,
  }));
}

/**
 * Parks a hand at `seq` for `ms`: no instance's clock sweep takes it up before then, unless it
 * moves meanwhile (a move ends the park without a write: the park names its seq). Counts the
 * tries at that seq in a row, for the caller's backoff. False when the hand has moved or ended.
 */
export async function parkHand(q: Queryable, at: HandAt, seq: number, ms: number): Promise<boolean> {
  const { rowCount } = await q.query({
    name: 'park-hand',
    text: SQL.parkHand,
    values: [at.tableId, at.handId, seq, Math.round(ms)],
  });
  return rowCount === 1;
}

/** Who is to act in a hand still being played (the bots' question). */
export async function activeTurn(
  q: Queryable,
  at: HandAt,
): Promise<{ game: string; toAct: number[]; seating: (string | null)[] } | undefined> {
  const { rows } = await q.query<{ game: string; to_act: number[] | null; seating: (string | null)[] }>({
    name: 'active-turn',
    text: SQL.activeTurn,
    values: [at.tableId, at.handId],
  });
  return rows[0] ? { game: rows[0].game, toAct: rows[0].to_act ?? [], seating: rows[0].seating } : undefined;
}
