import { expect } from '@jest/globals';
import { castPlayers, simulateHands, type SimConfig } from '../../src/collusion/sim/simulate.js';
import { AUDIT_TOKEN, bearer, type TestApp } from './app.testkit.js';
import { newPlayers, type Player } from './bots.testkit.js';

export interface PairRow {
  declarer: string;
  defender: string;
  handsAsPair: number;
  p: number;
  method: 'normal' | 'monte-carlo' | 'exact' | 'untested';
  tier: 'strong' | 'review' | null;
  mutual: boolean;
}
export interface Job {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  error: string | null;
  pairs: PairRow[] | null;
  unevaluated?: { handId: string; code: string; detail: string; actionIndex?: number }[];
}

const auditor = bearer(AUDIT_TOKEN);

/** Starts (or joins) the collusion job for `query` and polls it until it is done. */
export async function auditUntilDone(t: TestApp, query: Record<string, string | number> = {}): Promise<Job> {
  const first = await t.http.get('/audit/collusion').query(query).set(auditor);
  expect([200, 202]).toContain(first.status);
  let job = first.body as Job;
  for (const deadline = Date.now() + 90_000; job.status === 'running' && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 100));
    job = (await t.http.get(`/audit/collusion/jobs/${job.jobId}`).set(auditor).expect(200)).body;
  }
  expect(job).toEqual(expect.objectContaining({ status: 'done', error: null }));
  return job;
}

/** `GET /hands/{id}/audit` as the auditor, waiting up to 30 s for a worker to store the hand's evidence (202 only after that). */
export const handAudit = (t: TestApp, handId: string) => t.http.get(`/hands/${handId}/audit`).set(auditor).set('Prefer', 'wait=30');

export interface ImportedLog {
  players: Player[];
  /** The first colluding pair's player ids. */
  planted: [string, string];
  hands: { handId: string; actions: Record<string, unknown>[] }[];
}

/** A simulated log imported through `POST /hand-records`, every simulated player a real one, seating included. */
export async function importSimulatedLog(t: TestApp, config: SimConfig, namePrefix: string): Promise<ImportedLog> {
  const cast = castPlayers(config);
  const players = await newPlayers(t, cast.length, namePrefix);
  const ids = new Map(cast.map((p, i) => [p.id, players[i]!.id]));
  const a = cast.find((p) => p.partner)!;
  const hands: ImportedLog['hands'] = [];
  for (const h of simulateHands(config)) {
    const seating = h.players.map((p) => ids.get(p)!);
    const res = await t.http
      .post('/hand-records')
      .set(auditor)
      .send({ ...h.record, seating })
      .expect(201);
    hands.push({ handId: res.body.handId, actions: h.record.actions as Record<string, unknown>[] });
  }
  return { players, planted: [ids.get(a.id)!, ids.get(a.partner!)!], hands };
}
