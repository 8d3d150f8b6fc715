import { Inject, Injectable } from '@nestjs/common';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import type { HandRow } from './hand-row.js';

/** A cached hand; when this instance wrote its last action, that action's answer (its actor's view, as sent). */
export type CachedHand = HandRow & { answered?: { seat: number; json: string } };

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

  constructor(@Inject(SETTINGS) settings: Settings) {
    this.limit = settings.handCacheSize;
  }

  get(id: string): CachedHand | undefined {
    return this.rows.get(id);
  }

  set(row: CachedHand): void {
    this.rows.delete(row.id);
    if (row.status !== 'active') return this.setRoute(row.id, row.homeTableId);
    this.rows.set(row.id, row);
    // Maps iterate in insertion order: the first key is the least recently written.
    if (this.rows.size > this.limit) this.rows.delete(this.rows.keys().next().value!);
  }

  drop(id: string): void {
    this.rows.delete(id);
  }

  /** The table of a hand seen lately (finished ones too: their views are read after the end). */
  route(handId: string): string | undefined {
    return this.rows.get(handId)?.homeTableId ?? this.routes.get(handId);
  }

  setRoute(handId: string, tableId: string): void {
    this.routes.delete(handId);
    this.routes.set(handId, tableId);
    if (this.routes.size > this.limit) this.routes.delete(this.routes.keys().next().value!);
  }
}
