import { expect } from '@jest/globals';
import type { TestApp } from './app.testkit.js';
import { AUDIT_TOKEN, bearer } from './app.testkit.js';
import { seededRng } from '../../src/engine/core/rng.js';
import { assertNothingHidden } from './oracle.testkit.js';

export interface Player {
  id: string;
  name: string;
  token: string;
}

export type View = Record<string, unknown> & {
  id: string;
  seq: number;
  toAct: number[];
  seat?: number;
  legalActions?: Record<string, unknown>[];
  result: unknown;
};

/** The engine's seeded PRNG as a function, so a failing game can be replayed. */
export const rng = (seed: number): (() => number) => seededRng(seed).next;

export async function newPlayers(t: TestApp, n: number, prefix = 'Bot'): Promise<Player[]> {
  const out: Player[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.http
      .post('/players')
      .send({ name: `${prefix} ${i}` })
      .expect(201);
    out.push(res.body as Player);
  }
  return out;
}

/** Creates a table hosted by players[0] and seats everyone in order; returns the first hand. */
export async function openTable(
  t: TestApp,
  game: string,
  rules: Record<string, unknown>,
  players: Player[],
): Promise<{ tableId: string; handId: string }> {
  const table = await t.http.post('/tables').set(bearer(players[0]!.token)).send({ game, rules }).expect(201);
  let handId = '';
  for (const [seat, p] of players.entries()) {
    const res = await t.http.post(`/tables/${table.body.id}/seats`).set(bearer(p.token)).send({ seat }).expect(201);
    if (res.body.currentHandId) handId = res.body.currentHandId;
  }
  expect(handId).not.toBe('');
  return { tableId: table.body.id, handId };
}

export async function getView(t: TestApp, handId: string, token: string): Promise<View> {
  const res = await t.http.get(`/hands/${handId}`).set(bearer(token));
  expect(res.status).toBe(200);
  return res.body as View;
}

export interface PlayOptions {
  random: () => number;
  /** Checks every seat's view (and log) against the auditor's at every step (slower). */
  oracle?: boolean;
  /** A player with no seat at the table, for the spectator view. */
  spectator?: Player;
  /** Picks the action; default: uniformly among the legal ones of the seats that may act. */
  choose?: (
    options: { seat: number; action: Record<string, unknown> }[],
    views: View[],
  ) => { seat: number; action: Record<string, unknown> };
  maxActions?: number;
}

