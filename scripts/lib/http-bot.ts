import { KartentischClient, ProblemError, type Game, type HandResult, type HandView, type Player } from './api-client.js';
import type { Rng } from '../../src/engine/core/rng.js';
import { chooseAction, type Action } from '../../src/solvers/search/strategy.js';

/**
 * Bots that play over the public HTTP API exactly as a client app would: each seat reads its
 * own view with its own token and, when its seat is to act, posts one of the view's
 * `legalActions` with `expectedSeq` = the view's `seq` (docs/contract.md; src/hands/views.ts).
 */

/** One seated player at one table. */
export class SeatBot {
  constructor(
    readonly api: KartentischClient,
    readonly player: Player,
    readonly seat: number,
    readonly game: Game,
    private readonly rng: Rng,
    /** Send every action with an Idempotency-Key, as a client that retries safely does. */
    private readonly keyed = false,
  ) {}

  /** What this seat plays from `view` (one of its legalActions). */
  choose(view: HandView): Action {
    return chooseAction(this.game, view, this.rng);
  }

  /** The Idempotency-Key of this seat's action at `seq`, when it sends keys. */
  keyFor(handId: string, seq: number): string | undefined {
    return this.keyed ? `${handId}:${seq}:${this.seat}` : undefined;
  }

  view(handId: string): Promise<HandView> {
    return this.api.view(handId, this.player);
  }

  /**
   * Chooses from `view` and posts it. A 409 STALE_SEQ (someone acted since the view was
   * read) is answered by reading the view again and choosing afresh, a bounded number of times.
   */
  async act(handId: string, view: HandView): Promise<HandView> {
    let current = view;
    for (let attempt = 0; ; attempt++) {
      const action = this.choose(current);
      try {
        const key = this.keyFor(handId, current.seq);
        return await this.api.act(handId, this.player, current.seq, action, key);
      } catch (err) {
        if (!(err instanceof ProblemError) || err.code !== 'STALE_SEQ' || attempt >= 5) throw err;
        current = await this.view(handId);
        if (!isMyTurn(current, this.seat)) return current;
      }
    }
  }
}

export interface PlayedHand {
  handId: string;
  /** False when `shouldStop` or `maxActions` ended the loop before the hand was over. */
  finished: boolean;
  actions: number;
  result: HandResult | null;
  /** The hand dealt next at the same table; null when the session has ended. */
  nextHandId: string | null;
}

/** Hard cap per hand: the longest hands (Doppelkopf with announcements) take ~70 actions. */
const MAX_ACTIONS_PER_HAND = 400;

/**
 * Plays one hand to its end. Whoever is in `toAct` reads its own view (unless the answer it
 * just got already is that view) and acts; the answer to the hand's last action carries
 * `nextHandId`. `shouldStop` and `maxActions` let a bounded caller stop between actions.
 */
export async function playHand(
  handId: string,
  bots: readonly SeatBot[],
  limits: { shouldStop?: () => boolean; maxActions?: number } = {},
): Promise<PlayedHand> {
  const shouldStop = limits.shouldStop ?? (() => false);
  const maxActions = limits.maxActions ?? Infinity;
  let view = await bots[0]!.view(handId);
  let actions = 0;
  for (let step = 0; view.status === 'active' || (view.status === undefined && !view.result); step++) {
    if (shouldStop() || actions >= maxActions) return { handId, finished: false, actions, result: null, nextHandId: null };
    // Counts reads too: a seat in toAct that never gets a legal action must not spin forever.
    if (step >= 2 * MAX_ACTIONS_PER_HAND) throw new Error(`hand ${handId} did not end within ${MAX_ACTIONS_PER_HAND} actions`);
    const seat = view.toAct[0];
    const bot = seat === undefined ? undefined : bots.find((b) => b.seat === seat);
    if (!bot)
      throw new Error(
        `hand ${handId} is ${view.status} in phase ${view.phase} but no seated bot is to act (toAct ${JSON.stringify(view.toAct)})`,
      );
    const own = view.seat === seat ? view : await bot.view(handId);
    if (!isMyTurn(own, seat!)) {
      view = own;
      continue;
    }
    view = await bot.act(handId, own);
    actions++;
  }
  return { handId, finished: true, actions, result: view.result ?? null, nextHandId: view.nextHandId ?? null };
}

function isMyTurn(view: HandView, seat: number): boolean {
  return view.toAct.includes(seat) && (view.legalActions?.length ?? 0) > 0;
}
