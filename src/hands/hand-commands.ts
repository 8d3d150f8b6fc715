import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '../common/problems.js';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { DatabaseService, onCommit, type Tx } from '../database/database.service.js';
import { canonicalJson, sha256Hex } from '../events/canonical.js';
import { decide, type Actor, type Decision, type HandCommand, type Stale } from './decide.js';
import { HAND_END, type HandEnd, type Opening } from './hand-end.js';
import { HandCache, type CachedHand } from './hand-cache.js';
import type { HandRow, HandStatus } from './hand-row.js';
import { append, holdOf, loadHand, markReady, setAway, storedAnswer, type Appended, type Hold, type StoredAnswer } from './hand-store.js';
import { HandWatch, type SeqMove } from './hand-watch.js';
import { SeatPresence } from './presence.js';

/**
 * An action's answer, the seat's new view, with its JSON: serialized once, and sent as it is —
 * as the answer, as the answer stored under an Idempotency-Key, and as the seat's stream line.
 */
export interface ActAnswer {
  view: Record<string, unknown>;
  json: string;
}

export interface HandleOptions {
  /** The client's Idempotency-Key: a retry gets the first answer and appends nothing. */
  idempotencyKey?: string;
  /**
   * The service's own id for a command no client sent (a bot's or a substitute's move,
   * `serverCommandId`): the event's command id, with no answer stored or read under it.
   */
  commandId?: string;
  /**
   * Told the answer once its event is stored and cached, before this instance's readers of the
   * hand are woken: a WebSocket that will send it as the answer sends its seat no line for it.
   */
  onStored?: (answer: ActAnswer) => void;
}

/** An Idempotency-Key as stored: scoped to player and hand, with the hash of the request that earned its answer. */
type Idem = { key: string; requestHash: string };

/**
 * The one command handler of a hand. Every event of every hand is written here: a seat's action
 * (`handle`: the POST, both WebSockets and the bots are its adapters) and a hand's opening (`open`:
 * a table's deal, an imported record). An action is decided on a copy of the hand (`decide`, no
 * I/O) and appended on the condition that the hand is still where the copy was
 * (hand-store.ts `append`); the copy is the cached one first, then — once, if it was stale — a
 * fresh read. When the event ends the hand, its table's part (HAND_END: book it, deal the next)
 * runs in the same transaction, and this handler opens the next hand there too.
 */
@Injectable()
export class HandCommands {
  // @Inject by token or class: works also where no decorator metadata is emitted (tsx).
  constructor(
    @Inject(DatabaseService) private readonly db: DatabaseService,
    @Inject(HandCache) private readonly cache: HandCache,
    @Inject(HandWatch) private readonly watch: HandWatch,
    @Inject(HAND_END) private readonly handEnd: HandEnd,
    @Inject(SETTINGS) private readonly settings: Settings,
    @Inject(SeatPresence) private readonly presence: SeatPresence,
  ) {}

  /**
   * Usually one round-trip: the cached copy decides and the append is one conditional statement.
   * A failed condition (another request or instance was first) reloads the hand once: then
   * either the client's seq is stale (409) or our copy was, and it is decided again. An
   * Idempotency-Key costs no round-trip of its own: the append stores the answer under the key
   * and fails if the key was answered before; that answer comes with the reload, and is read once
   * more only when a race was lost — a concurrent retry may have won it.
   */
  async handle(handId: string, cmd: HandCommand, opts: HandleOptions = {}): Promise<ActAnswer> {
    // The key names this one request: the same key with another body is refused, not answered.
    const idem: Idem | null = opts.idempotencyKey
      ? {
          key: sha256Hex(`${cmd.actor.playerId}\n${handId}\n${opts.idempotencyKey}`),
          requestHash: sha256Hex(canonicalJson({ expectedSeq: cmd.expectedSeq, action: cmd.action })),
        }
      : null;

    const cached = this.cache.get(handId);
    if (cached) {
      const first = await this.onCachedCopy(cached, cmd, idem, opts);
      if ('answer' in first) return first.answer;
    }

    const at = await this.cache.locate(this.db.pool, handId);
    const { answer: prior, ...fresh } = await loadHand(this.db.pool, at, idem ? { answerTo: idem.key } : {});
    if (prior && idem) return answered(prior, idem);
    this.cache.set(fresh);
    const second = await this.decideAndAppend(fresh, cmd, idem, opts, true);
    if ('answer' in second) return second.answer;

    // Stale, or lost a race on a fresh copy: a concurrent request with the same key may have won it.
    const late = idem ? await storedAnswer(this.db.pool, at.tableId, idem.key) : undefined;
    if (late && idem) return answered(late, idem);
    throw staleSeq(cmd.expectedSeq, second.currentSeq ?? null);
  }