/** Plays the hand to its end through HTTP; every move is one of a seat's own legalActions. */
export async function playHand(
  t: TestApp,
  handId: string,
  players: Player[],
  opts: PlayOptions,
): Promise<{ result: Record<string, unknown>; nextHandId: string | null; actions: number }> {
  for (let n = 0; n < (opts.maxActions ?? 400); n++) {
    const views = await Promise.all(players.map((p) => getView(t, handId, p.token)));
    if (opts.oracle) {
      const auditor = await getView(t, handId, AUDIT_TOKEN);
      const spectator = opts.spectator
        ? {
            view: await getView(t, handId, opts.spectator.token),
            log: (await t.http.get(`/hands/${handId}/events`).set(bearer(opts.spectator.token)).expect(200)).body,
          }
        : null;
      const auditorLog = (await t.http.get(`/hands/${handId}/events`).set(bearer(AUDIT_TOKEN)).expect(200)).body;
      for (const v of views) assertNothingHidden(v, auditor, spectator, v, auditorLog);
      for (const [seat, p] of players.entries()) {
        const events = await t.http.get(`/hands/${handId}/events`).set(bearer(p.token)).expect(200);
        assertNothingHidden({ events: events.body, seat } as unknown as View, auditor, spectator, views[seat]!, auditorLog);
      }
    }
    const first = views[0]!;
    if (first.result)
      return { result: first.result as Record<string, unknown>, nextHandId: (first.nextHandId as string) ?? null, actions: n };
    const options = views.flatMap((v) => (v.legalActions ?? []).map((action) => ({ seat: v.seat!, action })));
    expect(options.length).toBeGreaterThan(0);
    const pick = opts.choose ? opts.choose(options, views) : options[Math.floor(opts.random() * options.length)]!;
    const { seat: _seat, ...action } = pick.action;
    const res = await t.http
      .post(`/hands/${handId}/actions`)
      .set(bearer(players[pick.seat]!.token))
      .send({ expectedSeq: views[pick.seat]!.seq, action });
    if (res.status !== 200)
      throw new Error(`action ${JSON.stringify(action)} by seat ${pick.seat} → ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.result) return { result: res.body.result, nextHandId: res.body.nextHandId ?? null, actions: n + 1 };
  }
  throw new Error(`hand ${handId} did not end`);
}

/**
 * A faster player for long sessions: asks one seat's view for whose turn it is, then plays a
 * legal action of the first seat to act (announcement-only options of other seats are skipped).
 */
export async function playHandQuickly(
  t: TestApp,
  handId: string,
  players: Player[],
  random: () => number,
): Promise<{ result: Record<string, unknown>; nextHandId: string | null; view: View }> {
  let view = await getView(t, handId, players[0]!.token);
  const first = view;
  for (let n = 0; n < 400; n++) {
    if (view.result)
      return { result: view.result as Record<string, unknown>, nextHandId: (view.nextHandId as string) ?? null, view: first };
    const actor = view.toAct[0]!;
    if (view.seat !== actor) view = await getView(t, handId, players[actor]!.token);
    const options = view.legalActions!.filter((a) => a.type !== 'announce');
    const pool = options.length > 0 ? options : view.legalActions!;
    const { seat: _seat, ...action } = pool[Math.floor(random() * pool.length)]!;
    const res = await t.http.post(`/hands/${handId}/actions`).set(bearer(players[actor]!.token)).send({ expectedSeq: view.seq, action });
    if (res.status !== 200)
      throw new Error(`action ${JSON.stringify(action)} by seat ${actor} → ${res.status} ${JSON.stringify(res.body)}`);
    view = res.body as View;
  }
  throw new Error(`hand ${handId} did not end`);
}

/** Two app instances on one database and a four-player Dobbm hand dealt through the first. */
export interface SharedHand {
  a: TestApp;
  b: TestApp;
  players: Player[];
  handId: string;
  close(): Promise<void>;
}

export async function dobbmOnTwoInstances(start: () => Promise<TestApp>): Promise<SharedHand> {
  const [a, b] = await Promise.all([start(), start()]);
  const players = await newPlayers(a, 4);
  const { handId } = await openTable(a, 'dobbm', {}, players);
  return { a, b, players, handId, close: async () => void (await Promise.all([a.close(), b.close()])) };
}

/** A table opened by the first player (Dobbm unless `body` names a game) with every player seated in order: its first hand. */
export async function seatedTable(
  t: TestApp,
  players: Player[],
  body: Record<string, unknown>,
): Promise<{ tableId: string; handId: string }> {
  const table = await t.http
    .post('/tables')
    .set(bearer(players[0]!.token))
    .send({ game: 'dobbm', ...body })
    .expect(201);
  let handId = '';
  for (const [seat, p] of players.entries()) {
    const res = await t.http.post(`/tables/${table.body.id}/seats`).set(bearer(p.token)).send({ seat }).expect(201);
    if (res.body.currentHandId) handId = res.body.currentHandId;
  }
  return { tableId: table.body.id as string, handId };
}

/** Picks a pass where one may (a Dobbm deal everyone passes is thrown in: a hand of four decisions), else the first option. */
export const passWhereOneMay = (options: { seat: number; action: Record<string, unknown> }[]) =>
  options.find((o) => o.action.bid === 'pass') ?? options[0]!;

/**
 * Plays a hand whose first seat to act is away from the start (POST /hands/{id}/away; the table
 * needs a turn clock): its substitute plays every one of its turns, the others pass where they
 * may, else play their first option. Returns the away seat.
 */
export async function playWithSeatAway(t: TestApp, handId: string, players: Player[]): Promise<number> {
  const away = (await getView(t, handId, players[0]!.token)).toAct[0]!;
  await t.http.post(`/hands/${handId}/away`).set(bearer(players[away]!.token)).expect(200);
  for (let n = 0; n < 400; n++) {
    const view = await getView(t, handId, players[0]!.token);
    if (view.result) return away;
    const actor = view.toAct[0]!;
    const own = actor === away ? null : await getView(t, handId, players[actor]!.token);
    if (!own?.legalActions?.length) {
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    const { seat: _seat, ...action } = passWhereOneMay(own.legalActions.map((a) => ({ seat: actor, action: a }))).action;
    await t.http.post(`/hands/${handId}/actions`).set(bearer(players[actor]!.token)).send({ expectedSeq: own.seq, action }).expect(200);
  }
  throw new Error(`hand ${handId} did not end`);
}
