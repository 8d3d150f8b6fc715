import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { scratchDatabase } from '../scripts/lib/scratch-database.js';
import { migrate } from '../src/database/migrations.js';
import { loadHand } from '../src/hands/hand-store.js';
import { AUDIT_TOKEN, bearer, startApp, startAppOnOwnDatabase, type TestApp } from './support/app.testkit.js';
import { getView, newPlayers, openTable, playHand, rng, type Player } from './support/bots.testkit.js';

/**
 * Migration 20261124050000_shard_by_table on a database with played, imported and unfinished
 * hands. The app cannot run on the schema before it, so the data is played by today's app and
 * written back in the earlier schema's shape — today's rows less what the migration adds (the
 * imported tables, hand_tables, the new table_id columns) — into a database migrated up to the
 * migration before. Then it is migrated: every row must come out as today's app wrote it, every
 * hand verify, every ledger balance, and the unfinished hand play on, idempotent retry included.
 */
const BEFORE = '20261124020000_idempotency_request_hash';
const SHARDING = '20261124050000_shard_by_table';
const auditor = bearer(AUDIT_TOKEN);

/** An imported record's own table answers 404 wherever a table is named, and no list shows it. */
async function expectHidden(t: TestApp, tableId: string, player: Player): Promise<void> {
  const as = bearer(player.token);
  const named = {
    table: t.http.get(`/tables/${tableId}`),
    hands: t.http.get(`/tables/${tableId}/hands`),
    ledger: t.http.get(`/tables/${tableId}/ledger`),
    seat: t.http.post(`/tables/${tableId}/seats`).set(as).send({}),
    sessionEnd: t.http.post(`/tables/${tableId}/session-end`).set(as).send({}),
  };
  for (const [route, req] of Object.entries(named)) expect({ route, status: (await req).status }).toEqual({ route, status: 404 });
  const listed = (await t.http.get('/tables').query({ status: 'ended', limit: 100 }).expect(200)).body.items as { id: string }[];
  expect(listed.map((x) => x.id)).not.toContain(tableId);
}

/** The tables compared row for row, each with a stable order. */
const ROWS: Record<string, { order: string }> = {
  players: { order: 'id' },
  tables: { order: 'id' },
  table_seats: { order: 'table_id, seat' },
  hands: { order: 'id' },
  events: { order: 'hand_id, seq' },
  idempotent_responses: { order: 'key' },
  ledger_entries: { order: 'hand_id, seat' },
  hand_tables: { order: 'hand_id' },
};

/**
 * The hand rows as an app before 20261125120000_hand_state_seq wrote them: the state at `seq`
 * (today's app stores it only every few events; the store folds in the rest).
 */
async function handsAtSeq(q: Pick<pg.Pool, 'query'>): Promise<Record<string, unknown>[]> {
  const rows = await rowsOf(q, 'hands');
  for (const r of rows) {
    r.state = (await loadHand(q, { tableId: r.table_id as string, handId: r.id as string })).state;
    r.state_seq = r.seq;
  }
  return rows;
}

/**
 * The players as the earlier schema held them, each with its token's hash in its row (later
 * moved into its session by 20261205063000_devices); a bot, which has no session, with a
 * hash nobody holds.
 */
async function playersWithTokens(q: Pick<pg.Pool, 'query'>): Promise<Record<string, unknown>[]> {
  const { rows } = await q.query<{ rows: Record<string, unknown>[] }>(
    `SELECT coalesce(jsonb_agg(to_jsonb(p) || jsonb_build_object('token_hash', coalesce(s.token_hash, md5(p.id::text))) ORDER BY p.id), '[]') AS rows
       FROM players p LEFT JOIN player_sessions s ON s.player_id = p.id`,
  );
  return rows[0]!.rows;
}

async function rowsOf(q: Pick<pg.Pool, 'query'>, table: string, where = 'true'): Promise<Record<string, unknown>[]> {
  const { rows } = await q.query<{ rows: Record<string, unknown>[] }>(
    `SELECT coalesce(jsonb_agg(to_jsonb(t) ORDER BY ${ROWS[table]!.order}), '[]') AS rows FROM ${table} t WHERE ${where}`,
  );
  return rows[0]!.rows;
}