  /**
   * A seated person leaves the hand to the seat's substitute (`away`: it plays each of the seat's
   * decisions at a bot's pace) or takes the seat back (its clock runs again). Acting takes the
   * seat back too (hand-row.ts SeatTurn). Not an event; the hand's copies here are dropped.
   */
  async setAway(handId: string, actor: Actor, away: boolean): Promise<void> {
    const at = await this.cache.locate(this.db.pool, handId);
    const hand = this.cache.get(handId) ?? (await loadHand(this.db.pool, at));
    const seat = hand.seating.indexOf(actor.playerId);
    if (seat < 0) throw ApiError.of('NOT_SEATED', 'only the players seated at this hand may leave it or come back');
    const change = await this.db.transaction(async (tx) => {
      const done = await setAway(tx, at, seat, away, this.settings.botPaceMs);
      // Back at the table: an offer of the seat made while its player was away lapses with it.
      if (done.kind === 'changed' && !away && hand.tableId)
        await this.handEnd.seatBack(tx, { tableId: hand.tableId, seat, playerId: actor.playerId });
      if (done.kind === 'changed') onCommit(tx, () => this.watch.seatsChanged({ handId, seq: done.seq, status: done.status }));
      return done;
    });
    if (change.kind === 'changed') this.cache.drop(handId);
    if (change.kind === 'closed')
      throw ApiError.of('HAND_CLOSED', 'the hand is over: the next one starts with every seat as it was at its end');
  }

  /**
   * The seated person has read the table's last result and wants the next hand (POST
   * /tables/{id}/ready): the hand's wait ends once every person is ready (`bots`: the seats bots
   * hold). Not an event; a change reaches the hand's readers as a change of its seats.
   */
  async markReady(handId: string, actor: Actor, bots: readonly number[]): Promise<Omit<Hold, 'changed'>> {
    const at = await this.cache.locate(this.db.pool, handId);
    const hand = this.cache.get(handId) ?? (await loadHand(this.db.pool, at));
    const seat = hand.seating.indexOf(actor.playerId);
    // Seated at the table (the caller checked) but not at this hand: a holder who took a seat over
    // plays from the next hand, so his "next" holds nothing up; he is told the wait as it is.
    if (seat < 0) return holdOf(this.db.pool, at);
    const hold = await this.db.transaction(async (tx) => {
      const done = await markReady(tx, at, seat, bots);
      if (done.changed) onCommit(tx, () => this.watch.seatsChanged({ handId, seq: 0, status: 'active' }));
      return done;
    });
    if (hold.changed) this.cache.drop(handId);
    return { heldUntil: hold.heldUntil, ready: hold.ready };
  }

  /**
   * Opens a hand in `tx`: its row and opening events in one conditional insert; once committed,
   * every instance hears of it as of a move (the bots learn of a new deal this way).
   */
  async open(tx: Tx, opening: Opening): Promise<void> {
    await append(tx, { open: opening.hand }, opening.events, opening.projection);
    const { id } = opening.hand;
    const { seq, status } = opening.projection;
    if (status === 'active') onCommit(tx, () => this.watch.committed({ handId: id, seq, status }));
  }

  /**
   * Decided on the cached copy. If the copy refuses the action and a key came with it, the key's
   * stored answer (or IDEMPOTENCY_KEY_REUSED) takes precedence: a request repeated after its
   * success must get that answer whatever the copy says.
   */
  private async onCachedCopy(
    hand: HandRow,
    cmd: HandCommand,
    idem: Idem | null,
    opts: HandleOptions,
  ): Promise<{ answer: ActAnswer } | Stale> {
    try {
      return await this.decideAndAppend(hand, cmd, idem, opts, false);
    } catch (err) {
      const prior = idem && err instanceof ApiError ? await storedAnswer(this.db.pool, hand.homeTableId, idem.key) : undefined;
      if (prior && idem) return { answer: answered(prior, idem) };
      throw err;
    }
  }

  private async decideAndAppend(
    hand: HandRow,
    cmd: HandCommand,
    idem: Idem | null,
    opts: HandleOptions,
    copyIsCurrent: boolean,
  ): Promise<{ answer: ActAnswer } | Stale> {
    const decision = decide(hand, cmd, copyIsCurrent, { now: new Date(), awayPaceMs: this.settings.botPaceMs });
    if ('stale' in decision) return decision;
    return this.append(hand, decision, idem, opts);
  }

