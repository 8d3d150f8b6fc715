import type { Tx } from '../database/database.service.js';

/**
 * The passkeys store: every statement on `passkeys` and `passkey_challenges` (reference tables,
 * docs/scaling.md; written only when a passkey is added, used or removed).
 */
type Queryable = Pick<Tx, 'query'>;

/** A challenge's life: WebAuthn's own default timeout is five minutes. */
const CHALLENGE_MINUTES = 5;

export interface StoredPasskey {
  id: string;
  playerId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

/** A challenge handed out (`playerId` when a signed-in player adds a passkey); stale ones are swept at the same time. */
export async function putChallenge(q: Queryable, challenge: string, playerId: string | null): Promise<void> {
  await q.query('DELETE FROM passkey_challenges WHERE expires_at < now()');
  await q.query(`INSERT INTO passkey_challenges (challenge, player_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`, [
    challenge,
    playerId,
    CHALLENGE_MINUTES,
  ]);
}

/** Uses a challenge up: whether it was handed out to `playerId` (null: for signing in) and is still live. */
export async function takeChallenge(q: Queryable, challenge: string, playerId: string | null): Promise<boolean> {
  const { rows } = await q.query<{ player_id: string | null; live: boolean }>(
    'DELETE FROM passkey_challenges WHERE challenge = $1 RETURNING player_id, expires_at > now() AS live',
    [challenge],
  );
  return !!rows[0]?.live && rows[0].player_id === playerId;
}

export async function addPasskey(q: Queryable, p: StoredPasskey): Promise<void> {
  await q.query('INSERT INTO passkeys (id, player_id, public_key, counter, transports) VALUES ($1, $2, $3, $4, $5)', [
    p.id,
    p.playerId,
    Buffer.from(p.publicKey),
    p.counter,
    p.transports,
  ]);
}

export async function passkeyById(q: Queryable, id: string): Promise<StoredPasskey | undefined> {
  const { rows } = await q.query<{ id: string; player_id: string; public_key: Buffer; counter: string; transports: string[] }>(
    'SELECT id, player_id, public_key, counter, transports FROM passkeys WHERE id = $1',
    [id],
  );
  const r = rows[0];
  return (
    r && { id: r.id, playerId: r.player_id, publicKey: Uint8Array.from(r.public_key), counter: Number(r.counter), transports: r.transports }
  );
}

export interface PasskeyRow {
  id: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** A player's passkeys, the oldest first. */
export async function passkeysOf(q: Queryable, playerId: string): Promise<PasskeyRow[]> {
  const { rows } = await q.query<{ id: string; created_at: Date; last_used_at: Date | null }>(
    'SELECT id, created_at, last_used_at FROM passkeys WHERE player_id = $1 ORDER BY created_at, id',
    [playerId],
  );
  return rows.map((r) => ({ id: r.id, createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

/** Deletes one of a player's passkeys; false when it is not the player's (or no longer there). */
export async function deletePasskey(q: Queryable, playerId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query('DELETE FROM passkeys WHERE id = $1 AND player_id = $2', [id, playerId]);
  return rowCount === 1;
}

/** The credential ids a player holds (so the browser does not make a second passkey on one authenticator). */
export async function passkeyIdsOf(q: Queryable, playerId: string): Promise<{ id: string; transports: string[] }[]> {
  const { rows } = await q.query<{ id: string; transports: string[] }>('SELECT id, transports FROM passkeys WHERE player_id = $1', [
    playerId,
  ]);
  return rows;
}

/**
 * A sign-in with the passkey: its new signature counter and the moment. False when the passkey is
 * gone, removed while its answer was checked: the row lock makes a removal either come first
 * (no row here) or wait for this sign-in's commit.
 */
export async function passkeyUsed(q: Queryable, id: string, counter: number): Promise<boolean> {
  const { rowCount } = await q.query('UPDATE passkeys SET counter = $2, last_used_at = now() WHERE id = $1', [id, counter]);
  return rowCount === 1;
}
