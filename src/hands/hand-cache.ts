import { Inject, Injectable } from '@nestjs/common';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { ApiError } from '../common/problems.js';
import type { HandRow } from './hand-row.js';
import { routeOf, type HandAt, type Queryable } from './hand-store.js';

/**
 * A cached hand; when this instance wrote its last action lately, that action's answer (its
 * actor's view, as sent), which the streams send as that seat's line.
 */
export type CachedHand = HandRow & { answered?: { seat: number; json: string; present: readonly number[] } };

/**
 * At most this many characters of answers are kept, the latest ones. The streams take an answer
 * within moments of its action; kept with every idle hand, the largest answers (Droggn's discard
 * views list every legal discard) would fill the heap of a server with many tables in play.
 * The bound holds a few seconds of answers at the busiest rate the service has been driven at.
 */
const ANSWERS_MAX_CHARS = 4_000_000;

/**
 * The hands this instance wrote or read lately, so the action path can skip reading the row.
 * Never trusted blindly: every append is conditional on the row's seq (hand-store.ts), and a
 * failed condition reloads from PostgreSQL — so several instances stay correct.
 */
@Injectable()
export class HandCache {
  private readonly rows = new Map<string, CachedHand>();
  /** hand id → the table its rows live under (hand_tables): written once, so always current. */
  private readonly routes = new Map<string, string>();
  private readonly limit: number;
  /** hand id → the length of the answer its cached row carries, oldest first. */
  private readonly answers = new Map<string, number>();
  private answerChars = 0;

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.limit = settings.handCacheSize;
  }

  get(id: string): CachedHand | undefined {
    return this.rows.get(id);
  }

  set(row: CachedHand): void {
    this.drop(row.id);
    if (row.status !== 'active') return this.setRoute(row.id, row.homeTableId);
    this.rows.set(row.id, row);
    // Maps iterate in insertion order: the first key is the least recently written.
    if (this.rows.size > this.limit) this.drop(this.rows.keys().next().value!);
    if (row.answered) this.keepAnswer(row.id, row.answered.json.length);
  }

  drop(id: string): void {
    this.rows.delete(id);
    const chars = this.answers.get(id);
    if (chars === undefined) return;
    this.answers.delete(id);
    this.answerChars -= chars;
  }

  /** Counts a new answer in; the oldest ones beyond ANSWERS_MAX_CHARS leave their rows (the newest stays). */
  private keepAnswer(id: string, chars: number): void {
    this.answers.set(id, chars);
    this.answerChars += chars;
    while (this.answerChars > ANSWERS_MAX_CHARS && this.answers.size > 1) {
      const [oldest, n] = this.answers.entries().next().value!;
      this.answers.delete(oldest);
      this.answerChars -= n;
      const row = this.rows.get(oldest);
      if (row) row.answered = undefined;
    }
  }

  /** The table of a hand seen lately (finished ones too: their views are read after the end). */
  route(handId: string): string | undefined {
    return this.rows.get(handId)?.homeTableId ?? this.routes.get(handId);
  }

  /**
   * Where a hand's rows are, for a request that names only the hand: the route this instance
   * remembers, or one read of `hand_tables` (docs/scaling.md "Finding a hand's table").
   */
  async locate(q: Queryable, handId: string): Promise<HandAt> {
    let tableId = this.route(handId);
    if (tableId === undefined) {
      tableId = await routeOf(q, handId);
      if (tableId === undefined) throw ApiError.of('HAND_NOT_FOUND', `no hand ${handId}`);
      this.setRoute(handId, tableId);
    }
    return { tableId, handId };
  }

  setRoute(handId: string, tableId: string): void {
    this.routes.delete(handId);
    this.routes.set(handId, tableId);
    if (this.routes.size > this.limit) this.routes.delete(this.routes.keys().next().value!);
  }
}