  /** Appends the decided event after the copy's seq; a lost race drops the copy and is stale. */
  private async append(hand: HandRow, decision: Decision, idem: Idem | null, opts: HandleOptions): Promise<{ answer: ActAnswer } | Stale> {
    const { event: e, projection, answer, turn } = decision;
    answer.present = this.presence.knownSeats(hand.tableId, hand.seating);
    // Serialized when first needed: by the store of an Idempotency-Key's answer, after the hand's end added to it.
    let json: string | undefined;
    const answerJson = () => (json ??= JSON.stringify(answer));
    const result = projection.result;
    const ended = result
      ? async (tx: Tx, written: Appended) => {
          // The seats away as the row has them now: they stay away in the next hand.
          const next = await this.handEnd.afterHand(
            tx,
            { ...hand, away: written.away, misses: written.misses, awaySince: written.awaySince },
            projection.state,
            result,
          );
          if (!next) return;
          await this.open(tx, next);
          answer.nextHandId = next.hand.id;
          // The next hand is dealt at the same table: its seats' first views need no route lookup.
          this.cache.setRoute(next.hand.id, hand.homeTableId);
        }
      : undefined;
    const event = { ...e, commandId: idem?.key ?? opts.commandId ?? randomUUID(), createdAt: projection.finishedAt ?? new Date() };
    const expected = {
      tableId: hand.homeTableId,
      handId: hand.id,
      seq: hand.seq,
      lastHash: hand.lastHash,
      stateSeq: hand.stateSeq,
      away: hand.away,
    };
    // The move is announced on this instance once the new hand is cached, not when its notification comes.
    const announce = this.watch.writing(hand.id, e.seq);
    let moved: SeqMove | null = null;
    try {
      const written = await append(this.db, expected, event, projection, {
        ...(idem ? { idempotency: { ...idem, answer: answerJson } } : {}),
        ...(ended ? { beforeCommit: ended } : {}),
        turn,
      });
      if (!written.appended) {
        this.cache.drop(hand.id);
        return { stale: true };
      }
      const sent: ActAnswer = { view: answer, json: answerJson() };
      // Offers are not written by the append: an offer announced while this action was decided
      // may have been read into the cache since, so the newer copy's word on them is kept.
      const latest = this.cache.get(hand.id);
      const offered = (latest && latest.seq >= hand.seq ? latest.offered : hand.offered) ?? [];
      const cached: CachedHand = {
        ...hand,
        seq: e.seq,
        state: projection.state,
        lastHash: written.hash,
        stateSeq: written.stateSeq,
        status: projection.status as HandStatus,
        phase: projection.phase,
        toAct: projection.toAct,
        deadline: projection.deadline,
        away: written.away,
        misses: written.misses,
        awaySince: written.awaySince,
        // An offer holds while its player is away and the hand under way: the seat's own action ends it.
        offered: projection.status === 'active' ? offered.filter((s) => written.away.includes(s)) : [],
        answered: { seat: e.seat, json: sent.json, present: answer.present as number[] },
      };
      this.cache.set(cached);
      // A player who acts while away is back: any offer of the seat lapses. Not in the action's
      // transaction (the hot path stays one statement); a seat is handed on only under an offer
      // made since its player last went away (tables.service.ts), so a withdrawal lost here
      // leaves nobody a way in.
      const player = hand.seating[turn.seat];
      if (turn.kind === 'acted' && hand.away.includes(turn.seat) && hand.tableId && player) {
        await this.handEnd.seatBack(this.db.pool, { tableId: hand.tableId, seat: turn.seat, playerId: player }).catch(() => undefined);
      }
      opts.onStored?.(sent);
      moved = { handId: hand.id, seq: e.seq, status: projection.status };
      return { answer: sent };
    } finally {
      announce(moved);
    }
  }
}

/**
 * The command id of a move the service makes itself at a hand's seq (`by`: a bot, a substitute).
 * A client's key becomes a command id only as a SHA-256 in hex (or a random UUID without one),
 * which never has a colon: whatever key a client sends, it cannot take or answer for this id.
 * Instances racing the same move name it alike, so the log's unique command id admits one.
 */
export const serverCommandId = (by: 'bot' | 'substitute', handId: string, seq: number): string => `${by}:${handId}:${seq}`;

/** A stored answer to the same key: given again as it was sent, unless the key came with another body. */
function answered(stored: StoredAnswer, idem: Idem): ActAnswer {
  if (stored.requestHash !== null && stored.requestHash !== idem.requestHash) {
    throw ApiError.of('IDEMPOTENCY_KEY_REUSED', 'this Idempotency-Key was sent with another body; use a new key for a new request');
  }
  return { view: JSON.parse(stored.body) as Record<string, unknown>, json: stored.body };
}

function staleSeq(expected: number, current: number | null): ApiError {
  const at = current === null ? 'the hand has moved on' : `the hand is at seq ${current}`;
  return ApiError.of(
    'STALE_SEQ',
    `expected seq ${expected}, but ${at}; fetch the hand and retry`,
    current === null ? {} : { currentSeq: current },
  );
}
