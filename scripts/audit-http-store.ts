/**
 * The simulator's storage through the service: every hand goes in by `POST /hand-records`
 * (auditor token), the same import path and event store as a hand typed in from a paper score
 * sheet, and comes back by `GET /hands/{id}/record`. The audit then works from what the
 * service returns.
 *
 * The service's seating must name existing players (uuids): every simulated player ("P01", …)
 * is created once with `POST /players` (named after the simulated id) and mapped back when the
 * records are read, so the figures speak of the simulator's ids.
 */
import type { HandStore, StoredHand } from '../src/collusion/sim/store.js';
import type { components } from '../openapi/schema.js';
import { KartentischClient } from './lib/api-client.js';

type HandRecord = components['schemas']['HandRecord'];

export class HttpHandStore implements HandStore {
  private readonly ids: { handId: string; sequence: number; tableId: string }[] = [];
  private readonly playerIds = new Map<string, string>();
  private readonly simIds = new Map<string, string>();

  private readonly client: KartentischClient;
  private readonly auditor: { headers: { Authorization: string } };

  constructor(baseUrl: string, auditToken: string) {
    this.client = new KartentischClient(baseUrl);
    this.auditor = { headers: { Authorization: `Bearer ${auditToken}` } };
  }

  async store(hand: Omit<StoredHand, 'handId'> & { handId?: string }): Promise<string> {
    const body = { ...hand.record, seating: await Promise.all(hand.players.map((p) => this.playerId(p))) } as unknown as HandRecord;
    const { handId } = await this.client.call('POST /hand-records', () => this.client.api.POST('/hand-records', { body, ...this.auditor }));
    this.ids.push({ handId, sequence: hand.sequence, tableId: hand.tableId });
    return handId;
  }

  /** The service's id of a simulated player, created on first use. */
  private async playerId(simId: string): Promise<string> {
    const known = this.playerIds.get(simId);
    if (known) return known;
    const { id } = await this.client.createPlayer(simId);
    this.playerIds.set(simId, id);
    this.simIds.set(id, simId);
    return id;
  }

  /** simulated id → service id, for reading the service's audit back. */
  players(): ReadonlyMap<string, string> {
    return this.playerIds;
  }

  async list(): Promise<StoredHand[]> {
    const out: StoredHand[] = [];
    for (const { handId, sequence, tableId } of this.ids) {
      const exported = await this.client.call('GET /hands/{id}/record', () =>
        this.client.api.GET('/hands/{id}/record', { params: { path: { id: handId } }, ...this.auditor }),
      );
      const record = exported as unknown as StoredHand['record'] & { seating?: (string | null)[] };
      const players = record.seating ?? [];
      if (players.some((p) => p === null || p === undefined)) {
        throw new Error(`hand ${handId} came back without seating: the service must keep "seating" on import (docs/audit.md)`);
      }
      out.push({ handId, sequence, tableId, players: (players as string[]).map((p) => this.simIds.get(p) ?? p), record });
    }
    return out.sort((a, b) => a.sequence - b.sequence);
  }

  close(): void {
    this.client.close();
  }
}
