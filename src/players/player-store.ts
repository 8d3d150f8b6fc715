import { createHash } from 'node:crypto';
import { uuidFromDigest } from '../common/ids.js';
import type { DatabaseService, Tx } from '../database/database.service.js';

/**
 * The player store: every statement on `players`. A player is a name; its devices' tokens are
 * its sessions (session-store.ts); a bot is a player marked with its strength, with none. `players` is a reference table (docs/scaling.md): one copy
 * everywhere, so these reads never fan out.
 */
type Queryable = Pick<Tx, 'query'>;

/** A person and the session of the device that chose the name, in one write. */
export async function createPlayer(
  db: DatabaseService,
  p: { id: string; name: string; sessionId: string; tokenHash: string },
): Promise<{ id: string; name: string }> {
  return db.prisma.player.create({
    data: { id: p.id, name: p.name, sessions: { create: { id: p.sessionId, tokenHash: p.tokenHash, via: 'name' } } },
    select: { id: true, name: true },
  });
}

/**
 * The player a bot of `strength` in `seat` of the table is: one identity, however often the host
 * seats and removes it, so that filling a table does not grow the players without bound.
 */
export const botPlayerId = (tableId: string, seat: number, strength: string): string =>
  uuidFromDigest(createHash('sha256').update(`bot\n${tableId.toLowerCase()}\n${seat}\n${strength}`).digest('hex'));

/** A seated bot's identity, inside the transaction that seats it: created the first time, kept after. */
export async function createBot(tx: Tx, p: { id: string; name: string; strength: string }): Promise<void> {
  await tx.query('INSERT INTO players (id, name, bot) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [p.id, p.name, p.strength]);
}

export async function playerExists(q: Queryable, id: string): Promise<boolean> {
  return !!(await q.query('SELECT 1 FROM players WHERE id = $1', [id])).rowCount;
}

/** Which of `ids` are players of this service. */
export async function knownPlayers(q: Queryable, ids: string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM players WHERE id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** A player's name and, for a bot, its strength: the page says the strength in the reader's words. */
export interface NamedPlayer {
  id: string;
  name: string;
  /** a bot's strength (heuristic | random | strong); null for a person */
  bot: string | null;
}

/** A player's id, name and bot strength (GET /players/{id}), or none. */
export async function playerName(q: Queryable, id: string): Promise<NamedPlayer | undefined> {
  const { rows } = await q.query<NamedPlayer>({
    name: 'player-name',
    text: 'SELECT id, name, bot FROM players WHERE id = $1',
    values: [id],
  });
  return rows[0];
}

/** Those of `ids` that are players, named, by id. */
export async function playerNames(q: Queryable, ids: string[]): Promise<Map<string, NamedPlayer>> {
  const { rows } = await q.query<NamedPlayer>('SELECT id, name, bot FROM players WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}