describe(`migration ${SHARDING}`, () => {
  let today: TestApp;
  let migrated: TestApp | undefined;
  const oldDb = scratchDatabase(process.env.DATABASE_URL!, 'shard_old');
  let players: Player[];
  let tableId = '';
  let activeHand = '';
  let pending: { seat: number; body: Record<string, unknown>; answer: Record<string, unknown> };
  const imported: string[] = [];

  beforeAll(async () => {
    today = await startAppOnOwnDatabase('shard_src');
    players = await newPlayers(today, 4, 'Shard');
    const opened = await openTable(today, 'dobbm', {}, players);
    tableId = opened.tableId;
    let handId = opened.handId;
    for (const seed of [1, 2]) handId = (await playHand(today, handId, players, { random: rng(seed) })).nextHandId!;
    activeHand = handId;
    // One action of the unfinished hand is sent with an Idempotency-Key: its stored answer must survive.
    const view = (await getView(today, activeHand, players[0]!.token)) as { toAct: number[]; seq: number };
    const seat = view.toAct[0]!;
    const legal = (await getView(today, activeHand, players[seat]!.token)).legalActions as Record<string, unknown>[];
    const { seat: _s, ...action } = legal[0]!;
    const body = { expectedSeq: view.seq, action };
    const res = await today.http
      .post(`/hands/${activeHand}/actions`)
      .set(bearer(players[seat]!.token))
      .set('Idempotency-Key', 'shard-1')
      .send(body)
      .expect(200);
    pending = { seat, body, answer: res.body };
    // Two imports: a finished hand's record with its seating, and the same without.
    const first = (await today.http.get(`/tables/${tableId}/hands`).query({ limit: 10 }).expect(200)).body.items.at(-1).id as string;
    // Seated otherwise: the export of a hand dealt here, as it is, would answer that hand, not import a copy.
    const { handId: _handId, ...record } = (await today.http.get(`/hands/${first}/record`).set(auditor).expect(200)).body;
    record.seating = [...(record.seating as string[])].reverse();
    imported.push((await today.http.post('/hand-records').set(auditor).send(record).expect(201)).body.handId);
    const { seating: _seating, ...anonymous } = record;
    imported.push((await today.http.post('/hand-records').set(auditor).send(anonymous).expect(201)).body.handId);

    await oldDb.create();
  }, 120_000);

  afterAll(async () => {
    await migrated?.close();
    await today?.close();
    await oldDb.drop();
  });

  it('an imported record has a table of its own that nobody finds, lists or joins', async () => {
    for (const id of imported) await expectHidden(today, id, players[0]!);
  });

  it('moves the rows into the sharded keys exactly as the app writes them, and everything plays on', async () => {
    const url = oldDb.url;
    expect(await migrate(url, { until: BEFORE })).toContain(BEFORE);
    const old = new pg.Client({ connectionString: url });
    await old.connect();
    try {
      // The earlier schema's rows: no imported tables, an imported hand has no table, and the
      // columns the migration adds are dropped by jsonb_populate_recordset (it ignores unknown keys).
      const earlier: Record<string, Record<string, unknown>[]> = {
        players: await playersWithTokens(today.sql),
        tables: await rowsOf(today.sql, 'tables', 'NOT imported'),
        table_seats: await rowsOf(today.sql, 'table_seats'),
        hands: (await handsAtSeq(today.sql)).map((h) => (h.source === 'record' ? { ...h, table_id: null } : h)),
        events: await rowsOf(today.sql, 'events'),
        idempotent_responses: await rowsOf(today.sql, 'idempotent_responses'),
        ledger_entries: await rowsOf(today.sql, 'ledger_entries'),
      };
      for (const [table, rows] of Object.entries(earlier)) {
        await old.query(`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`, [JSON.stringify(rows)]);
      }
    } finally {
      await old.end();
    }
    expect(await migrate(url)).toContain(SHARDING);

    migrated = await startApp({ DATABASE_URL: url });
    const m = migrated;
    // Row for row what today's app wrote, the hands with their state at seq as later migrations
    // leave an earlier app's rows (an imported record's table is stamped with its hand's time, not the import's).
    for (const table of Object.keys(ROWS)) {
      const strip = (rows: Record<string, unknown>[]) => rows.map((r) => (r.imported ? { ...r, created_at: null } : r));
      const written = table === 'hands' ? await handsAtSeq(today.sql) : await rowsOf(today.sql, table);
      expect({ table, rows: strip(await rowsOf(m.sql, table)) }).toEqual({ table, rows: strip(written) });
    }

    const ids = (await rowsOf(m.sql, 'hand_tables')).map((r) => r.hand_id as string);
    expect(ids.length).toBe(5); // three dealt at the table, two imported
    for (const id of ids) {
      expect((await m.http.get(`/hands/${id}/verify`).set(auditor).expect(200)).body).toMatchObject({ ok: true, problems: [] });
      const view = (await m.http.get(`/hands/${id}`).set(auditor).expect(200)).body;
      expect(view.tableId).toBe(imported.includes(id) ? null : tableId);
    }
    const sums = await m.sql.query<{ hand_id: string; total: string }>(
      'SELECT hand_id, sum(amount)::text AS total FROM ledger_entries GROUP BY table_id, hand_id',
    );
    expect(sums.rows.length).toBe(2);
    expect(sums.rows.map((r) => Number(r.total))).toEqual([0, 0]);
    for (const id of imported) await expectHidden(m, id, players[0]!);

    // The unfinished hand: the retry gets the stored answer, then it is played to its end and the table deals on.
    const retry = await m.http
      .post(`/hands/${activeHand}/actions`)
      .set(bearer(players[pending.seat]!.token))
      .set('Idempotency-Key', 'shard-1')
      .send(pending.body)
      .expect(200);
    expect(retry.body).toEqual(pending.answer);
    const { nextHandId } = await playHand(m, activeHand, players, { random: rng(3) });
    expect(nextHandId).toEqual(expect.any(String));
    expect((await m.http.get(`/hands/${activeHand}/verify`).set(auditor).expect(200)).body.ok).toBe(true);
    const ledger = (await m.http.get(`/tables/${tableId}/ledger`).expect(200)).body as {
      entries: unknown[];
      balances: { amount: number }[];
    };
    expect(ledger.entries.length).toBe(3);
    expect(ledger.balances.reduce((s, b) => s + b.amount, 0)).toBeCloseTo(0, 2);
  }, 120_000);
});
