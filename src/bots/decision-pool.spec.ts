import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from '@jest/globals';
import { gameFor, seededRng, shuffle } from '../engine/index.js';
import { heuristicBot } from '../engine/doppelkopf/bots.js';
import type { DokoState } from '../engine/doppelkopf/index.js';
import { DecisionPool } from './decision-pool.js';
import { CALLER_PRIORITY } from '../workers/priority.js';
import type { SeatInput } from '../solvers/search/seat-input.js';
import { seatInputOf } from './seat-play.js';

/** A Doppelkopf hand played by the engine's bots into its card play, at a seat with a choice. */
function cardPlayInput(): SeatInput {
  const game = gameFor('doppelkopf');
  const parsed = game.parseOptions({});
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const setup = { dealer: 0 };
  let state = game.deal(parsed.options, shuffle('ab'.repeat(32), game.deck(parsed.options)), setup) as DokoState;
  const actions = [];
  const bot = heuristicBot();
  const rng = seededRng(7);
  for (;;) {
    const seat = game.toAct(state)[0]!;
    if (state.phase === 'play' && game.legalActions(state, seat).length > 2)
      return seatInputOf(game, { options: parsed.options, setup, state, actions }, seat);
    const action = bot(state, seat, rng);
    const applied = game.apply(state, action);
    if (!applied.ok) throw new Error(applied.rejection.message);
    actions.push(action);
    state = applied.state as DokoState;
  }
}

describe('the strong bots’ decision pool', () => {
  // Worlds enough that every decision would think its whole time if it were given it. At the
  // caller's priority: at the lowest, a machine whose other sessions keep its cores busy would
  // starve the worker, and the deadlines under test would run out for that reason instead.
  const pool = new DecisionPool(1, { worlds: 100_000, timeMs: 400, endgameTricks: 4 }, 'caller');
  const lowest = new DecisionPool(1, { worlds: 1, timeMs: 50, endgameTricks: 4 });
  afterAll(() => Promise.all([pool.close(), lowest.close()]));

  it('answers a burst of decisions on one worker by search: their time counts from when they were asked', async () => {
    const input = cardPlayInput();
    // The worker starts on its first decision (slowly, under a test runner): wait for it.
    for (let i = 0; pool.searched === 0 && i < 30; i++) await pool.decide(input, i);
    expect(pool.searched).toBeGreaterThan(0);
    const fallbacks = pool.fallbacks;
    // Four tables ask at once: were each decision given its full time once the worker picks it up,
    // the last would still wait past its deadline (the time plus a second's grace). Counted from
    // the ask, the third thinks less and the last one world, which leaves it half a second; with
    // more decisions behind it, a loaded machine's slow worlds ran out of that half second too.
    const actions = await Promise.all(Array.from({ length: 4 }, (_, i) => pool.decide(input, 100 + i)));
    expect(actions).toHaveLength(4);
    expect(pool.fallbacks - fallbacks).toBe(0);
  }, 60_000);

  /** The pids of this process's decision workers at the caller's priority. */
  const callerPriorityWorkers = (): string[] =>
    readdirSync('/proc').filter((pid) => {
      try {
        const cmdline = /^\d+$/.test(pid) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
        const ppid = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1];
        return ppid === String(process.pid) && cmdline.includes('decision-worker') && cmdline.includes(CALLER_PRIORITY);
      } catch {
        return false; // not a process, or one that ended meanwhile
      }
    });

  (process.platform === 'linux' ? it : it.skip)(
    'a worker that stops answering is ended and replaced: the decisions after it are searched again',
    async () => {
      const before = new Set(callerPriorityWorkers());
      // Hung once a decision is 2 s past its deadline (the service's pool waits longer: task-pool.ts).
      const hung = new DecisionPool(1, { worlds: 100_000, timeMs: 300, endgameTricks: 4 }, 'caller', 2000);
      let stopped: string | undefined;
      try {
        const input = cardPlayInput();
        for (let i = 0; hung.searched === 0 && i < 30; i++) await hung.decide(input, i);
        expect(hung.searched).toBeGreaterThan(0);
        [stopped] = callerPriorityWorkers().filter((pid) => !before.has(pid));
        expect(stopped).toBeDefined();
        // The worker hangs (as a search that never ends would): it answers nothing any more.
        process.kill(Number(stopped), 'SIGSTOP');
        const searched = hung.searched;
        for (const end = Date.now() + 20_000; hung.searched === searched && Date.now() < end;) await hung.decide(input, 1000);
        expect(hung.searched).toBeGreaterThan(searched);
      } finally {
        if (stopped) {
          try {
            process.kill(Number(stopped), 'SIGKILL');
          } catch {
            // ended by the pool already
          }
        }
        await hung.close();
      }
    },
    60_000,
  );

  it('a closed pool refuses a decision instead of searching on the main thread', async () => {
    const closed = new DecisionPool(1, { worlds: 1, timeMs: 50, endgameTricks: 4 }, 'caller');
    await closed.close();
    await expect(closed.decide(cardPlayInput(), 1)).rejects.toThrow(/closed/);
    expect([closed.searched, closed.fallbacks]).toEqual([0, 0]);
  });

  // Linux with autogroup scheduling only: elsewhere there is no session group to lower.
  const autogroup = process.platform === 'linux' && existsSync('/proc/self/autogroup');
  (autogroup ? it : it.skip)(
    'searches in a process of its own session, every thread of it and its scheduling group at the lowest priority',
    async () => {
      // Started by its first decision, answered or not.
      await lowest.decide(cardPlayInput(), 0);
      // /proc/<pid>/stat after the command: state, ppid, pgrp, session, … nice is the 17th field.
      const stat = (file: string) => readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      const workers = readdirSync('/proc').filter((pid) => {
        try {
          const cmdline = /^\d+$/.test(pid) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
          return (
            stat(`/proc/${pid}/stat`)[1] === String(process.pid) &&
            cmdline.includes('decision-worker') &&
            !cmdline.includes(CALLER_PRIORITY)
          );
        } catch {
          return false; // not a process, or one that ended meanwhile
        }
      });
      expect(workers).toHaveLength(1);
      const pid = workers[0]!;
      const seen = () => ({
        session: stat(`/proc/${pid}/stat`)[3],
        group: readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim().split(' nice ')[1],
        nices: [...new Set(readdirSync(`/proc/${pid}/task`).map((tid) => stat(`/proc/${pid}/task/${tid}/stat`)[16]))],
      });
      // The worker lowers itself once its modules are loaded (slowly, from sources on a busy machine):
      // its scheduling group first, then each thread, so the wait is for both.
      const lowered = (): boolean => seen().group === '19' && seen().nices.every((n) => n === '19');
      for (let i = 0; i < 200 && !lowered(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen()).toEqual({ session: pid, group: '19', nices: ['19'] });
    },
    60_000,
  );
});
