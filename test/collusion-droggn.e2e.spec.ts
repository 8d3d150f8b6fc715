import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { playDroggnHand } from '../src/analysis/droggn/play-hand.js';
import { shuffled } from '../src/analysis/sampling.js';
import { seededRng } from '../src/engine/core/rng.js';
import { DECK, heuristicBot } from '../src/engine/droggn/index.js';
import { defaultOptions } from '../src/engine/droggn/options.js';
import { migrate } from '../src/database/migrations.js';
import { AUDIT_TOKEN, bearer, startApp, type TestApp } from './support/app.js';
import { newPlayers, type Player } from './support/bots.js';

interface Job { jobId: string; status: string; done: number; total: number; error: string | null; pairs: { declarer: string; defender: string; handsAsPair: number }[] | null }

/**
 * The collusion audit covers Droggn as well as Dobbm (the games with Schwacher and Retour):
 * Droggn hands played by the engine's heuristic bots go in through `POST /hand-records`,
 * and the hand audit and the ranked pairs come out. Own database: the audit reads every hand.
 */
describe('collusion audit of Droggn hands', () => {
  const base = new URL(process.env.DATABASE_URL!);
  const dbName = `collusion_droggn_${process.pid}_${Date.now()}`;
  const auditor = bearer(AUDIT_TOKEN);
  let admin: pg.Client;
  let t: TestApp;
  let players: Player[];
  const records: { handId: string; actions: Record<string, unknown>[] }[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    const url = Object.assign(new URL(base.toString()), { pathname: `/${dbName}` }).toString();
    await migrate(url);
    t = await startApp({ DATABASE_URL: url, AUDIT_SAMPLES: '4' });
    players = await newPlayers(t, 3, 'Droggn');
    const rng = seededRng(11);
    const options = defaultOptions();
    // one bold doubler, so that there are Schwacher and Retour calls to audit
    const bots = [heuristicBot({ doubleBias: 10 }), heuristicBot(), heuristicBot({ bidBias: 4 })];
    for (let i = 0; i < 40; i++) {
      const played = playDroggnHand(options, { players: 3 }, { deck: shuffled(DECK, rng) }, i % 3, bots, rng);
      const res = await t.http.post('/hand-records').set(auditor).send({ ...played.record, seating: players.map((p) => p.id) }).expect(201);
      records.push({ handId: res.body.handId, actions: played.record.actions as Record<string, unknown>[] });
    }
  }, 120_000);
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

  it('GET /audit/collusion?game=droggn ranks the pairs of the Droggn hands, and Dobbm sees none of them', async () => {
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
    const ids = players.map((p) => p.id);
    expect(job.pairs!.length).toBeGreaterThan(0);
    for (const r of job.pairs!) {
      expect(ids).toContain(r.declarer);
      expect(ids).toContain(r.defender);
      expect(r.declarer).not.toBe(r.defender);
    }
    expect((await run('dobbm')).total).toBe(0);
  }, 120_000);

  it('Doppelkopf has no Schwacher and Retour: asking to audit it is a 400', async () => {
    const res = await t.http.get('/audit/collusion').query({ game: 'doppelkopf' }).set(auditor);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });
});
