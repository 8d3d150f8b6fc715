import type { Queryable } from './hand-store.js';

/** A player connected at a table, as one instance vouches for it. */
export interface Presence {
  tableId: string;
  playerId: string;
}

/**
 * This instance vouches for `present` until `seconds` from now (the database's clock, which
 * every instance shares): one statement for all of them. Its rows are made distinct as uuids
 * first: PostgreSQL refuses an ON CONFLICT DO UPDATE that meets one key twice, which would lose
 * the whole beat for one player named twice (or one uuid in two spellings).
 */
export async function vouch(q: Queryable, instance: string, present: readonly Presence[], seconds: number): Promise<void> {
  if (present.length === 0) return;
  await q.query(
    `INSERT INTO seat_presence (table_id, player_id, instance, until)
     SELECT DISTINCT t, p, $3, now() + make_interval(secs => $4) FROM unnest($1::uuid[], $2::uuid[]) AS v(t, p)
     ON CONFLICT (table_id, player_id, instance) DO UPDATE SET until = GREATEST(seat_presence.until, EXCLUDED.until)`,
    [present.map((p) => p.tableId), present.map((p) => p.playerId), instance, seconds],
  );
}

/** This instance no longer vouches for the player at the table (its last connection there closed). */
export async function withdraw(q: Queryable, instance: string, gone: Presence): Promise<void> {
  await q.query('DELETE FROM seat_presence WHERE table_id = $1 AND player_id = $2 AND instance = $3', [
    gone.tableId,
    gone.playerId,
    instance,
  ]);
}

/** Shutdown: nothing this instance vouched for holds any more. */
export async function withdrawAll(q: Queryable, instance: string): Promise<void> {
  await q.query('DELETE FROM seat_presence WHERE instance = $1', [instance]);
}

/** The rows no instance renewed (it stopped without withdrawing them) go. */
export async function dropLapsed(q: Queryable): Promise<void> {
  await q.query('DELETE FROM seat_presence WHERE until < now()');
}

/** The players present at each of the tables, vouched for by any instance. */
export async function presentAt(q: Queryable, tableIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(tableIds.map((t) => [t, []]));
  if (tableIds.length === 0) return out;
  const { rows } = await q.query<{ table_id: string; player_id: string }>(
    'SELECT DISTINCT table_id, player_id FROM seat_presence WHERE table_id = ANY($1::uuid[]) AND until > now()',
    [tableIds],
  );
  for (const r of rows) out.get(r.table_id)?.push(r.player_id);
  return out;
}
