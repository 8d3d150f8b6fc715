import type { DatabaseService, Tx } from '../database/database.service.js';

/**
 * The sessions store: every statement on `player_sessions` and `link_codes`. A session is one
 * device's bearer token (its SHA-256 only); `players` and these are reference tables
 * (docs/scaling.md), so the token's look-up never fans out.
 */
type Queryable = Pick<Tx, 'query'>;

/** How a device signed in: by choosing the name, with a link code, or with a passkey. */
export type SessionVia = 'name' | 'link' | 'passkey';

export interface SessionRow {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  via: SessionVia;
}

/** The player holding a token and the session it is, by the token's hash (the caller resolver's look-up). */
export async function playerByTokenHash(
  q: Queryable,
  tokenHash: string,
): Promise<{ id: string; name: string; token_hash: string; session_id: string } | undefined> {
  const { rows } = await q.query<{ id: string; name: string; token_hash: string; session_id: string }>({
    name: 'player-by-token',
    text: `SELECT p.id, p.name, s.token_hash, s.id AS session_id
             FROM player_sessions s JOIN players p ON p.id = s.player_id WHERE s.token_hash = $1`,
    values: [tokenHash],
  });
  return rows[0];
}

/**
 * Notes that a session was used. Called when an instance resolves the token afresh (at most every
 * few seconds per instance), and written at most once a minute: `players` and its sessions are
 * copied to every node, so a write there is dear.
 */
export async function touchSession(q: Queryable, id: string): Promise<void> {
  await q.query({
    name: 'session-touch',
    text: "UPDATE player_sessions SET last_used_at = now() WHERE id = $1 AND last_used_at < now() - interval '1 minute'",
    values: [id],
  });
}

export async function createSession(q: Queryable, s: { id: string; playerId: string; tokenHash: string; via: SessionVia }): Promise<void> {
  await q.query('INSERT INTO player_sessions (id, player_id, token_hash, via) VALUES ($1, $2, $3, $4)', [
    s.id,
    s.playerId,
    s.tokenHash,
    s.via,
  ]);
}

/** A player's sessions, the oldest first. */
export async function sessionsOf(db: DatabaseService, playerId: string): Promise<SessionRow[]> {
  const rows = await db.prisma.playerSession.findMany({
    where: { playerId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, createdAt: true, lastUsedAt: true, via: true },
  });
  return rows.map((r) => ({ ...r, via: r.via as SessionVia }));
}

/** Deletes one of a player's sessions; answers the token hash it held, or none when it is not the player's. */
export async function deleteSession(q: Queryable, playerId: string, id: string): Promise<string | undefined> {
  const { rows } = await q.query<{ token_hash: string }>(
    'DELETE FROM player_sessions WHERE id = $1 AND player_id = $2 RETURNING token_hash',
    [id, playerId],
  );
  return rows[0]?.token_hash;
}

/** A rotation: the session's new token hash replaces its old one. */
export async function replaceTokenHash(q: Queryable, sessionId: string, tokenHash: string): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE player_sessions SET token_hash = $2 WHERE id = $1', [sessionId, tokenHash]);
  return rowCount === 1;
}

/** A new link code for the player, in place of any it held. */
export async function putLinkCode(q: Queryable, playerId: string, codeHash: string, expiresAt: Date): Promise<void> {
  await q.query(
    `INSERT INTO link_codes (code_hash, player_id, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (player_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at`,
    [codeHash, playerId, expiresAt],
  );
}

/**
 * Uses a link code up: the player it was issued to, when it is known and has not expired. The
 * delete is the once-only: of two devices sending the same code at once, one gets the row.
 */
export async function takeLinkCode(q: Queryable, codeHash: string): Promise<string | undefined> {
  const { rows } = await q.query<{ player_id: string; live: boolean }>(
    'DELETE FROM link_codes WHERE code_hash = $1 RETURNING player_id, expires_at > now() AS live',
    [codeHash],
  );
  return rows[0]?.live ? rows[0].player_id : undefined;
}
