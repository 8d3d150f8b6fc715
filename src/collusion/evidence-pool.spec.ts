import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { gameFor, playOut, shuffle, type HandRecord } from '../engine/index.js';
import { EvidencePool } from './evidence-pool.js';

/** A finished Dobbm hand, each seat taking its first legal action. */
function firstLegalHand(): HandRecord {
  const game = gameFor('dobbm');
  const rules = { players: 4 };
  const parsed = game.parseOptions(rules);
  if (!parsed.ok) throw new Error(parsed.rejection.message);
  const deck = shuffle('7'.padStart(64, '0'), game.deck(parsed.options));
  const { actions } = playOut(game, { options: parsed.options, source: { deck }, setup: { dealer: 0 } }, (state, toAct) => ({
    ...game.legalActions(state, toAct[0]!)[0]!,
    seat: toAct[0]!,
  }));
  return { game: 'dobbm', rules, dealer: 0, deck, actions };
}

/** This process's threads' nice values (/proc/self/task/<tid>/stat after the command: nice is the 17th field). */
const threadNices = (): number[] =>
  readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16])];
    } catch {
      return []; // a thread that ended meanwhile
    }
  });

// Linux only (elsewhere a thread has no nice value of its own), and not in a run niced already.
const linux = process.platform === 'linux' && os.getPriority() < 19;

describe('the audit’s worker threads (AUDIT_PRIORITY)', () => {
  (linux ? it : it.skip)(
    'compute at the lowest priority by default, and at the caller’s when asked',
    async () => {
      const record = firstLegalHand();
      const lowered = async (pool: EvidencePool): Promise<boolean> => {
        try {
          const evidence = await pool.sharing({ record, worlds: 1, seed: 1 });
          expect(evidence.estimator).toBe('card-sharing-v1-w1-e3');
          return threadNices().includes(19);
        } finally {
          await pool.close();
        }
      };
      expect(await lowered(new EvidencePool(1, 'caller'))).toBe(false);
      expect(await lowered(new EvidencePool(1))).toBe(true);
    },
    60_000,
  );
});
