import type { HandRecord } from '../../engine/index.js';
import type { SimGame } from './table-game.js';

/**
 * The seam between the simulator and storage. The audit reads hands back from the store and
 * computes everything from the stored record alone (as it would from the event log).
 *
 * `MemoryHandStore` keeps them in memory. A service-backed store would `POST /hand-records`
 * (auditor token) with the record plus the player id of every seat, and list hands back with
 * their seating and order: that needs the service to accept and keep `players` per seat on an
 * imported record, and to expose them with the record (see docs/audit.md).
 */
export interface StoredHand {
  handId: string;
  sequence: number;
  tableId: string;
  /** Player id per seat. */
  players: string[];
  record: HandRecord<SimGame>;
}

export interface HandStore {
  store(hand: Omit<StoredHand, 'handId'> & { handId?: string }): Promise<string>;
  /** All hands in `sequence` order. */
  list(): Promise<StoredHand[]>;
}

export class MemoryHandStore implements HandStore {
  private readonly hands: StoredHand[] = [];

  async store(hand: Omit<StoredHand, 'handId'> & { handId?: string }): Promise<string> {
    const handId = hand.handId ?? `H${this.hands.length}`;
    this.hands.push({ ...hand, handId });
    return handId;
  }

  async list(): Promise<StoredHand[]> {
    return this.hands.slice().sort((a, b) => a.sequence - b.sequence);
  }
}
