import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { castPlayers, simulateHands, type SimConfig } from '../src/analysis/sim/simulate.js';
import { migrate } from '../src/database/migrations.js';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.js';
import { newPlayers, type Player } from './support/bots.js';

interface PairRow { declarer: string; defender: string; handsAsPair: number; p: number; tier: string | null }
interface Job { jobId: string; status: string; done: number; total: number; error: string | null; pairs: PairRow[] | null }

/**
 * The collusion audit covers Droggn as well as Dobbm (the games with Schwacher and Retour):
 * a simulated Droggn log (six players at two tables of three, one colluding pair acting on
 * every chance) goes in through `POST /hand-records` with seating, and the hand audit and the
 * ranked pairs come out. Droggn's evidence is weaker than Dobbm's (docs/audit-droggn.md §4: no
 * flag at this size), so the planted pair must rank first, not be flagged. Own database: the
 * audit reads every hand.
 */
describe('collusion audit of Droggn hands', () => {
  const config: SimConfig = { game: 'droggn', players: 6, hands: 600, colludingPairs: 1, rate: 1, seed: 3 };
  const base = new URL(process.env.DATABASE_URL!);
  const dbName = `collusion_droggn_${process.pid}_${Date.now()}`;
  const auditor = bearer(AUDIT_TOKEN);
  let admin: pg.Client;
  let t: TestApp;
  let players: Player[];
  let planted: string[];
  const records: { handId: string; actions: Record<string, unknown>[] }[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    const url = Object.assign(new URL(base.toString()), { pathname: `/${dbName}` }).toString();
    await migrate(url);
    t = await startApp({ DATABASE_URL: url, AUDIT_SAMPLES: '4' });
    const cast = castPlayers(config);
    players = await newPlayers(t, cast.length, 'Droggn');
    const ids = new Map(cast.map((p, i) => [p.id, players[i]!.id]));
    const a = cast.find((p) => p.partner)!;
    planted = [ids.get(a.id)!, ids.get(a.partner!)!];
    for (const h of simulateHands(config)) {
      const seating = h.players.map((p) => ids.get(p)!);
      const res = await t.http.post('/hand-records').set(auditor).send({ ...h.record, seating }).expect(201);
      records.push({ handId: res.body.handId, actions: h.record.actions as Record<string, unknown>[] });
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  });

  it('GET /hands/{id}/audit gives the evidence of every doubling call of a Droggn hand', async () => {
    const doubled = records.find((r) => r.actions.some((a) => a.type === 'double' && a.call !== 'gut'));
    expect(doubled).toBeDefined();
    const body = (await t.http.get(`/hands/${doubled!.handId}/audit`).set(auditor).expect(200)).body;
    const calls = body.evidence.calls as Record<string, unknown>[];
    const expected = doubled!.actions.map((a, i) => [i, a.seat, a.call, a.type]).filter((a) => a[3] === 'double').map((a) => a.slice(0, 3));
    expect(calls.map((c) => [c.actionIndex, c.seat, c.call])).toEqual(expected);
    for (const c of calls) {
      expect(c).toEqual(expect.objectContaining({ doubles: c.call !== 'gut', samples: 4, unresolved: 0, multiplierBefore: expect.any(Number) }));
      expect(c.winProbabilityCaller).toBeGreaterThanOrEqual(0);
      expect(c.winProbabilityCaller).toBeLessThanOrEqual(1);
    }
    expect(body.evidence.defenders).toHaveLength(2);
    expect(body.evidence.defenders).not.toContain(body.evidence.declarer);
  });

  it('GET /audit/collusion?game=droggn ranks the planted pair first, flags no honest pair, and Dobbm sees none of the hands', async () => {
    const run = async (game: string): Promise<Job> => {
      let job = (await t.http.get('/audit/collusion').query({ game }).set(auditor)).body as Job;
      for (const deadline = Date.now() + 90_000; job.status === 'running' && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 100));
        job = (await t.http.get(`/audit/collusion/jobs/${job.jobId}`).set(auditor).expect(200)).body;
      }
      expect(job).toEqual(expect.objectContaining({ status: 'done', error: null }));
      return job;
    };
    const job = await run('droggn');
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM hands WHERE game = 'droggn' AND status = 'finished'`);
    expect(rows[0].n).toBeGreaterThan(0);
    expect(job.total).toBe(rows[0].n);
    const pairs = job.pairs!;
    const isPlanted = (r: PairRow) => planted.includes(r.declarer) && planted.includes(r.defender);
    expect(pairs.length).toBeGreaterThan(10);
    expect(isPlanted(pairs[0]!)).toBe(true);
    expect(pairs.filter((r) => !isPlanted(r) && r.tier !== null)).toEqual([]);
    expect((await run('dobbm')).total).toBe(0);
  }, 120_000);

  it('Doppelkopf has no Schwacher and Retour: asking to audit it is a 400', async () => {
    const res = await t.http.get('/audit/collusion').query({ game: 'doppelkopf' }).set(auditor);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
